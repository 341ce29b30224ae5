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
import { data, type RouterContextProvider } from "react-router";
import { feeTermsFromForm } from "../../../lib/fees.ts";
import { msg } from "../../../lib/i18n/message.ts";
import { LISTING_MESSAGES, LOGO_MAX_BYTES } from "../../../lib/listing-owner.ts";
import { servicesContext } from "../../context";
import { isDomainError, retryAfterHeaders } from "../../domain-error";
import { type PageForm, readPageForm, refuseInvalidText } from "../../form-input";
import { localizedRedirect, requestLocale } from "../../i18n/locale";
import { translateResult } from "../../i18n/messages";
import { requestMeta, requireUser } from "../../session";
import { tooManyMessage } from "../accounts";
import {
  CREATE_TEXT_FIELDS,
  type ListingActionResult,
  type ListingIntent,
  type ListingNotice,
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
};

/** True for a form that the browser sent as a page navigation (no JavaScript), not a fetch. */
function isDocumentRequest(request: Request): boolean {
  return request.headers.get("Sec-Fetch-Dest") === "document";
}

/** The text fields of a form as the payload object, with the checked practice areas. */
function payloadOf(form: PageForm, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of fields) {
    const value = form.text(name);
    if (value !== null) out[name] = value;
  }
  out.practiceAreas = form.data.getAll("practiceAreas").filter((v): v is string => typeof v === "string");
  return out;
}

/**
 * Runs one listing form (field `intent`: claim, verify-email, create, update, logo or fees) for the
 * signed-in lawyer. Signed-out visitors are sent to /login and back (requireUser). Answers
 * ListingActionResult with the service's status (400 with fieldErrors, 403 (also: create before
 * the email is verified), 404, 409, 413, 422, 429 with Retry-After), or, for a form sent without JavaScript and for a created listing, a
 * redirect to /dashboard?listing=<notice>. A body over 2 MB + 16 KB is refused with 413 before it is read;
 * text with NUL or an unpaired surrogate with 400 next to its field (issue 27 §2).
 */
export async function runListingForm({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}) {
  const user = await requireUser(request, context);
  const services = context.get(servicesContext);
  const { listings, logger } = services;
  const document = isDocumentRequest(request);
  const answer = (result: ListingActionResult, headers?: HeadersInit) => {
    if (document) {
      const tooLargeLogo = !result.ok && result.intent === "logo" && result.status === 413;
      const notice: ListingNotice = result.ok
        ? NOTICE_OF[result.intent]
        : tooLargeLogo
          ? "logo-too-large"
          : "failed";
      return localizedRedirect(request, `/dashboard?listing=${notice}#my-listing`);
    }
    return data(translateResult(requestLocale(request), result), { status: result.status, headers });
  };
  const fail = (intent: ListingIntent, status: number, message: string, fieldErrors = {}) =>
    answer({ intent, ok: false, status, message, fieldErrors });

  // Only the logo form can be this large. A body without a declared length (chunked) is not
  // read at all: browsers always declare it for forms.
  const declared = request.headers.get("Content-Length");
  if (declared === null || !/^\d{1,12}$/.test(declared)) return fail("update", 400, LISTING_MESSAGES.invalid);
  if (Number(declared) > MAX_FORM_BYTES) return fail("logo", 413, LISTING_MESSAGES.logoTooLarge);
  let form: PageForm;
  try {
    form = await readPageForm(request);
  } catch {
    return fail("update", 400, LISTING_MESSAGES.invalid);
  }
  const intent = form.text("intent");
  if (
    intent !== "claim" &&
    intent !== "verify-email" &&
    intent !== "create" &&
    intent !== "update" &&
    intent !== "logo" &&
    intent !== "fees"
  ) {
    return fail("update", 400, msg("listing:actions.unknownForm"));
  }
  try {
    refuseInvalidText(form);
    switch (intent) {
      case "claim": {
        const view = await listings.requestClaim(user, requestMeta(context));
        const email = view.kind === "claimable" ? view.email : user.email;
        return answer({
          intent,
          ok: true,
          status: 200,
          message: msg("listing:actions.linkSent", { email }),
          fieldErrors: {},
        });
      }
      case "verify-email": {
        const view = await listings.requestEmailVerification(user, requestMeta(context));
        const email = "email" in view ? view.email : user.email;
        return answer({
          intent,
          ok: true,
          status: 200,
          message: msg("listing:actions.linkSent", { email }),
          fieldErrors: {},
        });
      }
      case "create":
        await listings.createListing(user, payloadOf(form, CREATE_TEXT_FIELDS));
        // The create form gives way to the edit form: the notice travels in the URL.
        return localizedRedirect(request, `/dashboard?listing=${NOTICE_OF.create}#my-listing`);
      case "update": {
        const view = await listings.updateListing(user, payloadOf(form, UPDATE_TEXT_FIELDS));
        // Issue 19 §1: saved, but the new address could not be placed on the map automatically.
        const notFound = view.kind === "linked" && view.geocoding === "notFound";
        if (notFound && document)
          return localizedRedirect(request, "/dashboard?listing=position-not-found#my-listing");
        return answer({
          intent,
          ok: true,
          status: 200,
          message: msg(notFound ? "listing:notices.updatedPositionNotFound" : "listing:notices.updated"),
          fieldErrors: {},
        });
      }
      case "fees":
        // Issue 19 §1: the fee terms, checked against the listing's country's rule by the service.
        await listings.updateFees(
          user,
          feeTermsFromForm((field) => form.text(field)),
        );
        return answer({ intent, ok: true, status: 200, message: msg("fees:form.saved"), fieldErrors: {} });
      case "logo": {
        const file = form.data.get("logo");
        if (!(file instanceof File) || file.size === 0)
          return fail(intent, 400, LISTING_MESSAGES.logoMissing);
        await listings.setLogo(user, new Uint8Array(await file.arrayBuffer()));
        return answer({
          intent,
          ok: true,
          status: 200,
          message: msg("listing:notices.logoUpdated"),
          fieldErrors: {},
        });
      }
    }
  } catch (error) {
    if (!isDomainError(error)) {
      logger.error({ err: error, intent }, "listing form failed");
      return fail(intent, 500, msg("listing:actions.failed"));
    }
    const fields = error.fieldMessages;
    if (error.status === 429) {
      return answer(
        {
          intent,
          ok: false,
          status: 429,
          message: tooManyMessage(
            error.retryAfterSeconds,
            error.message,
            intent === "claim" || intent === "verify-email"
              ? "accounts:tooManyWait"
              : "listing:tooManyWrites",
          ),
          fieldErrors: {},
        },
        retryAfterHeaders(error),
      );
    }
    const hasFields = Object.keys(fields).length > 0;
    return fail(intent, error.status, hasFields ? LISTING_MESSAGES.invalid : error.message, fields);
  }
}
