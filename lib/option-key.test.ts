/**
 * Catalog keys of the spec's option lists (issue 14 §1; lib/option-key.ts): each stored value
 * has a key, and every value of the lists shown in the intake forms (spec §9) has an English
 * label equal to the value (or its capitalised form) in its catalog.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  CASE_PRIORITIES,
  CASE_STATUSES,
  CASE_TYPES,
  COMMUNICATION_METHODS,
  CONTACT_CATEGORIES,
} from "./constants.ts";
import { optionKey } from "./option-key.ts";

const catalog = (ns: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, "i18n/catalogs/en", `${ns}.json`), "utf8"));

describe("optionKey", () => {
  it("turns a stored value into a lower-camel key", () => {
    expect(optionKey("Car Accident")).toBe("carAccident");
    expect(optionKey("Slip and Fall")).toBe("slipAndFall");
    expect(optionKey("Media & Press")).toBe("mediaPress");
    expect(optionKey("in-person")).toBe("inPerson");
    expect(optionKey("medium")).toBe("medium");
  });
  it("gives every option of the case and contact forms its English label", () => {
    const cases = catalog("cases");
    const contact = catalog("contact");
    for (const v of CASE_TYPES) expect(cases.caseTypes[optionKey(v)], v).toBe(v);
    for (const v of CASE_PRIORITIES) expect(cases.priorities[optionKey(v)], v).toBeTypeOf("string");
    for (const v of COMMUNICATION_METHODS) expect(cases.communication[optionKey(v)], v).toBeTypeOf("string");
    for (const v of CASE_STATUSES) expect(cases.statuses[optionKey(v)], v).toBeTypeOf("string");
    for (const v of CONTACT_CATEGORIES) expect(contact.categories[optionKey(v)], v).toBe(v);
    for (const v of CASE_PRIORITIES) expect(contact.priorities[v], v).toContain("{hours}");
  });
});
