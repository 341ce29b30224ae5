/**
 * Demo response times (issue 16 §3; "The note gives the figures of the demo data (... median
 * response time)"): fictional cases for the fictional demo listings, so that profiles and cards
 * show "Usually responds within N h" for most of them, "New on the platform" for some, and the
 * search filter and sort have something to work on. Deterministic (mulberry32 by listing id).
 *
 * Per demo listing not managed by an account (a demo account's dashboard keeps its own, real
 * cases only): 55 % get 5 to 12 cases over the last 85 days, 15 % get 1 to 4 (new on the
 * platform), 30 % none. Each listing has a typical speed (a median between 1.5 and 40 hours);
 * each case's first response (the accept for review, issue 17 §2: status "accepted" and accepted_at) comes after that speed times a
 * random factor (0.35 to 2.8), and about 7 % of cases stay unanswered. The cases carry an
 * "example.invalid" client address (RFC 2606: never delivered) and their reminder and client
 * notice are marked as sent, so the response sweep never emails anyone about demo data. A listing
 * that answered gets the account that manages it (insertDemoResponderAccounts, issue 28 §4). The
 * cached figures are then computed by refreshResponseStats, as the daily job does.
 */
import { sql } from "drizzle-orm";
import { replayCaseHistory } from "../../lib/case-states.ts";
import type { CaseType } from "../../lib/taxonomy.ts";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/client.ts";
import { refreshResponseStats } from "../responses/stats.ts";
import { mulberry32 } from "./prng.ts";

type Tx = Pick<Db, "execute">;

const H = 3_600_000;
const DAY = 24 * H;
/** Typical medians of a listing's speed, hours (drawn uniformly). */
const SPEEDS = [1.5, 2, 3, 4, 5, 6, 8, 10, 14, 18, 26, 40];
/**
 * Case types of the demo cases: case form values of the taxonomy (issue 19 §3; they were the
 * directory's practice-area names, which the case form never stores). Five, as before, so the
 * generator draws the same random sequence.
 */
const CASE_TYPES: readonly CaseType[] = [
  "Car Accident",
  "Workplace Injury",
  "Slip and Fall",
  "Medical Malpractice",
  "Dog Bite",
];
const PRIORITIES = ["low", "medium", "high", "urgent"];

/** The client address of every demo response case (RFC 2606 ".invalid": never delivered). */
export const DEMO_RESPONSE_CLIENT_EMAIL = "demo-client@example.invalid";

/** One demo case as generated (before insert). */
export interface DemoResponseCase {
  lawyerId: number;
  arrived: Date;
  /** The first response (the accept for review: status "accepted", accepted_at; issue 17 §2), or null when unanswered. */
  responded: Date | null;
  caseType: string;
  priority: string;
}

/**
 * The demo cases of the listings `lawyerIds` at `now` (deterministic for the same inputs). Never
 * writes; see the module's rules.
 */
export function demoResponseCases(lawyerIds: number[], now: Date): DemoResponseCase[] {
  const out: DemoResponseCase[] = [];
  for (const lawyerId of lawyerIds) {
    const rnd = mulberry32(lawyerId * 2654435761 + 16);
    const kind = rnd();
    const n = kind < 0.55 ? 5 + Math.floor(rnd() * 8) : kind < 0.7 ? 1 + Math.floor(rnd() * 4) : 0;
    const speed = SPEEDS[Math.floor(rnd() * SPEEDS.length)] as number;
    for (let i = 0; i < n; i++) {
      const arrived = new Date(now.getTime() - (1 + rnd() * 84) * DAY - Math.floor(rnd() * 24) * H);
      const unanswered = rnd() < 0.07;
      const hours = speed * (0.35 + rnd() * 2.45);
      const at = new Date(arrived.getTime() + hours * H);
      out.push({
        lawyerId,
        arrived,
        responded: unanswered || at.getTime() > now.getTime() ? null : at,
        caseType: CASE_TYPES[Math.floor(rnd() * CASE_TYPES.length)] as string,
        priority: PRIORITIES[Math.floor(rnd() * PRIORITIES.length)] as string,
      });
    }
  }
  return out;
}

/**
 * Inserts the demo cases of every demo listing without an account (in `tx`, the seed's
 * transaction) with their 'pending' and 'accepted' timeline steps, then computes every listing's
 * cached response figures. Answers how many cases were inserted.
 */
