/**
 * The demo listings' verification (issue 15 §2 "Demo data is honest"): every demo lawyer gets a
 * plausible bar admission with the real regulator of its jurisdiction (demo-regulators.ts), and
 * made-up check records whose `demo` flag is set; the page marks them "Demo record" in its own
 * language (issue 28 §2: the marker, the check names and a demo discipline record's outcome and
 * statement come from the catalogs at render time; what is stored is the regulator's name, the
 * insurer's, the school's, and catalog references for the discipline texts). The degree is the
 * one lawyers of the country hold, named as there (demo-degrees.ts). Shares (over the generator's 85 % "would be verified" draw): about 70 % verified (licence
 * checked in the last eleven months, due a year after), 15 % pending, 5 % lapsed (checked 13 to
 * 18 months ago, due date passed), 10 % unverified (admission only), and about 2 % with one
 * public disciplinary record and a statement. Deterministic: a hash of (seed, row index), so the
 * generator's own random sequence is unchanged. Licence yearly and insurance at expiry follow the
 * monitoring rule of issue 15 §2; registers as source of truth [S16][S20][S22][S27].
 */

import { msg } from "../../lib/i18n/message.ts";
import { demoDegree } from "./demo-degrees.ts";
import { regulatorFor } from "./demo-regulators.ts";
import { mulberry32 } from "./prng.ts";
import type { PlannedCheck, VerificationPlan } from "./verification-plan.ts";

/** A row's own random stream (mulberry32 seeded from the run's seed and the row's index). */
function rowRandom(seed: number, index: number): () => number {
  return mulberry32(Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35));
}

/** Fictional insurers (no real company's name; the check is marked demo on the page). */
const CARRIERS = ["Counsel Indemnity Mutual", "Professional Indemnity Mutual", "Bar Insurance Fund"];
/**
 * Demo discipline outcomes and the demo statement as catalog references (profile namespace),
 * read in the page's language (issue 28 §2); real records carry the regulator's own words.
 */
const OUTCOMES = [
  msg("profile:verification.demoDiscipline.reprimand"),
  msg("profile:verification.demoDiscipline.fine"),
  msg("profile:verification.demoDiscipline.conditions"),
];
const DEMO_STATEMENT = msg("profile:verification.demoStatement.missedDeadline");

/**
 * The verification plan of demo row `index` (of generator seed `seed`) for a lawyer in
 * `countryCode`/`region` with `experience` years whose office speaks `lang` (ISO 639-1; picks
 * the degree's language where a country has two systems, e.g. Quebec; default "en")
 * (`wouldVerify`: the generator's draw). Pure.
 */
export function demoVerificationPlan(
  seed: number,
  index: number,
  row: { countryCode: string; state: string | null | undefined; experience: number; lang?: string },
  wouldVerify: boolean,
  currentYear = 2026,
): VerificationPlan {
  const r = rowRandom(seed, index);
  const u = r();
  const state = wouldVerify
    ? u < 0.12
      ? "pending"
      : u < 0.18
        ? "lapsed"
        : "verified"
    : u < 0.35
      ? "pending"
      : "unverified";
  const reg = regulatorFor(row.countryCode, row.state);
  const source = reg.name;
  const year = Math.max(1960, currentYear - row.experience);
  const number = String(100000 + Math.floor(r() * 899999));
  const plan: VerificationPlan = {
    admission: {
      countryCode: row.countryCode,
      region: row.state ?? null,
      regulator: reg.name,
      licenceNumber: number,
      yearAdmitted: year,
      status: "active",
    },
    checks: [],
  };
  const demoCheck = (
    c: Omit<PlannedCheck, "demo" | "source" | "sourceUrl"> & Partial<PlannedCheck>,
  ): PlannedCheck => ({
    source,
    sourceUrl: reg.registerUrl,
    demo: true,
    ...c,
  });
  if (state === "unverified") return plan;
  if (state === "pending") {
    plan.checks.push(
      demoCheck({ kind: "licence", status: "pending", method: null, checkedDaysAgo: null, dueInDays: null }),
    );
    return plan;
  }
  const checkedDaysAgo = state === "lapsed" ? 395 + Math.floor(r() * 150) : Math.floor(r() * 330);
  const dueInDays = 365 - checkedDaysAgo;
  // A check past its due date is stored as the daily job would have left it (server/verification/
  // daily.ts), so the first start of a demo server does not lapse hundreds of checks at once.
  const status = state === "lapsed" ? "lapsed" : "verified";
  plan.checks.push(
    demoCheck({ kind: "licence", status, method: "register_lookup", checkedDaysAgo, dueInDays }),
  );
  plan.checks.push(
    demoCheck({
      kind: "discipline",
      status,
      method: "register_lookup",
      checkedDaysAgo,
      dueInDays,
    }),
  );
  if (r() < 0.7) {
    const expiresInDays = state === "lapsed" ? -Math.floor(r() * 60) - 1 : 30 + Math.floor(r() * 300);
    const carrier = CARRIERS[Math.floor(r() * CARRIERS.length)] as string;
    plan.checks.push(
      demoCheck({
        kind: "insurance",
        status,
        method: "document_reviewed",
        source: carrier,
        sourceUrl: null,
        checkedDaysAgo,
        dueInDays: expiresInDays,
        details: { carrier, cover: "1,000,000", expiresInDays },
      }),
    );
  }
  if (r() < 0.6) {
    // The draw that picked one of three English school names is kept, so every later draw of the
    // row (and so every other field) stays as it was; the degree is now the country's own.
    r();
    const { degree, school } = demoDegree(row.countryCode, row.state ?? null, row.lang ?? "en");
    plan.checks.push(
      demoCheck({
        kind: "education",
        status: "verified",
        method: "document_reviewed",
        source: school,
        sourceUrl: null,
        checkedDaysAgo,
        dueInDays: null,
        details: { school, degree, year: year - 1 },
      }),
    );
  }
  plan.checks.push(
    demoCheck({
      kind: "experience",
      status: "verified",
      method: "register_lookup",
      checkedDaysAgo,
      dueInDays: null,
      details: { yearAdmitted: year },
    }),
  );
  if (r() < 0.025) {
    plan.discipline = [
      {
        daysAgo: 400 + Math.floor(r() * 2500),
        outcome: OUTCOMES[Math.floor(r() * OUTCOMES.length)] as string,
        regulator: reg.name,
        sourceUrl: reg.registerUrl,
        lawyerStatement: r() < 0.6 ? DEMO_STATEMENT : null,
        demo: true,
      },
    ];
  }
  return plan;
}
