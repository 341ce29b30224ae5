/**
 * "History of my listing" (issue 28 §5: it showed the raw before/after JSON of the audit log,
 * running off the card). Rendered on the server in all eight locales with an entry of every kind
 * the audit log writes about a listing (server/audit callers) and with generated entries: no JSON
 * (no `{`, `"`, `[` of a stored value) reaches the text, every field is named by a catalog label
 * (never its key), values are written for the reader (dates as the same day for a visitor in
 * Auckland, languages and countries by name), and stored text is isolated for right-to-left pages.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { formatCalendarDate } from "../../../lib/i18n/calendar-date.ts";
import { LOCALES, type Locale } from "../../../lib/i18n/locales.ts";
import { languageName } from "../../../lib/languages.ts";
import type { AuditRow } from "../../../server/audit/index.ts";
import { renderInLocale, visibleText } from "../../../tests/support/render-in-locale.tsx";
import { ensureLocale, getT } from "../../i18n/i18n";
import { ListingHistory } from "./ListingHistory";

const ME = "6f1c2a9e-8b7d-4c6e-9f00-1a2b3c4d5e6f";

let id = 0;
/** An audit row about listing 42, as listingHistory answers it. */
function row(action: string, before: unknown, after: unknown, extra: Partial<AuditRow> = {}): AuditRow {
  id += 1;
  return {
    id,
    at: "2026-03-01T23:30:00.000Z",
    actorRole: "lawyer",
    actorEmail: "me@example.org",
    action,
    subjectType: "listing",
    subjectId: "42",
    before,
    after,
    reason: null,
    ip: null,
    ...extra,
  };
}

/** One entry of every shape the product writes about a listing (server/audit callers). */
const LISTING_ENTRIES: AuditRow[] = [
  row("listing.claimed", { ownerUserId: null }, { ownerUserId: ME }),
  row("listing.created", null, { ownerUserId: ME, verified: false, verificationStatus: "pending" }),
  row("verification.admission_added", null, {
    admissionId: 7,
    countryCode: "DE",
    region: "Berlin",
    regulator: "Rechtsanwaltskammer Berlin",
    licenceNumber: "RAK-12345",
    yearAdmitted: 2012,
  }),
  row(
    "verification.admission_updated",
    {
      admissionId: 7,
      countryCode: "DE",
      region: "Berlin",
      regulator: "Rechtsanwaltskammer Berlin",
      licenceNumber: "RAK-12345",
      yearAdmitted: 2012,
      licenceStatus: "verified",
    },
    {
      admissionId: 7,
      countryCode: "AT",
      region: null,
      regulator: "Rechtsanwaltskammer Wien",
      licenceNumber: "W-99",
      yearAdmitted: 2011,
      licenceStatus: "unverified",
      experienceStatus: "unverified",
    },
  ),
  row(
    "verification.requested",
    { "licence#7": "unverified", insurance: null },
    { requestId: 9, checks: { "licence#7": "pending", insurance: "pending" }, proofs: 2 },
    { reason: "Certificate attached." },
  ),
  row(
    "verification.approved",
    { requestId: 9, status: "pending", checks: { "licence#7": "pending" } },
    {
      requestId: 9,
      status: "approved",
      checks: { "licence#7": "verified" },
      method: "register_lookup",
      registerUrl:
        "https://www.rak-berlin.de/register/verzeichnis-der-rechtsanwaelte-und-rechtsanwaeltinnen?id=RAK-12345",
    },
    { actorRole: "moderator", actorEmail: null },
  ),
  row(
    "verification.discipline_statement",
    { recordId: 3, lawyerStatement: null },
    { recordId: 3, lawyerStatement: "The matter was settled in 2019; I have since completed the course." },
  ),
  row(
    "verification.lapsed",
    { checkId: 12, kind: "licence", status: "verified", nextCheckDue: "2026-03-01" },
    { checkId: 12, kind: "licence", status: "lapsed", nextCheckDue: "2026-03-31" },
    {
      actorRole: "system",
      actorEmail: null,
      reason: "Due date 2026-03-31 passed without a re-check (daily monitoring job).",
    },
  ),
  row(
    "verification.register_import",
    {
      checkId: 12,
      admissionId: 7,
      status: "lapsed",
      method: null,
      source: null,
      sourceUrl: null,
      checkedOn: null,
      nextCheckDue: null,
    },
    {
      checkId: 12,
      admissionId: 7,
      status: "verified",
      method: "dataset_import",
      source: "Rechtsanwaltskammer Berlin",
      sourceUrl: "https://example.org/register.csv",
      checkedOn: "2026-03-01",
      nextCheckDue: "2027-03-01",
    },
    { actorRole: "system", actorEmail: null },
  ),
  row(
    "verification.rechecked",
    {
      checkId: 12,
      kind: "licence",
      status: "lapsed",
      method: "register_lookup",
      source: "RAK",
      sourceUrl: null,
      checkedOn: "2025-03-01",
      nextCheckDue: "2026-03-01",
    },
    {
      checkId: 12,
      kind: "licence",
      status: "verified",
      method: "register_lookup",
      source: "RAK",
      sourceUrl: null,
      checkedOn: "2026-03-01",
      nextCheckDue: "2027-03-01",
    },
    { actorRole: "moderator", actorEmail: null },
  ),
  row(
    "listing.hidden",
    { hidden: false, hiddenReason: null },
    { hidden: true, hiddenReason: "misconduct" },
    {
      actorRole: "moderator",
      actorEmail: null,
    },
  ),
  row(
    "listing.restored",
    { hidden: true, hiddenReason: "misconduct" },
    { hidden: false, hiddenReason: null },
    {
      actorRole: "admin",
      actorEmail: null,
    },
  ),
];