export async function insertDemoResponses(tx: Tx, clock: Clock): Promise<number> {
  const now = clock.now();
  const { rows } = await tx.execute<{ id: number }>(
    sql`SELECT id FROM lawyers AS l WHERE l.demo AND NOT EXISTS (SELECT 1 FROM users AS u WHERE u.lawyer_id = l.id) ORDER BY id`,
  );
  const all = demoResponseCases(
    rows.map((r) => Number(r.id)),
    now,
  );
  const BATCH = 2000;
  for (let start = 0; start < all.length; start += BATCH) {
    const batch = all.slice(start, start + BATCH);
    const arr = (xs: (string | number)[]) =>
      `{${xs.map((x) => (typeof x === "number" ? x : `"${x}"`)).join(",")}}`;
    // Issue 27 §2: each case's status and accepted_at come from its history replayed through the
    // case state machine (an answered case: the lawyer's accept for review).
    const replayed = batch.map((c) =>
      replayCaseHistory(
        c.arrived,
        c.responded ? [{ to: "accepted", by: "lawyer", via: "accept", at: c.responded }] : [],
      ),
    );
    await tx.execute(sql`
      WITH input AS (
        SELECT * FROM unnest(
          ${arr(batch.map((c) => c.lawyerId))}::int[],
          ${arr(batch.map((c) => c.arrived.toISOString()))}::timestamptz[],
          ${arr(replayed.map((r) => r.facts.acceptedAt?.toISOString() ?? ""))}::text[],
          ${arr(replayed.map((r) => r.facts.status))}::text[],
          ${arr(replayed.map((r) => r.updatedAt.toISOString()))}::timestamptz[],
          ${arr(batch.map((c) => c.caseType))}::text[],
          ${arr(batch.map((c) => c.priority))}::text[]
        ) AS t(lawyer_id, arrived, accepted, status, updated, case_type, priority)
      ), inserted AS (
        INSERT INTO cases (lawyer_id, case_title, case_type, description, priority, client_name, client_email,
          client_phone, status, locale, reminded_at, client_notified_at, accepted_at, created_at, updated_at)
        SELECT lawyer_id, 'Demo case: ' || case_type, case_type,
          'A fictional case of the demo data (LexAtlas issue 16 §3), so that response times can be shown.',
          priority, 'Demo client', ${DEMO_RESPONSE_CLIENT_EMAIL}, '+10000000000',
          status, 'en',
          ${now}::timestamptz, ${now}::timestamptz,
          -- Issue 17 §2: the lawyer's first response is the accept for review.
          NULLIF(accepted, '')::timestamptz, arrived, updated
        FROM input
        RETURNING id, created_at, updated_at, status
      )
      INSERT INTO case_status_events (case_id, status, created_at)
      SELECT id, 'pending', created_at FROM inserted
      UNION ALL
      SELECT id, 'accepted', updated_at FROM inserted WHERE status = 'accepted'`);
  }
  await insertDemoResponderAccounts(tx);
  await refreshResponseStats(tx, clock);
  return all.length;
}

/**
 * The password column of a demo responder's account: not an argon2 hash, so verifyPassword
 * answers false for every password (server/accounts/passwords.ts) and nobody can sign in to it.
 */
export const DEMO_RESPONDER_PASSWORD = "!demo-listing-account:no-sign-in";

/**
 * Issue 28 §4: a listing whose demo history shows it answering cases is managed, as only a managed
 * listing can answer (server/listings/managed.ts): a lawyer account with a confirmed email, at the
 * listing's address, linked to it, that nobody can sign in to (DEMO_RESPONDER_PASSWORD). Without
 * it a demo profile said "Usually responds within 2 h" beside "has not joined LexAtlas yet". The
 * listings without an answered demo case stay unmanaged, so the demo shows both kinds. One SQL
 * statement over the inserted cases, so seedIfEmpty and seed:scale (server/seed/scale.ts) write the
 * same accounts.
 */
export async function insertDemoResponderAccounts(tx: Tx): Promise<void> {
  await tx.execute(sql`
    INSERT INTO users (email, password, first_name, last_name, role, is_verified, lawyer_id)
    SELECT lower(l.email), ${DEMO_RESPONDER_PASSWORD},
      left(split_part(l.name, ' ', 1), 100),
      left(COALESCE(NULLIF(btrim(substr(l.name, length(split_part(l.name, ' ', 1)) + 1)), ''), l.name), 100),
      'lawyer', true, l.id
    FROM lawyers AS l
    WHERE l.demo AND l.email <> ''
      AND EXISTS (SELECT 1 FROM cases AS c WHERE c.lawyer_id = l.id AND c.accepted_at IS NOT NULL
        AND c.client_email = ${DEMO_RESPONSE_CLIENT_EMAIL})
      AND NOT EXISTS (SELECT 1 FROM users AS u WHERE u.lawyer_id = l.id)
    ORDER BY l.id
    ON CONFLICT DO NOTHING`);
}
