/**
 * The case page's server half (issue 4 "Tracking and messages", issue 16, issue 17; the route
 * module app/routes/case.tsx binds it): the access guard (docs/design.md §3: the case's client, its
 * lawyer, or the holder of its tracking cookie; anyone else the 404), the loader's data, and the
 * action of the page's forms by `intent` (status, message, accept, decline, withdraw, resend,
 * review), each through runPageForm (app/form-result.ts): a refusal answers FormResult with the
 * form's `intent`, every answer carries CASE_PAGE_HEADERS. Messages stay catalog references: the
 * page's component translates them into its language.
 */
import { data, type RouterContextProvider } from "react-router";
import {
  CaseAcceptSchema,
  CaseDeclineSchema,
  CaseMessageSchema,
  CaseStatusChangeSchema,
} from "../../../lib/cases.ts";
import { msg } from "../../../lib/i18n/message.ts";
import { nullRecord } from "../../../lib/input-boundary.ts";
import type { LawyerDTO } from "../../../lib/lawyer.ts";
import { DEFAULT_SEARCH } from "../../../lib/search-state.ts";
import { zodIssueMessage } from "../../../lib/zod-issue-message.ts";
import type { CaseViewer } from "../../../server/cases/service.ts";
import { pageContentSecurityPolicy } from "../../content-security-policy";
import { servicesContext } from "../../context";
import type { DomainError } from "../../domain-error";
import { type PageForm, readPageForm } from "../../form-input";
import { FormError, type FormResult, formResultOf, runPageForm } from "../../form-result";
import { localizedRedirect } from "../../i18n/locale";
import { viewerPhone } from "../../i18n/phone.server";
import { getOptionalUser } from "../../session.server";
import type { ResendCandidate } from "../responses";
import { formFieldOf, REVIEW_FORM_FIELDS, reviewBodyOf } from "../reviews";

/** What the case page's loader and action get (React Router's arguments of /cases/:id). */
export interface CasePageArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: { id: string };
}

/**
 * Content-Security-Policy of the case page (issue 4 "Safety"): the site's strict policy
 * (app/content-security-policy.ts, issue 13 §1: scripts only with this response's nonce, filled
 * in entry.server.tsx, so a script injected through what a person typed has none; no plugins,
 * `<base>` or framing), never the ad network's hosts, and form posts to this site only.
 */
export const CASE_PAGE_CSP = pageContentSecurityPolicy({ ads: false, extra: ["form-action 'self'"] });

/** Headers of every answer of the case page: no Referer beyond the site, never cached, the CSP. */
export const CASE_PAGE_HEADERS = {
  "Referrer-Policy": "same-origin",
  "Cache-Control": "private, no-store",
  "Content-Security-Policy": CASE_PAGE_CSP,
} as const;

/** The 404 every non-party gets (the same as an unknown page). */
export function notFound(): never {
  throw data({ message: msg("cases:page.notFound") }, { status: 404, headers: CASE_PAGE_HEADERS });
}

/** Who is asking: the signed-in user and the case's tracking cookie. */
async function viewerOf({ request, context, params }: CasePageArgs): Promise<CaseViewer> {
  const { cases } = context.get(servicesContext);
  return {
    user: await getOptionalUser(request, context),
    trackingToken: cases.trackingTokenFromRequest(request, params.id),
  };
}

/**
 * With `?token=`: a valid tracking token, or an unexpired access token of a later email (issue 16
 * §1/§3), sets the case's cookie (unless it would replace the tracking token the browser holds with
 * an access token) and redirects to the clean address; a wrong one is a 404. Otherwise answers
 * the case for one of its parties (`viewerRole` says which) with its lawyer's country
 * (`lawyerCountryCode`, "" when unknown: the budget's currency, issue 14 §2), or throws the 404.
 */
