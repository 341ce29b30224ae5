/**
 * Unit tests of the case form's rules (CaseFormModel.ts; spec §4 "Case form", §5, §9; issue 4):
 * defaults and prefill, when Next may be pressed, the shared schema's field errors, the browser's
 * document checks (type, 10 MB, 10 files), the multipart body, and how every answer of POST
 * /api/cases is read and placed in the dialog.
 */
import { describe, expect, it } from "vitest";
import {
  CASE_DOCUMENT_MAX_BYTES,
  CASE_DOCUMENT_MAX_COUNT,
  CASE_FIELD_MESSAGES,
  CaseSubmissionSchema,
} from "../../../lib/cases.ts";
import { translateMessage } from "../../../lib/i18n/message.ts";
import { getT } from "../../i18n/i18n";
import {
  addDocuments,
  CASE_DROPZONE_ACCEPT,
  CASE_NETWORK_MESSAGE,
  type CaseFormValues,
  caseFailureText,
  caseFieldErrors,
  caseFormData,
  casePayload,
  caseStepErrors,
  formatFileSize,
  formatWait,
  initialCaseValues,
  placeCaseFailure,
  readCaseAnswer,
  stepIsFilled,
} from "./CaseFormModel";

/** A message (a catalog reference or text) as an English page shows it. */
const en = (message: string) => translateMessage(getT("en", "cases"), message);

const FILLED: CaseFormValues = {
  ...initialCaseValues(null),
  caseTitle: "Rear-ended at a red light",
  caseType: "Car Accident",
  description: "A van hit my car from behind on 3 March.",
  clientName: "Dana Visitor",
  clientEmail: "dana@example.test",
  clientPhone: "+1 416 555 0123",
  healthDataConsent: "true",
};

/** A file of `size` bytes named `name` (contents do not matter to the browser checks). */
function file(name: string, size: number, lastModified = 1): File {
  return new File([new Uint8Array(size)], name, { type: "application/octet-stream", lastModified });
}

describe("initialCaseValues", () => {
  it("starts with priority medium and communication email, everything else empty (spec §5)", () => {
    const v = initialCaseValues(null);
    expect(v.priority).toBe("medium");
    expect(v.preferredCommunication).toBe("email");
    expect(v.caseTitle).toBe("");
    expect(v.budget).toBe("");
    expect(v.clientName).toBe("");
  });
  it("fills the signed-in client's name and email (issue 4)", () => {
    const v = initialCaseValues({ clientName: "Ana Client", clientEmail: "ana@example.test" });
    expect(v.clientName).toBe("Ana Client");
    expect(v.clientEmail).toBe("ana@example.test");
  });
});

describe("stepIsFilled (spec §4: Next only when the step's required fields are filled)", () => {
  it("step 1 needs caseTitle, caseType and description", () => {
    expect(stepIsFilled(1, initialCaseValues(null))).toBe(false);
    expect(stepIsFilled(1, FILLED)).toBe(true);
    for (const field of ["caseTitle", "caseType", "description"] as const) {
      expect(stepIsFilled(1, { ...FILLED, [field]: "   " }), field).toBe(false);
    }
    // Optional fields of step 1 do not matter.
    expect(stepIsFilled(1, { ...FILLED, dateNeeded: "", priority: "" })).toBe(true);
  });
  it("step 2 needs clientName, clientEmail and clientPhone", () => {
    expect(stepIsFilled(2, initialCaseValues(null))).toBe(false);
    expect(stepIsFilled(2, FILLED)).toBe(true);
    for (const field of ["clientName", "clientEmail", "clientPhone"] as const) {
      expect(stepIsFilled(2, { ...FILLED, [field]: "" }), field).toBe(false);
    }
  });
  it("step 3 (documents) needs the health-data consent ticked (issue 17 §1)", () => {
    expect(stepIsFilled(3, initialCaseValues(null))).toBe(false);
    expect(stepIsFilled(3, FILLED)).toBe(true);
  });
});

