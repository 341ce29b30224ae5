/**
 * What the dashboard's listing forms send and get back (issue 3 "Lawyer onboarding"): the form
 * intents of app/routes/dashboard.listing.tsx and its answer, shared by that action and the
 * forms in app/features/listing/MyListing.tsx. Zod-free and server-free, so the browser can import it.
 */
import type { FeeFieldErrors } from "../../../lib/fees.ts";
import type { ListingField, ListingFieldErrors } from "../../../lib/listing-owner.ts";
import { LISTING_FIELDS } from "../../../lib/listing-owner-schema.ts";
import type { FormResult } from "../../form-result";

/** The path every listing form posts to. */
export const LISTING_ACTION = "/dashboard/listing";

/**
 * Which form was sent: `claim` (send the claim link), `verify-email` (send the link that verifies
 * the account's email before it creates a listing), `create`, `update` (the edit form), `logo`
 * `fees` (fees and first meeting, issue 19 §1) or `specialist-titles` (issue 28 §2).
 */
export type ListingIntent =
  | "claim"
  | "verify-email"
  | "create"
  | "update"
  | "logo"
  | "fees"
  | "specialist-titles";

/** A saved listing form: its success message (a catalog reference), shown above the form. */
export interface ListingSaved {
  intent: ListingIntent;
  ok: true;
  message: string;
}

/**
 * A refused listing form: the one form-failure shape (app/form-result.ts FormResult, issue 30)
 * with `ok: false`; `message` is always set (above the form), `fieldErrors` holds the message
 * per listing field, per fee field for the `fees` form (lib/fees.ts FEE_FIELDS), and per
 * `specialistTitles.<i>.<field>` for the `specialist-titles` form (issue 28 §2), next to each.
 * The HTTP status is the answer's own. Messages are catalog references (lib/i18n/message.ts) or
 * plain text, in the page's language; the forms keep what was typed themselves (`values` empty).
 */
export interface ListingFormFailure extends FormResult {
  intent: ListingIntent;
  ok: false;
  message: string;
  fieldErrors: ListingFieldErrors & FeeFieldErrors & Record<string, string | undefined>;
}

/** The action's answer to a fetcher: saved, or refused (see ListingSaved, ListingFormFailure). */
export type ListingActionResult = ListingSaved | ListingFormFailure;

/**
 * The text fields of the create form, in form order: every listing field but the practice areas
 * (checkboxes, read with `getAll`).
 */
export const CREATE_TEXT_FIELDS: readonly ListingField[] = LISTING_FIELDS.filter(
  (f) => f !== "practiceAreas",
);

/** The text fields of the edit form, in form order (practice areas are checkboxes). */
export const UPDATE_TEXT_FIELDS = [
  "name",
  "firm",
  "phone",
  "businessAddress",
  "website",
  "bio",
  "languages",
  "workingHours",
  "grammaticalGender",
  "latitude",
  "longitude",
] as const satisfies readonly ListingField[];

/**
 * Notices shown on the dashboard after a form was sent without JavaScript (the action then
 * redirects to `/dashboard?listing=<code>`), or after the emailed claim link (`claimed`) or
 * verification link (`email-verified`): each code's tone and its text's key under "notices." in
 * the catalog "listing" (issue 14 §1).
 */
export const LISTING_NOTICES = {
  claimed: { tone: "success", key: "claimed" },
  updated: { tone: "success", key: "updated" },
  "position-not-found": { tone: "success", key: "updatedPositionNotFound" },
  // Issue 28 §5: "Find on map from my address" placed the office.
  "position-found": { tone: "success", key: "updatedPositionFound" },
  created: { tone: "success", key: "created" },
  "claim-sent": { tone: "success", key: "linkSent" },
  "verify-sent": { tone: "success", key: "linkSent" },
  "email-verified": { tone: "success", key: "emailVerified" },
  "logo-updated": { tone: "success", key: "logoUpdated" },
  // Issue 27 §2: a logo over 2 MB sent without JavaScript; shown next to the logo's file field.
  "logo-too-large": { tone: "error", key: "logoTooLarge" },
  failed: { tone: "error", key: "failed" },
} as const;

/** A notice code of LISTING_NOTICES. */
export type ListingNotice = keyof typeof LISTING_NOTICES;
