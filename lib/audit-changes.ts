/**
 * What an audit entry changed, as a list a person reads (issue 28 §5: "History of my listing"
 * showed the raw before/after JSON of server/audit running off the card). An entry's `before` and
 * `after` are JSON objects written by recordAudit (server/audit); this module compares them and
 * answers, per field, whether it was set, changed, cleared, or (a list) had members added or
 * removed, plus the context the entry is about (which check, admission, request). The screens
 * (app/ui/AuditChanges.tsx: the lawyer's listing history and the back office's audit log) name
 * the fields and write the values in the page's language; nothing here is shown as JSON.
 * Pure; never throws.
 */

/** A path of keys from the top of before/after to a field: ["phone"], ["checks", "licence#3"]. */
export type AuditPath = readonly string[];

/** One field's change. Values are the JSON values as stored (strings, numbers, booleans, lists, objects). */
export type AuditChange =
  /** It had no value before (absent or null) and has one now. */
  | { kind: "set"; path: AuditPath; to: unknown }
  /** It had a value and has none now (null, or the entry no longer names it). */
  | { kind: "cleared"; path: AuditPath; from: unknown }
  /** Both sides have a value, and they differ (a list whose order alone changed counts here). */
  | { kind: "changed"; path: AuditPath; from: unknown; to: unknown }
  /** A list whose members changed: those added and those removed (in their list's order). */
  | { kind: "list"; path: AuditPath; added: readonly unknown[]; removed: readonly unknown[] };

/** What the entry is about, not a change: the check's kind and the ids of the records involved. */
export interface AuditContextItem {
  key: ContextKey;
  value: string | number;
}

/** The readable form of one entry: its context and its changes, in the entry's key order. */
export interface AuditDescription {
  context: AuditContextItem[];
  changes: AuditChange[];
}

/**
 * Keys that say what an entry is about rather than what changed (server/verification,
 * server/moderation, server/reviews write them on both sides): shown as context. `kind` is the
 * check's kind (or a correction's); the others are record ids, meaningful to staff only.
 */
export const CONTEXT_KEYS = ["kind", "checkId", "admissionId", "requestId", "recordId", "lawyerId"] as const;
/** One of CONTEXT_KEYS. */
export type ContextKey = (typeof CONTEXT_KEYS)[number];
/** The context keys that are record ids (shown to staff, not to the lawyer). */
export const REFERENCE_KEYS: ReadonlySet<ContextKey> = new Set([
  "checkId",
  "admissionId",
  "requestId",
  "recordId",
  "lawyerId",
]);

const CONTEXT: ReadonlySet<string> = new Set(CONTEXT_KEYS);

/** Deeper nesting than this is compared as one value (entries are two levels deep at most). */
const MAX_DEPTH = 4;

/** A plain JSON object (not a list, not null). */
function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** "No value": null, undefined, or an object whose fields all have no value (`{}`, `{ a: null }`). */
export function isBlank(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  return isObject(value) && Object.values(value).every(isBlank);
}
const isEmpty = isBlank;

/** JSON equality of two stored values (key order of objects ignored). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) if (!sameValue(a[key], b[key])) return false;
    return true;
  }
  return false;
}

/** The members of `list` not in `other` (JSON equality), in `list`'s order. */
function missingFrom(list: readonly unknown[], other: readonly unknown[]): unknown[] {
  return list.filter((item) => !other.some((o) => sameValue(item, o)));
}

/**
 * The order a reader meets the fields in. The database keeps before/after as `jsonb`, which
 * stores an object's keys by length, not as written ("region" before "countryCode"), so the
 * order is set here: ownership and visibility, then the verification state, the admission, the
 * check's source and dates, the listing's own fields; a check label ("licence#3") by its kind.
 * Keys not named keep their order after these.
 */
export const FIELD_ORDER: readonly string[] = [
  "ownerUserId",
  "hidden",
  "hiddenReason",
  "owned",
  "verified",
  "verificationStatus",
  "status",
  "checks",
  "licence",
  "discipline",
  "insurance",
  "education",
  "experience",
  "countryCode",
  "region",
  "regulator",
  "licenceNumber",
  "yearAdmitted",
  "licenceStatus",
  "experienceStatus",
  "method",
  "source",
  "sourceUrl",
  "registerUrl",
  "checkedOn",
  "nextCheckDue",
  "proofs",
  "lawyerStatement",
  "name",
  "firm",
  "phone",
  "businessAddress",
  "city",
  "state",
  "website",
  "workingHours",
  "latitude",
  "longitude",
  "languages",
  "practiceAreas",
  "bio",
];

