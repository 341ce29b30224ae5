/**
 * The staff journey's moderator (issue 15 §1): serve.ts makes it with the real
 * `npm run staff:create` before the server starts and writes the printed one-time set-password
 * link to E2E_STAFF_LINK_FILE under the server's DATA_DIR; tests/e2e/staff.spec.ts reads it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

/** The moderator's address. */
export const E2E_MODERATOR_EMAIL = "moderator@e2e.lexatlas.example";

/** The file under DATA_DIR holding the printed set-password link. */
export const E2E_STAFF_LINK_FILE = "e2e-staff-link.txt";

/**
 * The reports journey's own moderator (issue 15 §3, tests/e2e/reports.spec.ts), so the two
 * journeys never race over one account's TOTP enrolment; its link goes to E2E_REPORTS_LINK_FILE.
 */
export const E2E_REPORTS_MODERATOR_EMAIL = "reports-moderator@e2e.lexatlas.example";

/** The file under DATA_DIR holding the reports moderator's set-password link. */
export const E2E_REPORTS_LINK_FILE = "e2e-staff-link-reports.txt";

/** The verification journey's moderator (tests/e2e/verification-request.spec.ts, issue 15 §2). */
export const E2E_VERIFIER_EMAIL = "verifier@e2e.lexatlas.example";

/** The file under DATA_DIR holding the verification moderator's set-password link. */
export const E2E_VERIFIER_LINK_FILE = "e2e-verifier-link.txt";

/** Every moderator serve.ts makes before the server starts, with the file of its link. */
export const E2E_STAFF = [
  { email: E2E_MODERATOR_EMAIL, file: E2E_STAFF_LINK_FILE },
  { email: E2E_REPORTS_MODERATOR_EMAIL, file: E2E_REPORTS_LINK_FILE },
  { email: E2E_VERIFIER_EMAIL, file: E2E_VERIFIER_LINK_FILE },
] as const;

/**
 * The set-password link in `file` (default: the staff journey's) as a path of the site under
 * test ("/reset-password?token=…").
 */
export function staffLinkPath(file: string = E2E_STAFF_LINK_FILE): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set: run the journeys through playwright.config.ts");
  const link = new URL(readFileSync(path.join(dir, file), "utf8").trim());
  return `${link.pathname}${link.search}`;
}
