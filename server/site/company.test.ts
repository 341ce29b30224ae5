/**
 * Issue 19 §5 "Company contact details": they come from configuration, the demo's values are
 * marked as examples, and a production start (NODE_ENV=production without DEMO_MODE=true)
 * refuses placeholders such as 555 numbers with a clear error: the real `node server/main.ts`
 * exits 78 (EX_CONFIG) naming each variable, before it opens any database.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { companyContact, parseSupportHours, placeholderProblems } from "../../lib/company.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { assertProductionContact } from "./company.ts";

const KEY = Buffer.alloc(32, 7).toString("base64");
const REAL = {
  COMPANY_ADDRESS: "1 Fleet Street, London EC4Y 1AA, United Kingdom",
  SUPPORT_PHONE: "+442071234567",
  EMERGENCY_PHONE: "+442071234568",
  SUPPORT_EMAIL: "support@lexatlas.co.uk",
  SUPPORT_HOURS: "weekdays=9-18;saturday=10-14;sunday=closed",
  SUPPORT_TIME_ZONE: "Europe/London",
};

describe("company contact details from configuration (issue 19 §5)", () => {
  it("defaults to the demo's example values, marked as examples", () => {
    const company = companyContact(loadConfig({}));
    expect(company).toMatchObject({
      address: "350 Fifth Avenue, New York, NY 10118, USA",
      phone: "+12125550100",
      emergencyPhone: "+12125550199",
      timeZone: "America/New_York",
      example: true,
    });
    expect(company.hours).toEqual([
      { days: "weekdays", hours: { from: 8, to: 20 } },
      { days: "saturday", hours: { from: 9, to: 17 } },
      { days: "sunday", hours: { from: 10, to: 16 } },
    ]);
  });
  it("takes configured values, which are not examples", () => {
    const company = companyContact(loadConfig(REAL));
    expect(company).toMatchObject({
      address: REAL.COMPANY_ADDRESS,
      phone: "+442071234567",
      timeZone: "Europe/London",
      example: false,
    });
    expect(company.hours.at(-1)).toEqual({ days: "sunday", hours: null });
  });
  it("refuses malformed values at load, naming the variable", () => {
    expect(() => loadConfig({ SUPPORT_PHONE: "212-555-0100" })).toThrow(
      /SUPPORT_PHONE: must be a phone number in E\.164/,
    );
    expect(() => loadConfig({ SUPPORT_TIME_ZONE: "Mars/Olympus" })).toThrow(
      /SUPPORT_TIME_ZONE: must be an IANA time zone/,
    );
    expect(() => loadConfig({ SUPPORT_HOURS: "mon-fri 9 to 5" })).toThrow(/SUPPORT_HOURS: must look like/);
    expect(parseSupportHours("weekdays=20-8")).toBeNull();
    expect(parseSupportHours("weekdays=9-25")).toBeNull();
  });
  it("finds each placeholder: 555 numbers, the demo address, reserved example domains", () => {
    expect(placeholderProblems(loadConfig(REAL))).toEqual([]);
    const problems = placeholderProblems(loadConfig({ ...REAL, SUPPORT_PHONE: "+13125550142" }));
    expect(problems).toEqual([
      expect.stringMatching(/^SUPPORT_PHONE: \+13125550142 is a fictional 555 number/),
    ]);
    expect(placeholderProblems(loadConfig({})).map((p) => p.split(":")[0])).toEqual([
      "COMPANY_ADDRESS",
      "SUPPORT_PHONE",
      "EMERGENCY_PHONE",
      "SUPPORT_EMAIL",
    ]);
  });
});

describe("a production start refuses placeholders (issue 19 §5)", () => {
  it("throws a ConfigError for NODE_ENV=production with placeholders, not in development or demo mode", () => {
    const prod = { NODE_ENV: "production", DOCUMENT_MASTER_KEY: KEY };
    expect(() => assertProductionContact(loadConfig(prod))).toThrow(ConfigError);
    expect(() => assertProductionContact(loadConfig(prod))).toThrow(
      /EMERGENCY_PHONE: \+12125550199 is a fictional 555 number/,
    );
    expect(() => assertProductionContact(loadConfig({ ...prod, ...REAL }))).not.toThrow();
    expect(() => assertProductionContact(loadConfig({ ...prod, DEMO_MODE: "true" }))).not.toThrow();
    expect(() => assertProductionContact(loadConfig({}))).not.toThrow();
  });

  const dataDir = mkdtempSync(path.join(os.tmpdir(), "lexatlas-company-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("stops `node server/main.ts` with exit code 78 and a message naming each placeholder", async () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const child = spawn(process.execPath, [path.join(root, "server/main.ts")], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "production",
        DOCUMENT_MASTER_KEY: KEY,
        DATA_DIR: dataDir,
        PORT: "0",
        LOG_LEVEL: "silent",
        SUPPORT_PHONE: "+12125550123",
      },
    });
    let stderr = "";
    child.stderr.on("data", (d) => {
      stderr += String(d);
    });
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(78);
    expect(stderr).toContain("NODE_ENV=production without DEMO_MODE=true");
    expect(stderr).toMatch(/SUPPORT_PHONE: \+12125550123 is a fictional 555 number/);
    expect(stderr).toContain("COMPANY_ADDRESS");
  }, 30_000);
});
