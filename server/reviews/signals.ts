/**
 * The signals that tie a review's client to its lawyer (issue 27 §2 "Reviews that can't be
 * gamed"): what is recorded, and the hold reasons read from it (lib/reviews.ts
 * REVIEW_HOLD_REASONS). The self-review it stops: a client account signed up from the lawyer's
 * own IP sends a case, the lawyer engages it, and 14 days later a 5-star review published at once.
 *
 * Recorded (`review_signals`, one row per event): sign-ups and sign-ins (server/accounts), case
 * submissions (POST /api/cases and the profile's form) and review writes, each with keyed hashes
 * (HMAC-SHA256 under REVIEW_SIGNAL_KEY, else DATA_DIR/review-signal.key) of the client IP, of its
 * network (REVIEW_NETWORK_PREFIX: IPv4 /24, IPv6 /48) and of the browser's device cookie
 * (server/security/device-cookie.ts). Neither an address nor a cookie is stored; without the key a
 * hash names nothing, and the retention job deletes rows after RETENTION_REVIEW_SIGNAL_DAYS
 * (GDPR Art. 5(1)(c) data minimisation, Art. 5(1)(e) storage limitation; Art. 6(1)(f) legitimate
 * interest: genuine reviews, which the FTC's 16 CFR 465 and the UK DMCC Act 2024 require).
 *
 * Read when a review is written (holdReasons): the client's signals (their account's, and the
 * case's submission and review writes) against the sign-ins of the listing's lawyer account,
 * within REVIEW_SIGNAL_WINDOW_DAYS of each other (`same_ip`, `same_device`); the client's email
 * domain against the listing's email and website domains, free mail excepted (`firm_email_domain`,
 * lib/free-mail.ts); an account created after the case was accepted (`account_after_acceptance`);
 * more than REVIEW_NETWORK_MAX reviews of the lawyer from one network in
 * REVIEW_NETWORK_WINDOW_DAYS (`network_volume`). Recording never fails the request it belongs to
 * (logged instead); reading runs in the review's transaction.
 */
import { createHmac } from "node:crypto";
import { isIP } from "node:net";
import { sql } from "drizzle-orm";
import { isFreeMailDomain } from "../../lib/free-mail.ts";
import {
  REVIEW_NETWORK_MAX,
  REVIEW_NETWORK_PREFIX,
  REVIEW_NETWORK_WINDOW_DAYS,
  REVIEW_SIGNAL_WINDOW_DAYS,
  type ReviewHoldReason,
  type ReviewSignalKind,
} from "../../lib/reviews.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { reviewSignals } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import type { DeviceHandle } from "../security/device-cookie.ts";
import { ipv6Groups } from "../security/rate-limit.ts";
import { configuredOrFileKey } from "../staff/secret-box.ts";

/** The key file's name under DATA_DIR when REVIEW_SIGNAL_KEY is unset. */
export const REVIEW_SIGNAL_KEY_FILE = "review-signal.key";

/** Where a request came from: its client IP ("unknown" or any non-address records no IP) and browser. */
export interface RequestFingerprint {
  ip: string;
  device?: DeviceHandle | null;
}

/** What one recorded signal is about. */
export interface SignalEvent {
  kind: ReviewSignalKind;
  /** The account it belongs to (the one signing in; the client submitting or reviewing), if any. */
  userId?: string | null;
  /** The case it belongs to (a submission, a review), if any. */
  caseId?: string | null;
}

/** The hashes stored for one request. */
export interface SignalHashes {
  ipHash: string | null;
  networkHash: string | null;
  deviceHash: string | null;
}

