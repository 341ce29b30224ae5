/**
 * The rows of `npm run seed:scale` (issue 18 §1) as PostgreSQL COPY text, chunk by chunk: the
 * demo generator's listings (lawyerStream, the same rows as generateLawyers and so as
 * seedIfEmpty), their verification (admission, checks, discipline; issue 15 §2), their demo
 * engagements and reviews (issue 16 §1) and their demo response cases with timeline steps
 * (issue 16 §3), each written as insertBatches and insertDemoResponses write them. Pure (no
 * database): server/seed/scale.ts runs it in a worker thread (scale-worker.ts) so generation and
 * COPY overlap.
 *
 * Deterministic: every value comes from (count, seed, now): ids are 1..count in generator order,
 * uuids are built from the seed and the row's place (never random), and `now` is the instant
 * recorded when the load started, so a resumed load writes the same bytes.
 */

import { hasContactData } from "../../lib/contact-details.ts";
import { DEFAULT_LOCALE } from "../../lib/i18n/locales.ts";
import { RESPONSE_DEADLINE_HOURS, RESPONSE_WINDOW_DAYS } from "../../lib/response-times.ts";
import { isoDay } from "../../lib/verification.ts";
import { toResponseStats } from "../responses/stats.ts";
import { verificationCache } from "../verification/recompute.ts";
import { arrayLiteral, copyLine, esc } from "./copy-text.ts";
import { DEMO_RESPONSE_CLIENT_EMAIL, demoResponseCases } from "./demo-responses.ts";
import { demoReviewColumns } from "./demo-reviews.ts";
import { lawyerStream, type NewLawyer } from "./generate.ts";
import type { StagedTable } from "./scale-columns.ts";

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** One chunk as COPY text per staged table, and how many listings it holds. */
export interface ScaleChunk {
  index: number;
  lawyers: number;
  text: Record<StagedTable, string>;
}

const hex = (n: number, width: number) => (n >>> 0).toString(16).padStart(width, "0").slice(-width);

/**
 * A deterministic uuid (version 4 layout) for the `k`-th row of kind `kind` of listing `index`
 * under `seed`: unique by construction (kind, k, sub and index are separate fields), so a
 * resumed load writes the same ids. Kinds: 1 review case, 2 review, 3 response case, 4 step.
 */
export function scaleUuid(seed: number, kind: number, index: number, k: number, sub = 0): string {
  const hi = Math.floor(index / 0x1000000);
  return `${hex(seed, 8)}-${hex(kind, 4)}-4${hex(k, 3)}-8${hex(sub, 3)}-${hex(hi, 6)}${hex(index, 6)}`;
}

const RESPONSE_CASE_DESCRIPTION =
  "A fictional case of the demo data (LexAtlas issue 16 §3), so that response times can be shown.";

const heldMemo = new Map<string, boolean>();
/**
 * hasContactData (lib/contact-details.ts) of a demo review's title and text, remembered: the demo texts come from a
 * small pool (demo-reviews.ts), and the check (phone and address patterns) costs far more than a lookup.
 */
function heldForPersonalData(text: string): boolean {
  let held = heldMemo.get(text);
  if (held === undefined) {
    held = hasContactData(text);
    if (heldMemo.size < 200_000) heldMemo.set(text, held);
  }
  return held;
}

/** `YYYY-MM-DD` of `days` after `now`. */
const dayOffset = (now: Date, days: number) =>
  new Date(now.getTime() + days * DAY).toISOString().slice(0, 10);

/**
 * Builds the chunks of a load of `count` listings with `seed` at `now`, `chunkSize` listings a
 * chunk, starting at chunk `firstChunk` (the earlier ones are generated and dropped: the
 * generator is one random stream, so a resumed load replays it to reach the same rows).
 */
export class ScaleChunkBuilder {
  readonly #stream: Generator<NewLawyer, void, undefined>;
  readonly #seed: number;
  readonly #now: Date;
  readonly #today: string;
  readonly #nowIso: string;
  readonly #count: number;
  readonly #chunkSize: number;
  #next = 0;

  /** See the class. Throws RangeError for a count or chunk size that is not a positive integer. */
  constructor(opts: { count: number; seed: number; now: Date; chunkSize: number }) {
    if (!Number.isInteger(opts.chunkSize) || opts.chunkSize < 1)
      throw new RangeError("chunkSize must be a positive integer");
    this.#stream = lawyerStream(opts.count, opts.seed);
    this.#seed = opts.seed;
    this.#now = opts.now;
    this.#today = isoDay(opts.now);
    this.#nowIso = opts.now.toISOString();
    this.#count = opts.count;
    this.#chunkSize = opts.chunkSize;
  }