describe("caseFieldErrors and caseStepErrors (the shared schema of lib/cases.ts)", () => {
  it("a filled form has no errors and its payload passes the server's schema", () => {
    expect(caseFieldErrors(FILLED, 42)).toEqual({});
    const parsed = CaseSubmissionSchema.parse(casePayload(FILLED, 42));
    expect(parsed).toMatchObject({ lawyerId: 42, priority: "medium", preferredCommunication: "email" });
    expect(parsed.budget).toBeUndefined();
    expect(parsed.dateNeeded).toBeUndefined();
  });
  it("names each bad field with the schema's message", () => {
    const errors = caseFieldErrors(
      { ...FILLED, clientEmail: "not-an-email", caseTitle: "x".repeat(256), clientPhone: "call me" },
      42,
    );
    expect(errors.clientEmail).toBe(CASE_FIELD_MESSAGES.clientEmail);
    expect(errors.caseTitle).toBe(CASE_FIELD_MESSAGES.tooLong(255));
    expect(errors.clientPhone).toBe(CASE_FIELD_MESSAGES.clientPhone);
    expect(errors.description).toBeUndefined();
  });
  it("an empty case type asks to choose one; an unknown budget is an error, an empty one is not", () => {
    expect(caseFieldErrors({ ...FILLED, caseType: "" }, 42).caseType).toBe(CASE_FIELD_MESSAGES.caseType);
    expect(caseFieldErrors({ ...FILLED, budget: "A lot" }, 42).budget).toBeDefined();
    expect(caseFieldErrors({ ...FILLED, budget: "$100,000+" }, 42)).toEqual({});
  });
  it("a step's errors are only those of its own fields", () => {
    const bad = { ...FILLED, caseTitle: " ", clientEmail: "nope" };
    expect(Object.keys(caseStepErrors(1, bad, 42))).toEqual(["caseTitle"]);
    expect(Object.keys(caseStepErrors(2, bad, 42))).toEqual(["clientEmail"]);
    expect(caseStepErrors(3, bad, 42)).toEqual({});
  });
  it("issue 17: without the consent the error is on healthDataConsent, placed on step 3", () => {
    const errors = caseFieldErrors({ ...FILLED, healthDataConsent: "" }, 42);
    expect(errors).toEqual({ healthDataConsent: CASE_FIELD_MESSAGES.healthDataConsent });
    expect(caseStepErrors(3, { ...FILLED, healthDataConsent: "" }, 42)).toEqual(errors);
    expect(placeCaseFailure({ status: 400, fieldErrors: errors })).toEqual({
      kind: "field",
      field: "healthDataConsent",
      step: 3,
    });
  });
  it("issue 17: the conflict-check facts are optional step-1 fields with their own checks", () => {
    const facts = {
      ...FILLED,
      otherParty: "Acme Ltd",
      incidentPlace: "Lyon, France",
      incidentDate: "2024-05-01",
    };
    expect(caseFieldErrors(facts, 42)).toEqual({});
    expect(CaseSubmissionSchema.parse(casePayload(facts, 42))).toMatchObject({
      otherParty: "Acme Ltd",
      incidentPlace: "Lyon, France",
      incidentDate: "2024-05-01",
      healthDataConsent: true,
    });
    const bad = caseStepErrors(1, { ...facts, incidentDate: "1850-01-01", otherParty: "x".repeat(256) }, 42);
    expect(bad.incidentDate).toBe(CASE_FIELD_MESSAGES.incidentDate);
    expect(bad.otherParty).toBe(CASE_FIELD_MESSAGES.tooLong(255));
  });
});

