/**
 * "Where are you?" in the wizard (issue 19 §2): the place and the browser position go into the
 * payload only when given, pass AssessmentSchema, and survive a reload from storage (a malformed
 * stored position is dropped).
 */
import { describe, expect, it } from "vitest";
import { AssessmentSchema, newSessionId } from "../../../lib/personality.ts";
import { initialAnswers, toPayload, type WizardAnswers } from "./wizard";
import { parseStoredAnswers, serializeAnswers } from "./wizard-storage";

const complete = (over: Partial<WizardAnswers> = {}): WizardAnswers => ({
  ...initialAnswers("DE"),
  communicationPreference: "direct",
  approachPreference: "methodical",
  priorityFocus: "results",
  caseType: "Car Accidents",
  caseComplexity: "simple",
  timePreference: "flexible",
  ...over,
});

describe("the assessment's place", () => {
  it("is optional: no place, no position in the payload", () => {
    const p = toPayload(newSessionId(), complete());
    expect(p).not.toHaveProperty("place");
    expect(p).not.toHaveProperty("near");
    expect(AssessmentSchema.parse(p).near).toBeUndefined();
  });

  it("sends the typed place and the browser position, which the schema reads as degrees", () => {
    const p = toPayload(newSessionId(), complete({ place: "  Hamburg ", near: "53.5507,9.993" }));
    expect(p.place).toBe("Hamburg");
    const a = AssessmentSchema.parse(p);
    expect(a.near).toEqual({ lat: 53.5507, lng: 9.993 });
    expect(a.place).toBe("Hamburg");
  });

  it("rejects a position out of range or malformed, naming near", () => {
    const bad = AssessmentSchema.safeParse({ ...toPayload(newSessionId(), complete()), near: "91,10" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path[0]).toBe("near");
    const text = AssessmentSchema.safeParse({ ...toPayload(newSessionId(), complete()), near: "Hamburg" });
    expect(text.success).toBe(false);
  });

  it("is kept across a reload; a malformed stored position is dropped", () => {
    const stored = serializeAnswers(complete({ place: "Köln", near: "50.94,6.96" }));
    expect(parseStoredAnswers(stored, new Set(["DE"]), "DE")).toMatchObject({
      place: "Köln",
      near: "50.94,6.96",
    });
    const broken = stored.replace("50.94,6.96", "x,y");
    expect(parseStoredAnswers(broken, new Set(["DE"]), "DE")).toMatchObject({ place: "Köln", near: "" });
  });
});
