/**
 * The verification screens in every locale (issue 15 §2; issue 14 §1 "every page in every
 * locale"): the lawyer's /dashboard/verification and the moderator's /admin/verification/:id,
 * server-rendered as a page in each of the eight locales, show their headings, forms and states
 * in that language (no catalog key left as text), a rejection's reason, translated field errors,
 * and the proof links to the authorised download route, never a storage key. The decision email
 * has its own text in every locale.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "../../../lib/i18n/locales.ts";
import { msg } from "../../../lib/i18n/message.ts";
import { INVALID_CHARACTERS_MESSAGE } from "../../../lib/input-boundary.ts";
import { textOf } from "../../../server/email/templates/layout.ts";
import { verificationDecisionContent } from "../../../server/email/templates/verification-decision.ts";
import type { OwnerVerificationView, StaffRequestView } from "../../../server/verification/requests.ts";
import { renderInLocale } from "../../../tests/support/render-in-locale.tsx";
import { ensureLocale, getT } from "../../i18n/i18n";
import { VerificationPage } from "./VerificationPage";
import { VerificationReview } from "./VerificationReview";

const PROOF_ID = "3f1c2a9e-8b7d-4c6e-9f00-1a2b3c4d5e6f";
const view: OwnerVerificationView = {
  lawyerId: 42,
  listingName: "Rosa Díaz",
  admissions: [
    {
      id: 7,
      countryCode: "US",
      region: "California",
      regulator: "State Bar of California",
      licenceNumber: "301234",
      yearAdmitted: 2012,
      status: "active",
      licenceStatus: "pending",
    },
  ],
  checks: [
    {
      id: 1,
      kind: "licence",
      admissionId: 7,
      status: "pending",
      method: null,
      source: null,
      sourceUrl: null,
      checkedOn: null,
      nextCheckDue: null,
      details: null,
    },
  ],
  discipline: [
    {
      id: 3,
      date: "2020-05-01",
      outcome: "Public reproval",
      regulator: "State Bar of California",
      sourceUrl: null,
      lawyerStatement: null,
    },
  ],
  requests: [
    {
      id: 9,
      lawyerId: 42,
      kinds: ["licence"],
      admissionIds: [7],
      details: { carrier: "Allianz", cover: "1,000,000", expiry: "2027-06-30" },
      note: "Certificate attached.",
      status: "rejected",
      decisionReason: "The number is not on the register.",
      decidedAt: "2026-11-20T10:00:00.000Z",
      createdAt: "2026-11-19T10:00:00.000Z",
      proofs: [{ id: PROOF_ID, fileName: "certificate.pdf", fileType: "pdf", fileSize: 1200 }],
    },
  ],
};
const pending = {
  ...(view.requests[0] as StaffRequestView["request"]),
  status: "pending" as const,
  decisionReason: null,
};
const staffView: StaffRequestView = {
  ...view,
  request: pending,
  ownerEmail: "rosa@example.org",
  registers: { 7: "https://apps.calbar.ca.gov/attorney/LicenseeSearch/QuickSearch" },
};

beforeAll(async () => {
  for (const locale of LOCALES) await ensureLocale(locale);
});

const prefix = (locale: Locale) => (locale === "en" ? "" : `/${locale.toLowerCase()}`);

describe("the verification screens in every locale", () => {
  it.each(LOCALES)("the lawyer's page in %s", (locale) => {
    const t = getT(locale, "listing");
    const html = renderInLocale(
      locale,
      `${prefix(locale)}/dashboard/verification`,
      <VerificationPage
        view={view}
        notice={null}
        failure={{
          intent: "request",
          message: msg("errors:verification.invalid"),
          fieldErrors: { insuranceCarrier: msg("errors:verification.invalid") },
          values: { insuranceCover: "2,000,000" },
        }}
      />,
    );
    for (const key of [
      "title",
      "requestTitle",
      "admissionsTitle",
      "submit",
      "addAdmission",
      "disciplineTitle",
    ])
      expect(html, `${locale} ${key}`).toContain(t(`verification.${key}`).replace(/'/g, "&#x27;"));
    expect(html).toContain(
      t("verification.rejectedReason", { reason: "The number is not on the register." }).replace(
        /'/g,
        "&#x27;",
      ),
    );
    expect(html).toContain(getT(locale, "errors")("verification.invalid").replace(/'/g, "&#x27;"));
    expect(html).toContain('value="2,000,000"');
    expect(html).toContain(`href="/verification/proofs/${PROOF_ID}"`);
    expect(html).toContain(`action="${prefix(locale)}/dashboard/verification"`);
    expect(html).not.toMatch(/>\s*verification\.[a-zA-Z]/);
  });

  it.each(LOCALES)(
    "the bar-admission form in %s shows the input boundary's error under the field it names, with what was typed (issue 27 §3)",
    (locale) => {
      const html = renderInLocale(
        locale,
        `${prefix(locale)}/dashboard/verification`,
        <VerificationPage
          view={{ ...view, admissions: [] }}
          notice={null}
          failure={{
            intent: "admission-new",
            message: INVALID_CHARACTERS_MESSAGE,
            fieldErrors: { regulator: INVALID_CHARACTERS_MESSAGE },
            values: {
              countryCode: "US",
              regulator: "State Bar\u0000 of California",
              licenceNumber: "301234",
            },
          }}
        />,
      );
      const text = getT(locale, "validation")("invalidCharacters").replace(/'/g, "&#x27;");
      const input = /<input[^>]*name="regulator"[^>]*>/.exec(html)?.[0] ?? "";
      expect(input).toContain('aria-invalid="true"');
      const described = /aria-describedby="([^"]+)"/.exec(input)?.[1] ?? "";
      const errorId = described.split(" ").find((id) => id.endsWith("-error")) ?? "";
      expect(html).toMatch(
        new RegExp(`id="${errorId}"[^>]*>${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}<`),
      );
      expect(input).toContain('value="State Bar\u0000 of California"');
      expect(html).toMatch(/<input[^>]*name="licenceNumber"[^>]*value="301234"/);
    },
  );

  it.each(LOCALES)("the moderator's screen in %s", (locale) => {
    const t = getT(locale, "admin");
    const html = renderInLocale(
      locale,
      `${prefix(locale)}/admin/verification/9`,
      <VerificationReview view={staffView} registers={staffView.registers} notice={null} failure={null} />,
    );
    for (const key of ["approveTitle", "rejectTitle", "reason", "approve", "reject", "proofs", "registerUrl"])
      expect(html, `${locale} ${key}`).toContain(t(`verification.${key}`).replace(/'/g, "&#x27;"));
    expect(html).toContain(`action="${prefix(locale)}/admin/verification/9"`);
    expect(html).toContain(`href="/verification/proofs/${PROOF_ID}"`);
    expect(html).toContain('href="https://apps.calbar.ca.gov/attorney/LicenseeSearch/QuickSearch"');
    expect(html).toMatch(/<textarea[^>]*name="reason"[^>]*required/);
    expect(html).not.toMatch(/>\s*verification\.[a-zA-Z]/);
  });

  it.each(LOCALES)("the decision email in %s", (locale) => {
    const content = verificationDecisionContent(
      {
        name: "Rosa",
        approved: false,
        kinds: ["licence", "insurance"],
        reason: "Not on the register.",
        link: "https://x/d",
      },
      locale,
    );
    const text = textOf(content);
    expect(content.subject).not.toContain("verificationDecision");
    expect(text).toContain("Not on the register.");
    expect(text).not.toContain("verificationDecision");
    if (locale !== "en")
      expect(content.subject).not.toBe(
        verificationDecisionContent({ name: "R", approved: false, kinds: [], reason: null, link: "" }, "en")
          .subject,
      );
  });
});