/** A key's place in FIELD_ORDER ("licence#3" as "licence"); unknown keys after every known one. */
function rank(key: string): number {
  const i = FIELD_ORDER.indexOf(key.replace(/#\d+$/, ""));
  return i < 0 ? FIELD_ORDER.length : i;
}

/** Keys of `after` then the keys only `before` has, in FIELD_ORDER (a stable sort). */
function keysOf(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const keys = Object.keys(after);
  for (const key of Object.keys(before)) if (!(key in after)) keys.push(key);
  return keys
    .map((key, i) => ({ key, i }))
    .sort((a, b) => rank(a.key) - rank(b.key) || a.i - b.i)
    .map((k) => k.key);
}

/** The changes between two objects under `path`. */
function compare(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  path: AuditPath,
  out: AuditChange[],
): void {
  for (const key of keysOf(before, after)) {
    const from = before[key];
    const to = after[key];
    const at = [...path, key];
    if (sameValue(from, to) || (isEmpty(from) && isEmpty(to))) continue;
    if (at.length < MAX_DEPTH && (isObject(from) || isEmpty(from)) && (isObject(to) || isEmpty(to))) {
      compare(isObject(from) ? from : {}, isObject(to) ? to : {}, at, out);
    } else if (Array.isArray(from) && Array.isArray(to)) {
      const added = missingFrom(to, from);
      const removed = missingFrom(from, to);
      if (added.length === 0 && removed.length === 0) out.push({ kind: "changed", path: at, from, to });
      else out.push({ kind: "list", path: at, added, removed });
    } else if (isEmpty(from)) {
      out.push(
        Array.isArray(to)
          ? { kind: "list", path: at, added: to, removed: [] }
          : { kind: "set", path: at, to },
      );
    } else if (isEmpty(to)) {
      out.push(
        Array.isArray(from)
          ? { kind: "list", path: at, added: [], removed: from }
          : { kind: "cleared", path: at, from },
      );
    } else out.push({ kind: "changed", path: at, from, to });
  }
}

/**
 * Entries whose two sides are written in different shapes, brought to one: a verification
 * request records the checks' states before as `{ "licence#3": "unverified" }` and after under
 * `checks` (server/verification/submit-request.ts).
 */
function normalised(action: string, before: Record<string, unknown>): Record<string, unknown> {
  if (action === "verification.requested" && !("checks" in before)) return { checks: before };
  return before;
}

/** A stored side as an object: an object as it is, nothing as {}, any other JSON value as `{ value }`. */
function sideOf(value: unknown): Record<string, unknown> {
  if (isObject(value)) return value;
  if (isEmpty(value)) return {};
  return { value };
}

/**
 * The readable form of an audit entry (`action`, e.g. "verification.rechecked"; `before` and
 * `after` as stored, any JSON or null): the context keys (CONTEXT_KEYS, a value taken from
 * `after`, else `before`) and, for every other field whose value differs, one change. Unchanged
 * fields are left out; nested objects are compared field by field (path ["checks", "licence#3"]);
 * lists give the members added and removed. Pure; never throws.
 */
export function describeAuditEntry(action: string, before: unknown, after: unknown): AuditDescription {
  const b = normalised(action, sideOf(before));
  const a = sideOf(after);
  const context: AuditContextItem[] = [];
  const rest = (side: Record<string, unknown>) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(side)) if (!CONTEXT.has(key)) out[key] = value;
    return out;
  };
  for (const key of CONTEXT_KEYS) {
    const from = b[key];
    const to = a[key];
    const value = isEmpty(to) ? from : to;
    const scalar = typeof value === "string" || typeof value === "number";
    if (scalar && (isEmpty(from) || isEmpty(to) || sameValue(from, to)))
      context.push({ key, value: value as string | number });
  }
  const changes: AuditChange[] = [];
  compare(rest(b), rest(a), [], changes);
  // A context key that really changed (a check's kind never does) is a change, not context.
  for (const key of CONTEXT_KEYS) {
    const from = b[key];
    const to = a[key];
    if (!isEmpty(from) && !isEmpty(to) && !sameValue(from, to))
      changes.push({ kind: "changed", path: [key], from, to });
  }
  return { context, changes };
}

/** A check label of a verification request: "licence#3" → { kind: "licence", admissionId: 3 }, "insurance" → { kind }. */
export function checkLabelOf(label: string): { kind: string; admissionId: number | null } {
  const m = /^([a-z_]+)#(\d+)$/.exec(label);
  return m?.[1] && m[2] ? { kind: m[1], admissionId: Number(m[2]) } : { kind: label, admissionId: null };
}
