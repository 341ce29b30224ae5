/**
 * Issue 28 §5: "the staff screen and the public profile show different dates for the same check
 * (time zones)". A check's date is a calendar date (`checkedOn`, `nextCheckDue`, a disciplinary
 * record's `date`: SQL `date`, "YYYY-MM-DD"); every screen that shows it — the public profile's
 * licence line and "What we checked", the moderator's verification review and re-check screens,
 * the lawyer's own verification page — must print the same day for a visitor in any zone. Each
 * screen is rendered on the server as a visitor in Los Angeles (UTC−8) and in Auckland (UTC+13)
 * would see it, in English and Arabic.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { formatCalendarDate } from "../../../lib/i18n/calendar-date.ts";
import type { Locale } from "../../../lib/i18n/locales.ts";
import type { VerificationDTO } from "../../../lib/verification.ts";
import type { OwnerVerificationView, StaffRequestView } from "../../../server/verification/requests.ts";
import { renderInLocale, visibleText } from "../../../tests/support/render-in-locale.tsx";
import { ensureLocale } from "../../i18n/i18n";
import { RecheckView } from "../admin";
import { LicenceLine, WhatWeChecked } from "../profile";
import { VerificationPage } from "./VerificationPage";
import { VerificationReview } from "./VerificationReview";

const CHECKED_ON = "2026-03-01";
const NEXT_DUE = "2027-03-01";
const DISCIPLINE_ON = "2020-05-01";

const check = {
  id: 1,
  kind: "licence" as const,
  admissionId: 7,
  status: "verified" as const,
  method: "register_lookup" as const,
  source: "State Bar of California",
  sourceUrl: null,
  checkedOn: CHECKED_ON,
  nextCheckDue: NEXT_DUE,
  details: null,
};
const admission = {
  id: 7,
  countryCode: "US",
  region: "California",
  regulator: "State Bar of California",
  licenceNumber: "301234",
  yearAdmitted: 2012,
  status: "active",
  licenceStatus: "verified" as const,
};
const record = {
  id: 3,
  date: DISCIPLINE_ON,
  outcome: "Public reproval",
  regulator: "State Bar of California",
  sourceUrl: null,
  lawyerStatement: null,
  demo: false,
};
const owner: OwnerVerificationView = {
  lawyerId: 42,
  listingName: "Rosa Díaz",
  admissions: [admission],
  checks: [check],
  discipline: [record],
  requests: [],
};
const staff: StaffRequestView = {
  ...owner,
  request: {
    id: 9,
    lawyerId: 42,
    kinds: ["licence"],
    admissionIds: [7],
    details: null,
    note: null,
    status: "pending",
    decisionReason: null,
    decidedAt: null,
    createdAt: "2026-11-19T10:00:00.000Z",
    proofs: [],
  },
  ownerEmail: "rosa@example.org",
  registers: {},
};
const publicView: VerificationDTO = {
  status: "verified",
  checks: [{ ...check, demo: false } as VerificationDTO["checks"][number]],
  admissions: [{ ...admission } as unknown as VerificationDTO["admissions"][number]],
};

const ZONES = ["America/Los_Angeles", "Pacific/Auckland", "UTC"] as const;
const LOCALES_SEEN: readonly Locale[] = ["en", "ar"];

beforeAll(async () => {
  await ensureLocale("ar");
});

const prefix = (locale: Locale) => (locale === "en" ? "" : `/${locale}`);

describe("a check's date is the same day on every screen, in every zone (issue 28 §5)", () => {
  for (const locale of LOCALES_SEEN) {
    for (const zone of ZONES) {
      it(`${locale}, visitor in ${zone}`, () => {
        const day = formatCalendarDate(CHECKED_ON, locale);
        const screens = {
          licenceLine: renderInLocale(
            locale,
            `${prefix(locale)}/lawyer/42`,
            <LicenceLine verification={publicView} />,
            zone,
          ),
          whatWeChecked: renderInLocale(
            locale,
            `${prefix(locale)}/lawyer/42`,
            <WhatWeChecked verification={publicView} disciplinaryRecords={[record]} />,
            zone,
          ),
          review: renderInLocale(
            locale,
            `${prefix(locale)}/admin/verification/9`,
            <VerificationReview view={staff} registers={{}} notice={null} failure={null} />,
            zone,
          ),
          recheck: renderInLocale(
            locale,
            `${prefix(locale)}/admin/rechecks/1`,
            <RecheckView
              check={{
                checkId: 1,
                lawyerId: 42,
                listingName: "Rosa Díaz",
                kind: "licence",
                status: "verified",
                method: "register_lookup",
                source: "State Bar of California",
                sourceUrl: null,
                checkedOn: CHECKED_ON,
                nextCheckDue: NEXT_DUE,
                admission: null,
              }}
              today="2026-12-01"
              notice={null}
              failure={null}
            />,
            zone,
          ),
          ownPage: renderInLocale(
            locale,
            `${prefix(locale)}/dashboard/verification`,
            <VerificationPage view={owner} notice={null} failure={null} />,
            zone,
          ),
        };
        for (const [screen, html] of Object.entries(screens))
          expect(visibleText(html), `${screen} shows ${CHECKED_ON} as ${day}`).toContain(day);
        const due = formatCalendarDate(NEXT_DUE, locale);
        for (const screen of ["whatWeChecked", "recheck"] as const)
          expect(visibleText(screens[screen]), `${screen} due date`).toContain(due);
        const disciplined = formatCalendarDate(DISCIPLINE_ON, locale);
        for (const screen of ["whatWeChecked", "ownPage"] as const)
          expect(visibleText(screens[screen]), `${screen} discipline date`).toContain(disciplined);
      });
    }
  }
});