/** The review signals of the process (createReviewSignals). */
export interface ReviewSignals {
  /**
   * Stores `event` with the hashes of `fingerprint` (nothing when it has neither an IP address
   * nor a device) and marks the device used (its cookie is then set on the answer). Answers the
   * hashes. Never throws: a failure is logged and answers null.
   */
  record(
    event: SignalEvent,
    fingerprint: RequestFingerprint,
    db?: Pick<Db, "insert">,
  ): Promise<SignalHashes | null>;
  /**
   * The reasons (REVIEW_HOLD_REASONS but `contact_details`) to hold the review of case `caseId`
   * written by `authorUserId` (null: by case link) from the network `networkHash`, as of
   * `clock.now()`; [] when none. Pass the open transaction of the review write.
   */
  holdReasons(
    db: Pick<Db, "execute">,
    review: { caseId: string; authorUserId: string | null; networkHash: string | null },
  ): Promise<ReviewHoldReason[]>;
}

/** "2001:db8::1" → its eight groups as four hex digits each; null when `ip` is not IPv6. */
function ipv6Canonical(ip: string): string[] | null {
  return ipv6Groups(ip)?.map((g) => Number.parseInt(g, 16).toString(16).padStart(4, "0")) ?? null;
}

/**
 * The network of an address as REVIEW_NETWORK_PREFIX says: "203.0.113.0/24", "2001:0db8:0001::/48";
 * null for anything that is not an IP address (e.g. "unknown").
 */
export function networkOf(ip: string): string | null {
  if (isIP(ip) === 4) {
    const octets = REVIEW_NETWORK_PREFIX.ipv4 / 8;
    return `${ip.split(".").slice(0, octets).join(".")}${".0".repeat(4 - octets)}/${REVIEW_NETWORK_PREFIX.ipv4}`;
  }
  const groups = ipv6Groups(ip);
  return groups
    ? `${groups.slice(0, REVIEW_NETWORK_PREFIX.ipv6 / 16).join(":")}::/${REVIEW_NETWORK_PREFIX.ipv6}`
    : null;
}

/** The canonical text of an IP address for hashing (IPv6 fully expanded, IPv4 as is), or null. */
function canonicalIp(ip: string): string | null {
  if (isIP(ip) === 4) return ip;
  return ipv6Canonical(ip)?.join(":") ?? null;
}

/** The domain of an email address, lower case ("firm.example"), or null. */
function emailDomain(email: string | null | undefined): string | null {
  const at = email?.lastIndexOf("@") ?? -1;
  return email && at > 0
    ? email
        .slice(at + 1)
        .toLowerCase()
        .replace(/\.$/, "")
    : null;
}

/** The host of a website as typed on a listing ("https://www.firm.example/x" → "firm.example"), or null. */
function websiteDomain(website: string | null | undefined): string | null {
  if (!website) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(website) ? website : `https://${website}`);
    return url.hostname.toLowerCase().replace(/^www\./, "") || null;
  } catch {
    return null;
  }
}