/**
 * An edit of the listing's own fields. The audit log does not record a lawyer's edits today
 * (docs/security.md "Append-only audit log": ownership, verification and visibility); should it,
 * their fields are named by the listing form's labels and written the same way.
 */
const EDIT_ENTRY = row(
  "listing.claimed",
  { phone: "+4930123456", languages: ["de", "en"], practiceAreas: ["Car Accidents"] },
  { phone: "+4930987654", languages: ["de", "en", "tr"], practiceAreas: ["Car Accidents", "Dog Bites"] },
);

/** The visitor's zone: far east of UTC, where an instant read as a date moves a day. */
const ZONE = "Pacific/Auckland";

const prefix = (locale: Locale) => (locale === "en" ? "" : `/${locale.toLowerCase()}`);

function render(locale: Locale, history: AuditRow[]): string {
  return renderInLocale(
    locale,
    `${prefix(locale)}/dashboard`,
    <ListingHistory history={history} viewerId={ME} />,
    ZONE,
  );
}

/** The visible text of the history section (Mantine's style block left out). */
function historyText(html: string): string {
  return visibleText(html.replace(/<style[^>]*>[\s\S]*?<\/style>/g, ""));
}

beforeAll(async () => {
  for (const locale of LOCALES) await ensureLocale(locale);
});

describe("History of my listing reads as sentences (issue 28 §5)", () => {
  it.each(LOCALES)("%s: no JSON, every field named, values written for the reader", (locale) => {
    const html = render(locale, [...LISTING_ENTRIES, EDIT_ENTRY]);
    const text = historyText(html);
    expect(text).not.toMatch(/[{}[\]"]/);
    expect(text).not.toContain("ownerUserId");
    // No key of a catalog or of the stored JSON as text.
    expect(text).not.toMatch(/\b(history|audit|fields|values)\.[a-zA-Z]/);
    expect(text).not.toMatch(/\b[a-z]+[A-Z][a-zA-Z]+\b/); // camelCase keys (licenceNumber, nextCheckDue…)
    // The check's calendar dates as the day they are, in Auckland too.
    expect(text).toContain(formatCalendarDate("2027-03-01", locale));
    // Languages and countries by name.
    expect(text).toContain(languageName("tr", locale));
    // The reader's own claim says "you", never the account id.
    expect(text).not.toContain(ME);
    expect(text).toContain(getT(locale, "admin")("history.owner.you"));
    // Stored text keeps its direction inside the page's.
    expect(html).toMatch(/<bdi[^>]*>https:\/\/www\.rak-berlin\.de/);
  });

  it("writes each kind of change as its sentence (English)", () => {
    const text = historyText(render("en", [...LISTING_ENTRIES, EDIT_ENTRY]));
    for (const sentence of [
      "Ownership: claimed by you",
      "Phone changed from +4930123456 to +4930987654",
      "Practice areas: added Dog Bites",
      "Languages spoken: added Turkish",
      "Country changed from Germany to Austria",
      "Status changed from Lapsed to Verified",
      "Next check due changed from Mar 1, 2026 to Mar 1, 2027",
      "Checks – Licence (admission 7) changed from Not checked to Pending",
      "Checks – Malpractice insurance: Pending",
      "Hidden from the directory changed from no to yes",
      "Reason for hiding: Misconduct",
      "Method: Data set import",
      "Check: Licence",
    ])
      expect(text).toContain(sentence);
    // Record ids are for staff: the lawyer does not see them.
    expect(text).not.toMatch(/check #12|request #9/);
  });

  it("never shows JSON for generated entries", () => {
    const value = fc.oneof(
      fc.string({ maxLength: 8 }).filter((s) => !/[{}[\]"]/.test(s)),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.constantFrom("2026-03-01", "2026-03-01T23:30:00.000Z", "verified", "de"),
    );
    const nested = fc.oneof(
      value,
      fc.array(value, { maxLength: 3 }),
      fc.dictionary(
        fc.constantFrom("a", "b", "licence#3"),
        fc.oneof(value, fc.array(value, { maxLength: 2 })),
        { maxKeys: 3 },
      ),
    );
    const side = fc.oneof(
      fc.constant(null),
      fc.dictionary(
        fc.constantFrom("phone", "status", "checks", "languages", "details", "kind", "checkId", "x"),
        nested,
        { maxKeys: 5 },
      ),
    );
    fc.assert(
      fc.property(side, side, fc.constantFrom<Locale>("en", "ar", "ja"), (before, after, locale) => {
        const text = historyText(render(locale, [row("verification.rechecked", before, after)]));
        expect(text).not.toMatch(/[{}[\]"]/);
      }),
      { numRuns: 60 },
    );
  });
});
