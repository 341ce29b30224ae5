/**
 * The pages' form reader (issue 27 §2 "One input boundary", §3): every page action reads its form
 * with readPageForm, never with `request.formData()` (app/routes/input-boundary.test.ts checks
 * both: no other reader in app/, and every action's text fields refuse NUL). The form's fields
 * come as a record without a prototype, so a field named `__proto__` or `toString` is an ordinary
 * key; `invalid` names every field whose name, text or file name holds NUL or an unpaired UTF-16
 * surrogate (lib/input-boundary.ts), and refuseInvalidText turns it into the 400 DomainError the
 * action's failure path already shows next to each field, in the page's language, with what was
 * typed kept.
 */
import {
  formTextFields,
  INVALID_CHARACTERS_MESSAGE,
  invalidFormFields,
  nullRecord,
} from "../lib/input-boundary.ts";
import type { DomainError } from "./domain-error.ts";

/** A page form as an action reads it (readPageForm). */
export interface PageForm {
  /** The form as sent (files and repeated names included). */
  readonly data: FormData;
  /** The first text value of each field, in a record without a prototype. */
  readonly fields: Record<string, string>;
  /**
   * The fields whose name, text or file name holds a character no text may hold, each with
   * INVALID_CHARACTERS_MESSAGE (a catalog reference), in a record without a prototype; empty
   * when the form is clean. RETURN_PATH_FIELDS are left to their own rule.
   */
  readonly invalid: Readonly<Record<string, string>>;
  /** The first text value of `name`, or null when there is none (absent, or a file). */
  text(name: string): string | null;
}

/**
 * Fields that carry a return path (`redirectTo` of the sign-in, sign-up and second-factor forms):
 * never stored or shown, only resolved by lib/redirects.ts safeRedirect, which refuses control
 * characters by falling back to the dashboard (docs/security.md "Redirects"). They are not refused
 * here, so a crafted return path can never block a sign-in.
 */
export const RETURN_PATH_FIELDS: readonly string[] = ["redirectTo"];

/** The PageForm of parsed form data. */
export function pageFormOf(data: FormData): PageForm {
  const fields = formTextFields(data);
  const invalid = invalidFormFields(data);
  for (const name of RETURN_PATH_FIELDS) delete invalid[name];
  return {
    data,
    fields,
    invalid,
    text: (name) => (Object.hasOwn(fields, name) ? (fields[name] as string) : null),
  };
}

/**
 * Reads a page's form post (url-encoded or multipart; the page form guard,
 * server/security/page-forms.ts, has bounded it). Rejects as `request.formData()` does when the
 * body is not a form that parses.
 */
export async function readPageForm(request: Request): Promise<PageForm> {
  return pageFormOf(await request.formData());
}

/**
 * The 400 of a form with text no field may hold: a DomainError by shape (app/domain-error.ts;
 * app/ does not import server/errors.ts at run time) whose `fieldErrors` name each such field.
 */
export class InvalidTextError extends Error implements DomainError {
  readonly isDomainError = true;
  readonly status = 400;
  readonly retryAfterSeconds = undefined;
  readonly fieldErrors: Record<string, string[]>;

  /** @param invalid the fields and their message (PageForm.invalid), at least one */
  constructor(invalid: Readonly<Record<string, string>>) {
    super(INVALID_CHARACTERS_MESSAGE);
    this.name = "ValidationError";
    this.fieldErrors = nullRecord<string[]>();
    for (const [field, message] of Object.entries(invalid)) this.fieldErrors[field] = [message];
  }

  /** The first field with invalid text. */
  get field(): string | undefined {
    return Object.keys(this.fieldErrors)[0];
  }

  /** The message of each field (no prototype). */
  get fieldMessages(): Record<string, string> {
    const out = nullRecord<string>();
    for (const [field, list] of Object.entries(this.fieldErrors)) if (list[0]) out[field] = list[0];
    return out;
  }
}

/**
 * Throws InvalidTextError when a field of `form` holds NUL or an unpaired surrogate; call it
 * inside the action's try, before any service sees the form, so the failure is answered like any
 * other 400 of the page: next to the field, in the page's language, what was typed kept.
 */
export function refuseInvalidText(form: Pick<PageForm, "invalid"> | null): void {
  if (form && Object.keys(form.invalid).length > 0) throw new InvalidTextError(form.invalid);
}