describe("addDocuments (spec §5, issue 4: pdf, doc, docx, jpg, jpeg, png; 10 MB; 10 files)", () => {
  it("adds accepted files by name, in any letter case", () => {
    const { files, errors } = addDocuments(
      [],
      [file("report.pdf", 10), file("SCAN.JPEG", 10), file("a.docx", 5)],
    );
    expect(files.map((f) => f.name)).toEqual(["report.pdf", "SCAN.JPEG", "a.docx"]);
    expect(errors).toEqual([]);
  });
  it("refuses a file over 10 MB with its size, and keeps the others", () => {
    const { files, errors } = addDocuments(
      [file("a.pdf", 1)],
      [file("big.pdf", 11 * 1024 * 1024), file("b.png", 2)],
    );
    expect(files.map((f) => f.name)).toEqual(["a.pdf", "b.png"]);
    expect(errors.map(en)).toEqual([
      "big.pdf was not added: it is 11 MB, and each file can be at most 10 MB.",
    ]);
  });
  it("says 'over 10 MB' for a file just past the limit, never a size that reads as allowed", () => {
    const { errors } = addDocuments([], [file("edge.png", CASE_DOCUMENT_MAX_BYTES + 1)]);
    expect(errors.map(en)).toEqual([
      "edge.png was not added: it is over 10 MB, and each file can be at most 10 MB.",
    ]);
  });
  it("accepts a file of exactly 10 MB", () => {
    expect(addDocuments([], [file("edge.pdf", CASE_DOCUMENT_MAX_BYTES)]).files).toHaveLength(1);
  });
  it("refuses other types, empty files and the same file twice", () => {
    const a = file("a.pdf", 3, 7);
    const { files, errors } = addDocuments(
      [a],
      [file("virus.exe", 3), file("empty.pdf", 0), file("a.pdf", 3, 7)],
    );
    expect(files).toEqual([a]);
    expect(errors.map(en)).toEqual([
      "virus.exe was not added: only pdf, doc, docx, jpg, jpeg, png files are accepted.",
      "empty.pdf was not added: the file is empty.",
      "a.pdf is already attached.",
    ]);
  });
  it("stops at 10 files and says which were not added", () => {
    const ten = Array.from({ length: CASE_DOCUMENT_MAX_COUNT }, (_, i) => file(`f${i}.pdf`, 1, i));
    const { files, errors } = addDocuments(ten.slice(0, 9), [ten[9] as File, file("eleven.pdf", 1, 99)]);
    expect(files).toHaveLength(10);
    expect(errors.map(en)).toEqual(["eleven.pdf was not added: a case can carry at most 10 documents."]);
  });
  it("the Dropzone accepts each media type with its extensions", () => {
    expect(CASE_DROPZONE_ACCEPT["image/jpeg"]).toEqual([".jpg", ".jpeg"]);
    expect(CASE_DROPZONE_ACCEPT["application/pdf"]).toEqual([".pdf"]);
    expect(Object.values(CASE_DROPZONE_ACCEPT).flat()).toHaveLength(6);
  });
});

describe("caseFormData (multipart body of POST /api/cases)", () => {
  it("carries every non-empty field, lawyerId and one documents part per file", async () => {
    const body = caseFormData({ ...FILLED, budget: "", dateNeeded: "2030-01-02" }, 42, [
      file("a.pdf", 3),
      file("b.png", 4),
    ]);
    expect(body.get("lawyerId")).toBe("42");
    expect(body.get("caseTitle")).toBe(FILLED.caseTitle);
    expect(body.get("dateNeeded")).toBe("2030-01-02");
    expect(body.has("budget")).toBe(false);
    const docs = body.getAll("documents") as File[];
    expect(docs.map((d) => [d.name, d.size])).toEqual([
      ["a.pdf", 3],
      ["b.png", 4],
    ]);
  });
});

