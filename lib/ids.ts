/**
 * The shapes of the ids the product accepts, checked once (issue 13 §3 "the id check exists
 * once"): UUIDs (cases, documents, messages, users; made by PostgreSQL's gen_random_uuid) and
 * lawyer ids (PostgreSQL `integer` serials). A malformed id is answered like an unknown one
 * (404), before it reaches the database.
 */

/** The largest PostgreSQL `integer` (a lawyer id's upper bound). */
export const MAX_INTEGER_ID = 2_147_483_647;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a syntactically valid UUID (any version, either letter case). */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}

/** True for a lawyer id: a whole number from 1 to MAX_INTEGER_ID. */
export function isLawyerId(id: number): boolean {
  return isIntegerId(id);
}

/** True for the id of any `serial` row (a lawyer, a check, a request…): a whole number from 1 to MAX_INTEGER_ID. */
export function isIntegerId(id: number): boolean {
  return Number.isSafeInteger(id) && id >= 1 && id <= MAX_INTEGER_ID;
}

/**
 * A lawyer id written in a page address (`/lawyer/{id}`): decimal digits without a leading zero,
 * from 1 to MAX_INTEGER_ID, as a number; null for anything else ("01", "1e3", " 1", "-1").
 */
export function lawyerIdFromPath(text: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return isLawyerId(id) ? id : null;
}
