/**
 * Specialist titles (issue 28 §2): a title a body confers on a lawyer for a field, as conferred
 * and in its original language, e.g. "Fachanwalt für Verkehrsrecht" by the Rechtsanwaltskammer
 * München (§ 43c BRAO with the Fachanwaltsordnung), an APIL or Law Society accreditation in the
 * United Kingdom, "Board Certified in Civil Trial Law" by the National Board of Trial Advocacy in
 * the United States. A listing states them as `specialistTitles` (the lawyer JSON, the listing
 * form's "Specialist titles", the import); each one is checked on its own (check kind
 * `specialist_title`, lib/verification.ts specialistTitleCheck) and the profile shows it with
 * its state. The shape check is here, zod-free and I/O-free (the browser, the server, the import
 * and the seed import it); messages are catalog references of the `listing` namespace.
 */
import { PRACTICE_AREAS, type PracticeArea } from "./constants.ts";
import { msg } from "./i18n/message.ts";

/** One title: as conferred (original language), the body that conferred it, a practice area, the year. */
export interface SpecialistTitle {
  /** The title as conferred, in its original language ("Fachanwalt für Verkehrsrecht"). */
  title: string;
  /** The body that conferred it ("Rechtsanwaltskammer München", "National Board of Trial Advocacy"). */
  issuer: string;
  /** The practice area of the taxonomy it belongs to (lib/taxonomy.ts PRACTICE_AREAS). */
  area: PracticeArea;
  /** The year it was conferred. */
  since: number;
}

/** At most this many titles a listing (German lawyers may hold up to three Fachanwalt titles, § 43c(1) BRAO). */
export const SPECIALIST_TITLES_MAX = 5;
/** Longest title and issuer, characters (the columns' sibling limits). */
export const SPECIALIST_TITLE_LENGTH = { title: 200, issuer: 200 } as const;
/** The earliest year a title may be dated. */
export const SPECIALIST_TITLE_FIRST_YEAR = 1950;

/** The fields of one title, also the last part of its form fields' and errors' names. */
export const SPECIALIST_TITLE_FIELDS = ["title", "issuer", "area", "since"] as const;
/** One field of a title. */
export type SpecialistTitleField = (typeof SPECIALIST_TITLE_FIELDS)[number];

/**
 * The key of a title's field in `fieldErrors` and the listing form: `specialistTitles.<i>.<field>`
 * (0-based), e.g. "specialistTitles.0.since".
 */
export function specialistTitleKey(index: number, field: SpecialistTitleField): string {
  return `specialistTitles.${index}.${field}`;
}

/** Messages (catalog references). */
export const SPECIALIST_TITLE_MESSAGES = {
  shape: msg("listing:specialistTitles.errors.shape", { max: SPECIALIST_TITLES_MAX }),
  title: msg("listing:specialistTitles.errors.title", { max: SPECIALIST_TITLE_LENGTH.title }),
  issuer: msg("listing:specialistTitles.errors.issuer", { max: SPECIALIST_TITLE_LENGTH.issuer }),
  area: msg("listing:specialistTitles.errors.area"),
  since: (last: number) =>
    msg("listing:specialistTitles.errors.since", { first: SPECIALIST_TITLE_FIRST_YEAR, last }),
  repeated: msg("listing:specialistTitles.errors.repeated"),
} as const;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * A text field: trimmed, NFC, one line (no C0/C1 control character, no line break or tab: the
 * rule of lib/listing-owner-schema.ts hasControlCharacters), 1 to `max` characters; null when not.
 */
function text(v: unknown, max: number): string | null {
  if (typeof v !== "string") return null;
  const t = v.trim().normalize("NFC");
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  return t.length >= 1 && t.length <= max && !/[\u0000-\u001f\u007f-\u009f]/.test(t) ? t : null;
}

/** A year from JSON or a form ("2012"); NaN for anything else. */
function yearOf(v: unknown): number {
  if (typeof v === "number") return v;
  if (typeof v === "string" && /^\s*\d{4}\s*$/.test(v)) return Number(v);
  return Number.NaN;
}