  /** How many chunks the load has. */
  get chunks(): number {
    return Math.ceil(this.#count / this.#chunkSize);
  }

  /** Generates and drops the rows of the chunks before `chunk` (a resume). */
  skipTo(chunk: number): void {
    const until = Math.min(this.#count, chunk * this.#chunkSize);
    while (this.#next < until) {
      this.#stream.next();
      this.#next++;
    }
  }

  /** The next chunk, or null when every row was built. */
  nextChunk(): ScaleChunk | null {
    if (this.#next >= this.#count) return null;
    const index = Math.floor(this.#next / this.#chunkSize);
    const end = Math.min(this.#count, (index + 1) * this.#chunkSize);
    const out: Record<StagedTable, string[]> = {
      lawyers: [],
      bar_admissions: [],
      verification_checks: [],
      disciplinary_records: [],
      cases: [],
      case_status_events: [],
      reviews: [],
    };
    const start = this.#next;
    for (; this.#next < end; this.#next++) {
      const got = this.#stream.next();
      if (got.done) throw new Error("the generator ended early");
      this.#row(this.#next, got.value, out);
    }
    const text = {} as Record<StagedTable, string>;
    for (const [t, lines] of Object.entries(out)) text[t as StagedTable] = lines.join("");
    return { index, lawyers: end - start, text };
  }

  /** Appends listing `index` (id index + 1) and everything written with it to `out`. */
  #row(index: number, row: NewLawyer, out: Record<StagedTable, string[]>): void {
    const now = this.#now;
    const id = index + 1;
    const plan = row.verification;
    const cache = verificationCache(
      (plan?.checks ?? []).map((c) => ({
        kind: c.kind,
        status: c.status,
        nextCheckDue: c.dueInDays === null ? null : dayOffset(now, c.dueInDays),
      })),
      this.#today,
    );

    // Demo engagements and reviews (insertBatches' insertDemoReviews).
    const items: { arrived: number; responded: number | null }[] = [];
    (row.demoReviews ?? []).forEach((review, k) => {
      const engaged = new Date(now.getTime() - review.engagedDaysAgo * DAY);
      const caseId = scaleUuid(this.#seed, 1, index, k);
      out.cases.push(
        copyLine([
          caseId,
          id,
          "Demo engagement",
          "Demo",
          "A fictional engagement of the demo data (issue 16 §1).",
          "medium",
          "Demo client",
          "demo.client@example.invalid",
          "",
          "closed",
          DEFAULT_LOCALE,
          null,
          null,
          engaged,
          engaged,
          engaged,
          engaged,
          false,
        ]),
      );
      items.push({ arrived: engaged.getTime(), responded: engaged.getTime() });
      const r = demoReviewColumns(review, engaged, heldForPersonalData);
      out.reviews.push(
        copyLine([
          scaleUuid(this.#seed, 2, index, k),
          caseId,
          id,
          r.rating,
          r.communication,
          r.responsiveness,
          r.outcome,
          r.title,
          r.text,
          r.status,
          r.moderationReason,
          r.engagedOn,
          r.demo,
          r.createdAt,
          r.updatedAt,
        ]),
      );
    });

    // Demo response cases (insertDemoResponses), marked so a demo account's listing can drop them.
    demoResponseCases([id], now).forEach((c, k) => {
      const caseId = scaleUuid(this.#seed, 3, index, k);
      const responded = c.responded;
      // The hottest rows (about five a listing): written from a template, the same text copyLine() gives.
      const arrived = c.arrived.toISOString();
      const at = responded ? responded.toISOString() : null;
      out.cases.push(
        `${caseId}\t${id}\tDemo case: ${esc(c.caseType)}\t${esc(c.caseType)}\t${RESPONSE_CASE_DESCRIPTION}\t${esc(c.priority)}\tDemo client\t${DEMO_RESPONSE_CLIENT_EMAIL}\t+10000000000\t${at ? "accepted" : "pending"}\ten\t${this.#nowIso}\t${this.#nowIso}\t${at ?? "\\N"}\t\\N\t${arrived}\t${at ?? arrived}\tt\n`,
      );
      out.case_status_events.push(
        `${scaleUuid(this.#seed, 4, index, k, 0)}\t${caseId}\tpending\t${arrived}\t${id}\n`,
      );
      if (at)
        out.case_status_events.push(
          `${scaleUuid(this.#seed, 4, index, k, 1)}\t${caseId}\taccepted\t${at}\t${id}\n`,
        );
      items.push({ arrived: c.arrived.getTime(), responded: responded ? responded.getTime() : null });
    });
    const stats = responseStats(items, now.getTime());

    out.lawyers.push(
      copyLine([
        id,
        row.name,
        row.firm,
        row.email,
        row.phone,
        row.location,
        row.country,
        row.countryCode,
        row.state,
        row.city,
        row.latitude,
        row.longitude,
        row.timeZone,
        row.experience,
        row.rating,
        row.reviewCount,
        row.bio,
        arrayLiteral(row.practiceAreas ?? []),
        arrayLiteral(row.languages ?? []),
        row.imageUrl,
        row.businessLogo,
        row.businessAddress,
        row.website,
        row.googleReviewsUrl,
        row.workingHours,
        row.grammaticalGender,
        cache.verified,
        cache.verificationStatus,
        row.demo,
        stats.medianFirstResponseHours,
        stats.answeredWithin24hShare,
        stats.sampleSize,
        row.personalityTraits === undefined || row.personalityTraits === null
          ? null
          : JSON.stringify(row.personalityTraits),
        row.communicationStyle,
        row.approachStyle,
        row.clientFocus,
        row.availabilityLevel,
        row.caseComplexityPreference,
        row.freeConsultation ?? false,
        row.consultationMinutes ?? null,
        JSON.stringify(row.feeModels ?? []),
        JSON.stringify(row.specialistTitles ?? []),
        now,
        now,
      ]),
    );

    // Verification (insertBatches' insertVerificationPlans): the admission's id is the listing's.
    if (plan?.admission) {
      const a = plan.admission;
      out.bar_admissions.push(
        copyLine([
          id,
          id,
          a.countryCode,
          a.region,
          a.regulator,
          a.licenceNumber,
          a.yearAdmitted,
          a.status,
          now,
          now,
        ]),
      );
    }
    (plan?.checks ?? []).forEach((c, k) => {
      out.verification_checks.push(
        copyLine([
          id,
          c.kind === "licence" && plan?.admission ? id : null,
          c.kind,
          c.status,
          c.method,
          c.source,
          c.sourceUrl,
          c.checkedDaysAgo === null ? null : dayOffset(now, -c.checkedDaysAgo),
          c.dueInDays === null ? null : dayOffset(now, c.dueInDays),
          c.details === undefined || c.details === null ? null : JSON.stringify(c.details),
          c.demo,
          now,
          now,
          k,
        ]),
      );
    });
    (plan?.discipline ?? []).forEach((d, k) => {
      out.disciplinary_records.push(
        copyLine([
          id,
          dayOffset(now, -d.daysAgo),
          d.outcome,
          d.regulator,
          d.sourceUrl,
          d.lawyerStatement,
          d.demo,
          now,
          now,
          k,
        ]),
      );
    });
  }
}

/**
 * A listing's cached response figures from its cases (arrival and first response, epoch ms) at
 * `now`: the rule of server/responses/stats.ts statsSql (window, 24 h deadline, unanswered items
 * counted at their age, median by percentile_cont) computed here so the load writes each row
 * once instead of updating every listing afterwards. seed/scale.test.ts checks it agrees with
 * refreshResponseStats on the same data.
 */
export function responseStats(
  items: readonly { arrived: number; responded: number | null }[],
  now: number,
): { medianFirstResponseHours: number | null; answeredWithin24hShare: number | null; sampleSize: number } {
  const from = now - RESPONSE_WINDOW_DAYS * DAY;
  const deadline = now - RESPONSE_DEADLINE_HOURS * HOUR;
  const hours: number[] = [];
  let within = 0;
  for (const it of items) {
    if (it.arrived < from || it.arrived > now) continue;
    const answered = it.responded !== null && it.responded <= now;
    if (!answered && it.arrived > deadline) continue;
    const h = ((answered ? (it.responded as number) : now) - it.arrived) / HOUR;
    hours.push(h);
    if (answered && h <= RESPONSE_DEADLINE_HOURS) within++;
  }
  if (hours.length === 0)
    return { medianFirstResponseHours: null, answeredWithin24hShare: null, sampleSize: 0 };
  hours.sort((a, b) => a - b);
  const mid = (hours.length - 1) / 2;
  const median = ((hours[Math.floor(mid)] as number) + (hours[Math.ceil(mid)] as number)) / 2;
  return toResponseStats(hours.length, median, within / hours.length);
}