/** Whether two domains are one organisation's: equal, or one under the other ("mail.firm.example"). */
function sameOrganisation(a: string, b: string): boolean {
  return a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`);
}

/** What createReviewSignals needs. */
export interface ReviewSignalDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, "REVIEW_SIGNAL_KEY" | "DATA_DIR">;
  logger: Pick<Logger, "warn">;
}

/** The review signals over the process's database, clock and key (server/services.ts). */
export function createReviewSignals({ db, clock, config, logger }: ReviewSignalDeps): ReviewSignals {
  let key: Buffer | null = null;
  const hash = (what: string, value: string) => {
    key ??= configuredOrFileKey(config.REVIEW_SIGNAL_KEY, config.DATA_DIR, REVIEW_SIGNAL_KEY_FILE);
    return createHmac("sha256", key).update(`${what}\n${value}`).digest("hex");
  };

  return {
    async record(event, fingerprint, handle = db) {
      try {
        const ip = canonicalIp(fingerprint.ip);
        const network = networkOf(fingerprint.ip);
        const device = fingerprint.device ?? null;
        if (!ip && !device) return null;
        const hashes: SignalHashes = {
          ipHash: ip ? hash("ip", ip) : null,
          networkHash: network ? hash("network", network) : null,
          deviceHash: device ? hash("device", device.id) : null,
        };
        await handle.insert(reviewSignals).values({
          kind: event.kind,
          userId: event.userId ?? null,
          caseId: event.caseId ?? null,
          ...hashes,
          createdAt: clock.now(),
        });
        if (device) device.used = true;
        return hashes;
      } catch (err) {
        logger.warn({ err, kind: event.kind }, "review signal not recorded");
        return null;
      }
    },

    async holdReasons(tx, review) {
      const now = clock.now();
      const reasons: ReviewHoldReason[] = [];
      const { rows: facts } = await tx.execute<{
        lawyer_id: number;
        client_email: string;
        author_email: string | null;
        author_created: string | Date | null;
        accepted_at: string | Date | null;
        listing_email: string;
        listing_website: string | null;
      }>(sql`
        SELECT k.lawyer_id, k.client_email, a.email AS author_email, a.created_at AS author_created,
          coalesce(k.accepted_at, k.engaged_at) AS accepted_at, l.email AS listing_email, l.website AS listing_website
        FROM cases k
        JOIN lawyers l ON l.id = k.lawyer_id
        LEFT JOIN users a ON a.id = ${review.authorUserId}
        WHERE k.id = ${review.caseId}`);
      const fact = facts[0];
      if (!fact) return reasons;

      // The client's signals (their account's, the case's) against the lawyer account's sign-ins.
      const window = sql`make_interval(days => ${REVIEW_SIGNAL_WINDOW_DAYS}::int)`;
      const { rows: matches } = await tx.execute<{
        same_ip: boolean | null;
        same_device: boolean | null;
      }>(sql`
        SELECT bool_or(c.ip_hash = l.ip_hash) AS same_ip, bool_or(c.device_hash = l.device_hash) AS same_device
        FROM review_signals c
        JOIN review_signals l
          ON (l.ip_hash = c.ip_hash OR l.device_hash = c.device_hash)
          AND l.created_at BETWEEN c.created_at - ${window} AND c.created_at + ${window}
        WHERE (c.case_id = ${review.caseId} OR c.user_id = ${review.authorUserId})
          AND l.kind IN ('sign_in', 'sign_up')
          AND l.user_id IN (SELECT u.id FROM users u WHERE u.lawyer_id = ${fact.lawyer_id})
          AND (c.user_id IS NULL OR c.user_id <> l.user_id)`);
      if (matches[0]?.same_ip) reasons.push("same_ip");
      if (matches[0]?.same_device) reasons.push("same_device");

      const firm = [emailDomain(fact.listing_email), websiteDomain(fact.listing_website)].filter(
        (d): d is string => d !== null && !isFreeMailDomain(d),
      );
      const client = [emailDomain(fact.client_email), emailDomain(fact.author_email)].filter(
        (d): d is string => d !== null && !isFreeMailDomain(d),
      );
      if (client.some((c) => firm.some((f) => sameOrganisation(c, f)))) reasons.push("firm_email_domain");

      if (
        fact.author_created &&
        fact.accepted_at &&
        new Date(fact.author_created) > new Date(fact.accepted_at)
      )
        reasons.push("account_after_acceptance");

      if (review.networkHash) {
        const since = new Date(now.getTime() - REVIEW_NETWORK_WINDOW_DAYS * 86_400_000);
        const { rows } = await tx.execute<{ n: number | string }>(sql`
          SELECT count(DISTINCT s.case_id) AS n
          FROM review_signals s JOIN cases k ON k.id = s.case_id
          WHERE s.kind = 'review_written' AND s.network_hash = ${review.networkHash}
            AND k.lawyer_id = ${fact.lawyer_id} AND s.created_at > ${since.toISOString()}::timestamptz
            AND s.case_id <> ${review.caseId}`);
        if (Number(rows[0]?.n ?? 0) + 1 > REVIEW_NETWORK_MAX) reasons.push("network_volume");
      }
      return reasons;
    },
  };
}