/**
 * Reads a `specialistTitles` payload: an array of at most SPECIALIST_TITLES_MAX objects with
 * exactly `title`, `issuer` (trimmed, NFC, one line, 1–200 characters), `area` (one of
 * PRACTICE_AREAS) and `since` (a whole year from 1950 to `currentYear`); the same title from the
 * same body twice is refused. Answers the titles in the order given, or the errors keyed by
 * specialistTitleKey (`specialistTitles` for the array itself). Never throws.
 */
export function parseSpecialistTitles(
  input: unknown,
  currentYear: number,
): { titles: SpecialistTitle[] | null; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (!Array.isArray(input) || input.length > SPECIALIST_TITLES_MAX)
    return { titles: null, errors: { specialistTitles: SPECIALIST_TITLE_MESSAGES.shape } };
  const titles: SpecialistTitle[] = [];
  input.forEach((raw, i) => {
    if (
      !isObject(raw) ||
      Object.keys(raw).some((k) => !(SPECIALIST_TITLE_FIELDS as readonly string[]).includes(k))
    ) {
      errors.specialistTitles = SPECIALIST_TITLE_MESSAGES.shape;
      return;
    }
    const title = text(raw.title, SPECIALIST_TITLE_LENGTH.title);
    const issuer = text(raw.issuer, SPECIALIST_TITLE_LENGTH.issuer);
    const area = (PRACTICE_AREAS as readonly unknown[]).includes(raw.area)
      ? (raw.area as PracticeArea)
      : null;
    const since = yearOf(raw.since);
    const sinceOk = Number.isInteger(since) && since >= SPECIALIST_TITLE_FIRST_YEAR && since <= currentYear;
    if (title === null) errors[specialistTitleKey(i, "title")] = SPECIALIST_TITLE_MESSAGES.title;
    if (issuer === null) errors[specialistTitleKey(i, "issuer")] = SPECIALIST_TITLE_MESSAGES.issuer;
    if (area === null) errors[specialistTitleKey(i, "area")] = SPECIALIST_TITLE_MESSAGES.area;
    if (!sinceOk) errors[specialistTitleKey(i, "since")] = SPECIALIST_TITLE_MESSAGES.since(currentYear);
    if (title === null || issuer === null || area === null || !sinceOk) return;
    if (titles.some((t) => sameSpecialistTitle(t, { title, issuer })))
      errors[specialistTitleKey(i, "title")] = SPECIALIST_TITLE_MESSAGES.repeated;
    else titles.push({ title, issuer, area, since });
  });
  return Object.keys(errors).length > 0 ? { titles: null, errors } : { titles, errors };
}

/** Whether two titles are the same title from the same body (case-insensitive, as stored). */
export function sameSpecialistTitle(
  a: { title: string; issuer: string },
  b: { title: string; issuer: string },
): boolean {
  return (
    a.title.toLocaleLowerCase("und") === b.title.toLocaleLowerCase("und") &&
    a.issuer.toLocaleLowerCase("und") === b.issuer.toLocaleLowerCase("und")
  );
}

/**
 * The titles of a lawyers row's `specialist_titles` JSON, never throwing: entries that are not
 * well-formed titles (an old or hand-edited row) are left out.
 */
export function specialistTitlesOf(value: unknown): SpecialistTitle[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (t): t is SpecialistTitle =>
      isObject(t) &&
      typeof t.title === "string" &&
      typeof t.issuer === "string" &&
      (PRACTICE_AREAS as readonly unknown[]).includes(t.area) &&
      typeof t.since === "number",
  );
}

/**
 * The `specialistTitles` payload of the listing form's fields (`specialistTitles.<i>.<field>`,
 * rows 0 to SPECIALIST_TITLES_MAX - 1): a row whose four fields are all empty is left out; the
 * others are sent as typed for parseSpecialistTitles to check. `get` answers a field's value.
 */
export function specialistTitlesFromForm(get: (name: string) => string | null): Record<string, string>[] {
  const rows: Record<string, string>[] = [];
  for (let i = 0; i < SPECIALIST_TITLES_MAX; i++) {
    const row = Object.fromEntries(
      SPECIALIST_TITLE_FIELDS.map((f) => [f, (get(specialistTitleKey(i, f)) ?? "").trim()]),
    );
    if (Object.values(row).some((v) => v !== "")) rows.push(row);
  }
  return rows;
}
