/**
 * The server side of the dashboard's "My listing" forms (issue 3 "Lawyer onboarding"; the
 * contract is listing-action.ts): send the claim link, send the link that verifies the account's
 * email (needed before creating a listing), create a listing, edit it, upload a logo. Each calls
 * the listings service of the router context (the same instance as the API, server/listings) and
 * answers ListingActionResult: a success message, or the message per field so the form shows it
 * next to the field while keeping what was typed. Messages are catalog references (lib/i18n/
 * message.ts) or the service's own, translated by the page (issue 14 §1). A form sent without
 * JavaScript (a document navigation) is redirected back to the dashboard of the page's locale
 * with a notice instead. Server-only:
 * app/routes/dashboard.listing.tsx's action calls it.
 */
import { feeTermsFromForm } from "../../../lib/fees.ts";
import { msg } from "../../../lib/i18n/message.ts";
import { LISTING_MESSAGES, LOGO_MAX_BYTES } from "../../../lib/listing-owner.ts";
import { specialistTitlesFromForm } from "../../../lib/specialist-titles.ts";
import { type PageForm, readPageForm, refuseInvalidText } from "../../form-input";
import { FormError, formAnswer, type PageFormSpec, runPageForm } from "../../form-result";
import { localizedRedirect, requestLocale } from "../../i18n/locale";
import { type PageArgs, requestMeta, requireUserServices } from "../../session.server";
import { tooManyMessage } from "../accounts";
import {
  CREATE_TEXT_FIELDS,
  type ListingIntent,
  type ListingNotice,
  type ListingSaved,
  UPDATE_TEXT_FIELDS,
} from "./listing-action";

/**
 * Largest accepted form body: the 2 MB logo plus 16 KB for the other parts (as the API,
 * server/api/listings.ts). Checked on Content-Length before anything is read; browsers always
 * send it for forms.
 */
const MAX_FORM_BYTES = LOGO_MAX_BYTES + 16 * 1024;

/** The notice code shown after a form sent without JavaScript. */
const NOTICE_OF: Record<ListingIntent, ListingNotice> = {
  claim: "claim-sent",
  "verify-email": "verify-sent",
  create: "created",
  update: "updated",
  logo: "logo-updated",
  fees: "updated",
  "specialist-titles": "updated",
};

/** The listing forms' intents, in the order of ListingIntent. */
const LISTING_INTENTS: ReadonlySet<string> = new Set<ListingIntent>(
  Object.keys(NOTICE_OF) as ListingIntent[],
);

/** True when `intent` names one of the listing forms. */
function isListingIntent(intent: string | null): intent is ListingIntent {
  return intent !== null && LISTING_INTENTS.has(intent);
}

/** True for a form that the browser sent as a page navigation (no JavaScript), not a fetch. */
function isDocumentRequest(request: Request): boolean {
  return request.headers.get("Sec-Fetch-Dest") === "document";
}

/**
 * The text fields of a form as the payload object, with the checked practice areas and the
 * languages: every ticked box and the chosen "add another language" option (issue 28 §5: a
 * picker, no longer one text of codes), in the form's order, empty choices dropped.
 */
function payloadOf(form: PageForm, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of fields) {
    const value = form.text(name);
    if (value !== null) out[name] = value;
  }
  out.practiceAreas = form.data.getAll("practiceAreas").filter((v): v is string => typeof v === "string");
  if (fields.includes("languages"))
    out.languages = form.data
      .getAll("languages")
      .filter((v): v is string => typeof v === "string" && v !== "");
  return out;
}

/**
 * Runs one listing form (field `intent`: claim, verify-email, create, update, logo, fees or
 * specialist-titles) for the signed-in lawyer, through runPageForm (app/form-result.ts, issue 30
 * "one form contract"). Signed-out visitors are sent to /login and back (requireUser). Answers
 * ListingSaved (200), or ListingFormFailure with the service's status (400 with fieldErrors and
 * LISTING_MESSAGES.invalid above the form, 403 (also: create before the email is verified), 404,
 * 409, 413, 422, 429 with Retry-After, 500), or, for a form sent without JavaScript and for a
 * created listing, a redirect to /dashboard?listing=<notice>. A body over 2 MB + 16 KB is refused
 * with 413 before it is read; text with NUL or an unpaired surrogate with 400 next to its field
 * (issue 27 §2).
 */