export async function loadCasePage(args: CasePageArgs) {
  const { request, context, params } = args;
  const { cases, directory } = context.get(servicesContext);
  const token = new URL(request.url).searchParams.get("token");
  if (token !== null) {
    const kind = await cases.checkTrackingToken(params.id, token);
    if (!kind) notFound();
    // Issue 16 §1/§3: an emailed access token (it expires) never replaces the tracking token this
    // browser already holds (it does not).
    const held = cases.trackingTokenFromRequest(request, params.id);
    const keep =
      kind === "access" && held !== null && (await cases.checkTrackingToken(params.id, held)) === "tracking";
    throw localizedRedirect(request, `/cases/${params.id}`, {
      headers: keep
        ? CASE_PAGE_HEADERS
        : { ...CASE_PAGE_HEADERS, "Set-Cookie": cases.trackingCookie(params.id, token) },
    });
  }
  const viewer = await viewerOf(args);
  const found = await cases.get(params.id, viewer);
  if (!found) notFound();
  const lawyerCountryCode = found.budget
    ? ((await directory.getLawyer(found.lawyerId))?.countryCode ?? "")
    : "";
  // The client's phone (E.164) for this reader: national in their own region (issue 14 §2); null
  // for the lawyer before acceptance (issue 27 §2: the summary only).
  const clientPhone = found.clientPhone === null ? null : viewerPhone(found.clientPhone, request);
  const resend = await resendOffer(args, viewer, found.lawyerId, found.lawyerManaged);
  const services = context.get(servicesContext);
  // Issue 16 §3: a case re-sent from an unanswered one says so to both parties.
  const isCopy = await services.responses.isCopy(found.id);
  // Issue 16 §1: whether and when the client may review the lawyer, and their review.
  const review = await services.reviews.eligibility(params.id, viewer);
  // Issue 17 §3: the client sees who downloaded the case's documents (null for the lawyer).
  const downloads = await cases.downloads(params.id, viewer);
  return data(
    {
      case: found,
      signedIn: viewer.user !== null,
      lawyerCountryCode,
      clientPhone,
      resend,
      isCopy,
      review,
      downloads,
    },
    { headers: CASE_PAGE_HEADERS },
  );
}

/**
 * Issue 16 §3: for the client of a case that is unanswered after 24 h, the offer to re-send it:
 * `find` (the `?find=` text, at most 100 characters) and up to 12 matching listings from the
 * directory's search, without the case's own lawyer and those that already have a copy. Null
 * when there is no offer (the lawyer, an answered or young case).
 */
async function resendOffer(
  { request, context, params }: CasePageArgs,
  viewer: CaseViewer,
  ownLawyerId: number,
  ownManaged: boolean,
): Promise<{ find: string; candidates: ResendCandidate[] } | null> {
  const { responses, directory } = context.get(servicesContext);
  const offer = await responses.offer(params.id, viewer);
  if (!offer?.open) return null;
  const find = (new URL(request.url).searchParams.get("find") ?? "").trim().slice(0, 100);
  const skip = new Set([ownLawyerId, ...offer.sentTo]);
  const candidate = (l: LawyerDTO): ResendCandidate => ({
    id: l.id,
    name: l.name,
    firm: l.firm,
    location: l.location,
  });
  // Issue 28 §4: before a search, a case whose listing nobody manages is offered the managed
  // lawyers nearby (the profile's list).
  if (find === "") {
    const nearby = ownManaged ? [] : ((await directory.managedNearby(ownLawyerId)) ?? []);
    return { find, candidates: nearby.filter((l) => !skip.has(l.id)).map(candidate) };
  }
  const found = await directory.searchLawyers({ ...DEFAULT_SEARCH, query: find, pageSize: 12 });
  return { find, candidates: found.lawyers.filter((l) => !skip.has(l.id)).map(candidate) };
}

/** The intents of the case page's forms. */
export type CasePageIntent = "status" | "message" | "resend" | "accept" | "decline" | "withdraw" | "review";

/** A ticked checkbox as a plain form sends it ("on") or as a script does ("true"). */
const ticked = (form: PageForm, name: string) => form.text(name) === "true" || form.text(name) === "on";

/** The first message of a zod parse's refusal, else `fallback` (a catalog reference). */
function firstIssue(
  parsed: { success: false; error: { issues: Parameters<typeof zodIssueMessage>[0][] } },
  fallback: string,
) {
  const issue = parsed.error.issues[0];
  return issue ? zodIssueMessage(issue) : fallback;
}

/**
 * The page's forms, by `intent` (see the module comment): "status" (the lawyer; field `status`),
 * "message" (either party; field `body`), "accept" (box `noConflict`), "decline" (`reason`),
 * "withdraw" (box `confirm`; redirects to /cases/withdrawn), "resend" (issue 16 §3: `lawyerId`,
 * `healthDataConsent`; redirects to the new case with its tracking cookie) and "review" (issue 16
 * §1). Success redirects back to /cases/{id} (a reload does not post again). A refusal answers
 * FormResult with its status: 400 (a bad value, or text with NUL or an unpaired surrogate: issue
 * 27 §2), 403 (a client changing the status), 409 (a move the case state machine refuses), 429
 * (past a limit, with Retry-After); a non-party gets the 404.
 */