describe("readCaseAnswer", () => {
  const created = {
    case: {
      id: "c1",
      lawyerId: 42,
      lawyerName: "Ana Müller",
      caseTitle: "T",
      caseType: "Other",
      priority: "medium",
      status: "pending",
      createdAt: "2030-01-01T00:00:00.000Z",
      documents: [],
    },
    caseUrl: null,
  };
  it("201 with the case is success", () => {
    expect(readCaseAnswer(201, JSON.stringify(created), null)).toEqual({ ok: true, result: created });
  });
  it("400 carries the server's message and field", () => {
    const body = JSON.stringify({
      message: "Enter a valid email address.",
      fieldErrors: { clientEmail: ["Enter a valid email address."] },
    });
    expect(readCaseAnswer(400, body, null)).toEqual({
      ok: false,
      status: 400,
      message: "Enter a valid email address.",
      fieldErrors: { clientEmail: "Enter a valid email address." },
    });
  });
  it("400 with fieldErrors (the { message, fieldErrors } body) keeps the first message of each field", () => {
    const body = JSON.stringify({
      message: "Please check the highlighted fields.",
      fieldErrors: { clientEmail: ["Enter a valid email address.", "second"], caseTitle: ["Enter a title."] },
    });
    expect(readCaseAnswer(400, body, null)).toEqual({
      ok: false,
      status: 400,
      message: "Please check the highlighted fields.",
      fieldErrors: { clientEmail: "Enter a valid email address.", caseTitle: "Enter a title." },
    });
  });
  it("429 adds the wait from Retry-After", () => {
    const out = readCaseAnswer(
      429,
      JSON.stringify({ message: "Too many cases sent from your network" }),
      "1800",
    );
    expect(out).toEqual({
      ok: false,
      status: 429,
      message: "Too many cases sent from your network",
      retryAfterSeconds: 1800,
    });
    if (out.ok) throw new Error("failure expected");
    expect(caseFailureText(getT("en", "cases"), out)).toBe(
      "Too many cases sent from your network. Please try again in 30 minutes.",
    );
    expect(caseFailureText(getT("en", "cases"), out, "de")).toContain("30 Minuten");
  });
  it("no answer, or an answer that is not the JSON contract, is a failure with a plain message", () => {
    expect(readCaseAnswer(0, "", null)).toEqual({ ok: false, status: 0, message: CASE_NETWORK_MESSAGE });
    const network = readCaseAnswer(0, "", null);
    expect(!network.ok && en(network.message)).toBe(
      "We could not reach the server. Check your connection and try again.",
    );
    const gateway = readCaseAnswer(502, "<html>Bad gateway</html>", null);
    expect(gateway).toMatchObject({ ok: false, status: 502 });
    expect(!gateway.ok && en(gateway.message)).toBe("Something went wrong on our side. Please try again.");
    expect(readCaseAnswer(201, "{}", null)).toMatchObject({ ok: false, status: 201 });
    const refused = readCaseAnswer(404, "", null);
    expect(!refused.ok && en(refused.message)).toBe("The server refused the case (HTTP 404).");
  });
});

describe("placeCaseFailure (where the dialog shows the server's message)", () => {
  it("a 400 about form fields goes next to the first of them in the form's order, on its step", () => {
    expect(placeCaseFailure({ status: 400, fieldErrors: { budget: "x", clientPhone: "y" } })).toEqual({
      kind: "field",
      field: "clientPhone",
      step: 2,
    });
    expect(placeCaseFailure({ status: 400, fieldErrors: { caseType: "x" } })).toEqual({
      kind: "field",
      field: "caseType",
      step: 1,
    });
  });
  it("bad or too large files (413, 415, 422, field documents) go to the documents step", () => {
    for (const status of [413, 415, 422])
      expect(placeCaseFailure({ status })).toEqual({ kind: "documents", step: 3 });
    expect(placeCaseFailure({ status: 400, fieldErrors: { documents: "x" } })).toEqual({
      kind: "documents",
      step: 3,
    });
  });
  it("anything else (unknown lawyer, rate limit, network, a field the form lacks) goes above the buttons", () => {
    for (const status of [0, 403, 404, 429, 500])
      expect(placeCaseFailure({ status })).toEqual({ kind: "form" });
    expect(placeCaseFailure({ status: 400, fieldErrors: { lawyerId: "x" } })).toEqual({ kind: "form" });
  });
});

describe("formatFileSize and formatWait", () => {
  it("formats sizes", () => {
    expect(formatFileSize(10 * 1024 * 1024)).toBe("10 MB");
    expect(formatFileSize(1.45 * 1024 * 1024)).toBe("1.4 MB");
    expect(formatFileSize(2048)).toBe("2 KB");
    expect(formatFileSize(12)).toBe("12 bytes");
  });
  it("formats waits, rounding up", () => {
    expect(formatWait(1)).toBe("1 second");
    expect(formatWait(59.2)).toBe("60 seconds");
    expect(formatWait(61)).toBe("2 minutes");
    expect(formatWait(60)).toBe("1 minute");
    expect(formatWait(3601)).toBe("2 hours");
  });
  it("writes sizes and waits for the page's locale (issue 14 §2)", () => {
    expect(formatFileSize(1.45 * 1024 * 1024, "de")).toBe("1,4 MB");
    expect(formatFileSize(12, "de")).toBe("12 Byte");
    expect(formatWait(61, "fr")).toBe("2 minutes");
    expect(formatWait(3601, "ja")).toBe("2 時間");
  });
});