export async function runListingForm(args: PageArgs) {
  const { request } = args;
  const { user, services } = await requireUserServices(args);
  const { listings, logger } = services;
  const document = isDocumentRequest(request);
  const locale = requestLocale(request);
  // The form a refusal belongs to: "update" until the posted intent is read.
  const spec: PageFormSpec<string> & { intent: ListingIntent } = {
    intent: "update",
    locale,
    extra: { ok: false },
    fieldsMessage: LISTING_MESSAGES.invalid,
    tooMany: (error) =>
      tooManyMessage(
        error.retryAfterSeconds,
        error.message,
        spec.intent === "claim" || spec.intent === "verify-email"
          ? "accounts:tooManyWait"
          : "listing:tooManyWrites",
      ),
    unexpected: {
      fallback: msg("listing:actions.failed"),
      log: (error) => logger.error({ err: error, intent: spec.intent }, "listing form failed"),
    },
  };
  /** A saved form: its message as data, or (sent without JavaScript) back to the dashboard's notice. */
  const saved = (intent: ListingIntent, message: string) =>
    document
      ? localizedRedirect(request, `/dashboard?listing=${NOTICE_OF[intent]}#my-listing`)
      : formAnswer<ListingSaved>({ intent, ok: true, message }, 200, { locale });

  const answered = await runPageForm(spec, async () => {
    // Only the logo form can be this large. A body without a declared length (chunked) is not
    // read at all: browsers always declare it for forms.
    const declared = request.headers.get("Content-Length");
    if (declared === null || !/^\d{1,12}$/.test(declared)) throw new FormError(400, LISTING_MESSAGES.invalid);
    if (Number(declared) > MAX_FORM_BYTES) {
      spec.intent = "logo";
      throw new FormError(413, LISTING_MESSAGES.logoTooLarge);
    }
    const form = await readPageForm(request).catch(() => {
      throw new FormError(400, LISTING_MESSAGES.invalid);
    });
    const intent = form.text("intent");
    if (!isListingIntent(intent)) throw new FormError(400, msg("listing:actions.unknownForm"));
    spec.intent = intent;
    refuseInvalidText(form);
    switch (intent) {
      case "claim": {
        const view = await listings.requestClaim(user, requestMeta(args.context));
        return saved(
          intent,
          msg("listing:actions.linkSent", { email: view.kind === "claimable" ? view.email : user.email }),
        );
      }
      case "verify-email": {
        const view = await listings.requestEmailVerification(user, requestMeta(args.context));
        return saved(
          intent,
          msg("listing:actions.linkSent", { email: "email" in view ? view.email : user.email }),
        );
      }
      case "create":
        await listings.createListing(user, payloadOf(form, CREATE_TEXT_FIELDS));
        // The create form gives way to the edit form: the notice travels in the URL.
        return localizedRedirect(request, `/dashboard?listing=${NOTICE_OF.create}#my-listing`);
      case "update": {
        // Issue 28 §5: "Find on map from my address" is this form's second submit button.
        const locate = form.text("locate") === "1";
        const view = await listings.updateListing(user, payloadOf(form, UPDATE_TEXT_FIELDS), { locate });
        // Issue 19 §1: saved, but the new address could not be placed on the map automatically.
        const notFound = view.kind === "linked" && view.geocoding === "notFound";
        const found = locate && view.kind === "linked" && view.geocoding === "found";
        if (notFound && document)
          return localizedRedirect(request, "/dashboard?listing=position-not-found#my-listing");
        if (found && document)
          return localizedRedirect(request, "/dashboard?listing=position-found#my-listing");
        return saved(
          intent,
          msg(
            notFound
              ? "listing:notices.updatedPositionNotFound"
              : found
                ? "listing:notices.updatedPositionFound"
                : "listing:notices.updated",
          ),
        );
      }
      case "fees":
        // Issue 19 §1: the fee terms, checked against the listing's country's rule by the service.
        await listings.updateFees(
          user,
          feeTermsFromForm((field) => form.text(field)),
        );
        return saved(intent, msg("fees:form.saved"));
      case "specialist-titles":
        // Issue 28 §2: the rows the lawyer filled in; the service checks and saves them.
        await listings.updateSpecialistTitles(user, {
          specialistTitles: specialistTitlesFromForm((name) => form.text(name)),
        });
        return saved(intent, msg("listing:specialistTitles.saved"));
      case "logo": {
        const file = form.data.get("logo");
        if (!(file instanceof File) || file.size === 0)
          throw new FormError(400, LISTING_MESSAGES.logoMissing);
        await listings.setLogo(user, new Uint8Array(await file.arrayBuffer()));
        return saved(intent, msg("listing:notices.logoUpdated"));
      }
    }
  });
  if (!document || answered instanceof Response) return answered;
  // A refused form sent without JavaScript: back to the dashboard with a notice (issue 27 §2:
  // an oversized logo's shows next to the logo's file field).
  const tooLargeLogo = spec.intent === "logo" && answered.init?.status === 413;
  return localizedRedirect(
    request,
    `/dashboard?listing=${tooLargeLogo ? "logo-too-large" : "failed"}#my-listing`,
  );
}