export async function casePageAction(args: CasePageArgs) {
  const { request, context, params } = args;
  const services = context.get(servicesContext);
  const viewer = await viewerOf(args);
  if (!(await services.cases.access(params.id, viewer))) notFound();
  const form = await readPageForm(request);
  const asked = form.text("intent");
  const intent: CasePageIntent =
    asked === "resend" ||
    asked === "review" ||
    asked === "accept" ||
    asked === "decline" ||
    asked === "withdraw" ||
    asked === "status"
      ? asked
      : "message";
  const back = () => localizedRedirect(request, `/cases/${params.id}`, { headers: CASE_PAGE_HEADERS });
  const lawyerId = Number(form.text("lawyerId"));
  const values = nullRecord<string>();
  for (const name of intent === "review"
    ? REVIEW_FORM_FIELDS
    : intent === "resend"
      ? ["lawyerId"]
      : ["body", "reason"]) {
    const v = form.text(name);
    if (v !== null) values[name] = v;
  }
  const refuse = async (error: DomainError): Promise<FormResult | undefined> => {
    if (error.status !== 404) return undefined;
    if (intent === "resend" && error.field === "lawyerId") return undefined;
    if (intent === "review" && (await services.cases.access(params.id, viewer))) return undefined;
    notFound();
  };
  const spec = { form, intent, values, headers: CASE_PAGE_HEADERS, refuse };
  const ip = services.clientIp(context);
  switch (intent) {
    case "status":
      return runPageForm(spec, async () => {
        const parsed = CaseStatusChangeSchema.safeParse({ status: form.text("status") });
        if (!parsed.success) throw new FormError(400, msg("cases:page.chooseStatus"), "status");
        await services.cases.changeStatus(params.id, viewer, parsed.data.status);
        return back();
      });
    case "message":
      return runPageForm(spec, async () => {
        const parsed = CaseMessageSchema.safeParse({ body: form.text("body") ?? "" });
        if (!parsed.success)
          throw new FormError(400, firstIssue(parsed, msg("cases:page.writeMessage")), "body");
        await services.cases.addMessage(params.id, viewer, parsed.data.body, ip);
        return back();
      });
    case "accept":
      return runPageForm(spec, async () => {
        const parsed = CaseAcceptSchema.safeParse({ noConflict: ticked(form, "noConflict") || undefined });
        if (!parsed.success) throw new FormError(400, msg("validation:case.noConflict"), "noConflict");
        await services.cases.accept(params.id, viewer);
        return back();
      });
    case "decline":
      return runPageForm(spec, async () => {
        const parsed = CaseDeclineSchema.safeParse({ reason: form.text("reason") ?? "" });
        if (!parsed.success)
          throw new FormError(400, firstIssue(parsed, msg("cases:intake.decisionError")), "reason");
        await services.cases.decline(params.id, viewer, parsed.data.reason);
        return back();
      });
    case "withdraw":
      return runPageForm(spec, async () => {
        if (!ticked(form, "confirm"))
          throw new FormError(400, msg("cases:withdraw.confirmRequired"), "confirm");
        await services.cases.withdraw(params.id, viewer, ip);
        return localizedRedirect(request, "/cases/withdrawn", { headers: CASE_PAGE_HEADERS });
      });
    case "resend":
      return runPageForm(spec, async () => {
        if (!Number.isInteger(lawyerId) || lawyerId <= 0)
          throw new FormError(400, msg("cases:resend.choose"), "lawyerId");
        const consent = ticked(form, "healthDataConsent");
        const r = await services.responses.resend(
          params.id,
          viewer,
          { lawyerId, healthDataConsent: consent },
          ip,
        );
        // Issue 27 §2: the new case's signal for the review checks, as for a first submission.
        await services.reviewSignals.record(
          { kind: "case_submitted", userId: viewer.user?.id ?? null, caseId: r.caseId },
          { ip, device: services.device(context) },
        );
        return localizedRedirect(request, `/cases/${r.caseId}`, {
          headers: {
            ...CASE_PAGE_HEADERS,
            "Set-Cookie": services.cases.trackingCookie(r.caseId, r.trackingToken),
          },
        });
      });
    case "review":
      return runPageForm(
        {
          ...spec,
          // The service names nested fields ("ratings.outcome"): each message goes to its form field.
          refuse: async (error) => {
            await refuse(error);
            const fieldErrors = nullRecord<string>();
            for (const [key, list] of Object.entries(error.fieldErrors ?? {})) {
              const field = formFieldOf(key);
              if (list[0] && !fieldErrors[field]) fieldErrors[field] = list[0];
            }
            return { ...formResultOf(error, spec), message: error.message, fieldErrors };
          },
        },
        async () => {
          const state = await services.reviews.eligibility(params.id, viewer);
          const write = state?.review ? services.reviews.update : services.reviews.create;
          await write(params.id, viewer, reviewBodyOf(values), ip, services.device(context));
          return localizedRedirect(request, `/cases/${params.id}#case-review`, {
            headers: CASE_PAGE_HEADERS,
          });
        },
      );
  }
}

/** The case page's loader data (loadCasePage), for the component. */
export type CasePageData = Awaited<ReturnType<typeof loadCasePage>>["data"];
