/**
 * What the dashboard's listing forms send and get back (issue 3 "Lawyer onboarding"): the form
 * intents of app/routes/dashboard.listing.tsx and its answer, shared by that action and the
 * forms in app/features/listing/MyListing.tsx. Zod-free and server-free, so the browser can import it.
 */
import type { ListingField, ListingFieldErrors } from "../../../lib/listing-owner.ts";
import { LISTING_FIELDS } from "../../../lib/listing-owner-schema.ts";

/** The path every listing form posts to. */
export const LISTING_ACTION = "/dashboard/listing";

/**
 * Which form was sent: `claim` (send the claim link), `verify-email` (send the link that verifies
 * the account's email before it creates a listing), `create`, `update` (the edit form) or `logo`.
 */
export type ListingIntent = "claim" | "verify-email" | "create" | "update" | "logo";

/**
 * The action's answer: `ok` with a success message, or the message for the whole form and one
 * per field (`fieldErrors`), so the form shows each next to its field. `status` is the HTTP status.
 */
export interface ListingActionResult {
  intent: ListingIntent;
  ok: boolean;
  status: number;
  message: string;
  fieldErrors: ListingFieldErrors;
}

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
] as const satisfies readonly ListingField[];

/**
 * Notices shown on the dashboard after a form was sent without JavaScript (the action then
 * redirects to `/dashboard?listing=<code>`), or after the emailed claim link (`claimed`) or
 * verification link (`email-verified`).
 */
export const LISTING_NOTICES = {
  claimed: { tone: "success", text: "Your listing is now linked to your account. You can edit it below." },
  updated: { tone: "success", text: "Your listing has been updated" },
  created: {
    tone: "success",
    text: "Your listing has been created. It shows without the Verified badge until we have verified it.",
  },
  "claim-sent": { tone: "success", text: "Check your email: we have sent you a verification link." },
  "verify-sent": { tone: "success", text: "Check your email: we have sent you a verification link." },
  "email-verified": {
    tone: "success",
    text: "Your email address is verified. You can now create your listing.",
  },
  "logo-updated": { tone: "success", text: "Your logo has been updated" },
  failed: {
    tone: "error",
    text: "Nothing was saved: some fields need attention. Please check them and try again.",
  },
} as const;

/** A notice code of LISTING_NOTICES. */
export type ListingNotice = keyof typeof LISTING_NOTICES;
