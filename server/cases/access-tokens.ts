/**
 * Case access tokens (issue 16 §1 "a link into their case page, no account needed beyond the case
 * token"; §3 the 24 h notice that offers re-sending the case): the emails sent after the
 * submission to a client without an account — the review invitation and the late notice — each
 * carry a fresh private link, because the submission's tracking token is stored only as its
 * SHA-256 (cases.tracking_token_hash) and cannot be put into a later email.
 *
 * A token is made as every secret (server/security/tokens.ts newToken: 256 random bits), only its
 * SHA-256 is stored (case_access_tokens.token_hash), it opens only its own case and only until
 * `expires_at` (CASE_ACCESS_TOKEN_DAYS after the email, by the injectable clock). The case page's
 * `?token=` and cookie and the API's `X-Case-Token` header accept the tracking token or any
 * unexpired access token of the case (server/cases/reads.ts roleOf), compared in constant time
 * (OWASP Forgot Password cheat sheet: single-use-or-expiring, hashed, random URL tokens).
 */
import { and, eq, gt } from "drizzle-orm";
import { CASE_ACCESS_TOKEN_DAYS, type CaseAccessTokenPurpose } from "../../lib/cases.ts";
import { type Locale, localizePath } from "../../lib/i18n/locales.ts";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/client.ts";
import { caseAccessTokens } from "../db/schema.ts";
import { hashToken, looksLikeToken, newToken, tokenMatchesHash } from "../security/tokens.ts";

/** A database or a transaction of one (both can insert and select). */
type DbOrTx = Pick<Db, "insert" | "select">;

/**
 * Mints a new access token of case `caseId` for `purpose`, stores its hash with an expiry of
 * CASE_ACCESS_TOKEN_DAYS from `clock.now()`, and answers the token (shown once, in the email).
 */
export async function mintCaseAccessToken(
  db: DbOrTx,
  clock: Clock,
  caseId: string,
  purpose: CaseAccessTokenPurpose,
): Promise<string> {
  const token = newToken();
  const now = clock.now();
  await db.insert(caseAccessTokens).values({
    caseId,
    tokenHash: hashToken(token),
    purpose,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CASE_ACCESS_TOKEN_DAYS * 24 * 3_600_000),
  });
  return token;
}

/**
 * True when `token` is an access token of case `caseId` (a lowercase uuid) that has not expired at
 * `clock.now()`. The case's unexpired hashes are compared with the token's in constant time; a
 * malformed token is refused before touching the database. A token of another case is false.
 */
export async function caseAccessTokenMatches(
  db: DbOrTx,
  clock: Clock,
  caseId: string,
  token: string,
): Promise<boolean> {
  if (!looksLikeToken(token)) return false;
  const rows = await db
    .select({ tokenHash: caseAccessTokens.tokenHash })
    .from(caseAccessTokens)
    .where(and(eq(caseAccessTokens.caseId, caseId), gt(caseAccessTokens.expiresAt, clock.now())));
  let found = false;
  // Every row is compared (no early exit), each comparison in constant time.
  for (const row of rows) if (tokenMatchesHash(token, row.tokenHash)) found = true;
  return found;
}

/**
 * The emailed private link: the case page in the client's language with the token,
 * `${origin}/<locale>/cases/<id>?token=<token>` (as the submission email's tracking link).
 */
export function caseAccessLink(origin: string, caseId: string, locale: Locale, token: string): string {
  return `${origin}${localizePath(`/cases/${caseId}`, locale)}?token=${token}`;
}
