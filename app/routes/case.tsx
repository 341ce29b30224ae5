/**
 * /cases/{id} (issue 4 "Tracking and messages"; spec §1 "track case status and message the
 * lawyer"): the case page for its two parties only: the summary with every field, the documents
 * (downloadable attachments), the status timeline, the message thread with a form for either
 * party and, for the lawyer, the status control, which offers only the moves the case state
 * machine allows now (issue 27 §2, lib/case-states.ts lawyerStatusChoices: none for a pending or a
 * declined case). Works without JavaScript (plain forms; the action redirects back to the page
 * after a change).
 *
 * Access (DESIGN.md §3: the loader's own guard): the signed-in client who submitted the case, the
 * lawyer account linked to its listing, or the holder of its tracking cookie. The emailed link
 * `/cases/{id}?token=…` checks the token, stores it in an HttpOnly, Secure, SameSite=Lax cookie
 * (`lexatlas_case_{id}`, Path=/ so the localized pages receive it, one year) and redirects to `/cases/{id}` so the token leaves
 * the address bar. Anyone else, and any malformed id or wrong token, gets the 404 page.
 *
 * Every answer carries CASE_PAGE_HEADERS: `Referrer-Policy: same-origin`, `Cache-Control:
 * private, no-store` and a Content-Security-Policy. Everything a person typed is rendered as
 * React text (escaped).
 *
 * Issue 16 §3: the client of an unanswered case older than 24 h sees the notice and can send the
 * same case to another lawyer (ResendPanel: `?find=` lists listings, intent "resend" posts the
 * choice with the explicit consent; the new case's tracking cookie is set and the page redirects
 * to it).
 *
 * Issue 17 (privacy by design; app/features/cases/CaseIntake.tsx): the conflict-check summary and,
 * for the lawyer of a pending case, Accept for review / Decline (intents "accept", "decline";
 * §2, ABA Model Rule 1.18) — the description, documents, budget, date needed and contact details
 * show to the lawyer only after acceptance (server/cases/visibility.ts; the loader gets them as
 * null before); the consents given (§1); for the client of a case not accepted, "Withdraw and
 * delete this case" (intent "withdraw", §4), which redirects to /cases/withdrawn. A declined case
 * is offered the re-send at once, with the health-data consent.
 * Issue 17 §3: the client sees every download of the case's documents (DocumentDownloads).
 *
 * Issue 14: every text in the page's language (namespace "cases"), option labels from the stored
 * values, dates for the page's locale (in UTC), the budget band in the lawyer's currency, and the
 * redirects keep the locale.
 */

import {
  Anchor,
  Button,
  Card,
  Container,
  Group,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { useTranslation } from "react-i18next";
import { data, Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { isolateIn } from "../../lib/bidi.ts";
import { lawyerStatusChoices } from "../../lib/case-states.ts";
import {
  CASE_MESSAGE_MAX,
  CaseAcceptSchema,
  CaseDeclineSchema,
  CaseMessageSchema,
  CaseStatusChangeSchema,
} from "../../lib/cases.ts";
import { dirOf } from "../../lib/i18n/locales.ts";
import { msg, translateMessage } from "../../lib/i18n/message.ts";
import { nullRecord } from "../../lib/input-boundary.ts";
import type { LawyerDTO } from "../../lib/lawyer.ts";
import { DEFAULT_SEARCH } from "../../lib/search-state.ts";
import { zodIssueMessage } from "../../lib/zod-issue-message.ts";
import type { CaseDetail, CaseDownloadInfo, CaseViewer } from "../../server/cases/service.ts";
import type { ReviewEligibility } from "../../server/reviews/service.ts";
import { pageContentSecurityPolicy } from "../content-security-policy";
import { servicesContext } from "../context";
import { CaseConsents, IntakeSection, WithdrawCase } from "../features/cases/CaseIntake";
import { CaseStatusGuide } from "../features/cases/CaseStatusGuide";
import {
  budgetLabel,
  CaseField,
  CaseStatusBadge,
  caseOptionLabel,
  formatCaseDate,
  formatCaseDay,
  formatFileSize,
} from "../features/cases/case-display";
import { DocumentDownloads } from "../features/cases/DocumentDownloads";
import { type ResendCandidate, ResendPanel } from "../features/responses/ResendPanel";
import {
  CaseReviewSection,
  formFieldOf,
  REVIEW_FORM_FIELDS,
  type ReviewFormFailure,
  reviewBodyOf,
} from "../features/reviews/CaseReviewSection";
import { CaseDataExport } from "../features/rights/CaseDataExport";
import { type PageForm, readPageForm, refuseInvalidText } from "../form-input";
import { useTimeZone } from "../i18n/format";
import { getT } from "../i18n/i18n";
import { localizedRedirect, useLocale } from "../i18n/locale";
import { type PhoneDisplay, viewerPhone } from "../i18n/phone.server";
import { pageHeaders } from "../route-headers";
import { pageMeta, siteFromMatches } from "../seo";
import { getOptionalUser } from "../session";
import { Bidi } from "../ui/Bidi";
import { Section } from "../ui/dashboard-parts";
import { LocaleLink } from "../ui/LocaleLink";
import type { Route } from "./+types/case";

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

type Args = Route.LoaderArgs | Route.ActionArgs;

/** The 404 every non-party gets (the same as an unknown page). */
function notFound(): never {
  throw data({ message: msg("cases:page.notFound") }, { status: 404, headers: CASE_PAGE_HEADERS });
}

/** Who is asking: the signed-in user and the case's tracking cookie. */
async function viewerOf({ request, context, params }: Args): Promise<CaseViewer> {
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
export async function loader(args: Route.LoaderArgs) {
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
  { request, context, params }: Route.LoaderArgs,
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

/** The page's headers: CASE_PAGE_HEADERS on every answer (pages, redirects, 404s). */
export const headers = pageHeaders(CASE_PAGE_HEADERS);

/**
 * What the action answers when it does not redirect: which form, and the message to show (a
 * catalog reference or text); for "resend" also the field it belongs to and the chosen lawyer.
 */
type ActionResult = {
  intent: "status" | "message" | "resend" | "accept" | "decline" | "withdraw";
  error: string;
  field?: string;
  lawyerId?: number;
};

/**
 * The page's forms, by `intent`: "review" (the client's review, issue 16 §1: reviewAction),
 * "status" (the lawyer; field `status`) and "message" (either
 * party; field `body`). Success redirects back to /cases/{id} (a reload does not post again). A
 * bad value answers 400 (text with NUL or an unpaired surrogate too, in every form of the page:
 * issue 27 §2), a client changing the status 403, a move the case state machine refuses 409
 * (issue 27 §2), past the message limit 429, each with `{ intent, error }` for the form; a
 * non-party gets the 404.
 */
export async function action(args: Route.ActionArgs) {
  const { request, context, params } = args;
  const services = context.get(servicesContext);
  const viewer = await viewerOf(args);
  if (!(await services.cases.access(params.id, viewer))) notFound();
  const form = await readPageForm(request);
  if (form.text("intent") === "resend") return resendAction(args, viewer, form);
  if (form.text("intent") === "review") return reviewAction(args, form, viewer);
  const intakeIntent = form.text("intent");
  if (intakeIntent === "accept" || intakeIntent === "decline" || intakeIntent === "withdraw")
    return intakeAction(args, viewer, form, intakeIntent);
  const intent = form.text("intent") === "status" ? "status" : "message";
  const fail = (error: string, status: number) =>
    data<ActionResult>({ intent, error }, { status, headers: CASE_PAGE_HEADERS });
  try {
    refuseInvalidText(form);
    if (intent === "status") {
      const parsed = CaseStatusChangeSchema.safeParse({ status: form.text("status") });
      if (!parsed.success) return fail(msg("cases:page.chooseStatus"), 400);
      await services.cases.changeStatus(params.id, viewer, parsed.data.status);
    } else {
      const parsed = CaseMessageSchema.safeParse({ body: form.text("body") ?? "" });
      if (!parsed.success)
        return fail(
          parsed.error.issues[0] ? zodIssueMessage(parsed.error.issues[0]) : msg("cases:page.writeMessage"),
          400,
        );
      await services.cases.addMessage(params.id, viewer, parsed.data.body, services.clientIp(context));
    }
  } catch (error) {
    const known = clientErrorOf(error);
    if (!known) throw error;
    if (known.status === 404) notFound();
    return fail(known.message, known.status);
  }
  return localizedRedirect(request, `/cases/${params.id}`, { headers: CASE_PAGE_HEADERS });
}

/**
 * Intents "accept", "decline" (the case's lawyer; issue 17 §2) and "withdraw" (its client; issue
 * 17 §4), through the same service calls as the API. Accept needs the `noConflict` box, withdraw
 * the `confirm` box (400 next to it otherwise); a refusal answers its status and message for the
 * form (409 already answered or accepted, 429), the wrong party the 404. Accept and decline
 * redirect back to the case; withdraw to /cases/withdrawn (the case no longer exists).
 */
async function intakeAction(
  args: Route.ActionArgs,
  viewer: CaseViewer,
  form: PageForm,
  intent: "accept" | "decline" | "withdraw",
) {
  const { request, context, params } = args;
  const services = context.get(servicesContext);
  const fail = (error: string, status: number, field?: string) =>
    data<ActionResult>(
      { intent, error, ...(field ? { field } : {}) },
      { status, headers: CASE_PAGE_HEADERS },
    );
  const ticked = (name: string) => form.text(name) === "true" || form.text(name) === "on";
  try {
    refuseInvalidText(form);
    if (intent === "accept") {
      const parsed = CaseAcceptSchema.safeParse({ noConflict: ticked("noConflict") || undefined });
      if (!parsed.success) return fail(msg("validation:case.noConflict"), 400, "noConflict");
      await services.cases.accept(params.id, viewer);
    } else if (intent === "decline") {
      const parsed = CaseDeclineSchema.safeParse({ reason: form.text("reason") ?? "" });
      if (!parsed.success)
        return fail(
          parsed.error.issues[0]
            ? zodIssueMessage(parsed.error.issues[0])
            : msg("cases:intake.decisionError"),
          400,
          "reason",
        );
      await services.cases.decline(params.id, viewer, parsed.data.reason);
    } else {
      if (!ticked("confirm")) return fail(msg("cases:withdraw.confirmRequired"), 400, "confirm");
      await services.cases.withdraw(params.id, viewer, services.clientIp(context));
      return localizedRedirect(request, "/cases/withdrawn", { headers: CASE_PAGE_HEADERS });
    }
  } catch (error) {
    const known = clientErrorOf(error);
    if (!known) throw error;
    if (known.status === 404) notFound();
    return fail(known.message, known.status);
  }
  return localizedRedirect(request, `/cases/${params.id}`, { headers: CASE_PAGE_HEADERS });
}

/**
 * A domain error the page answers itself (a status below 500 from server/errors.ts: its
 * translated message, status and field if any), or null for anything else, which the caller
 * rethrows to the error boundary (never a stack to the visitor).
 */
function clientErrorOf(error: unknown): { message: string; status: number; field?: string } | null {
  const status = (error as { status?: unknown }).status;
  if (!(error instanceof Error) || typeof status !== "number" || status >= 500) return null;
  const field = (error as { field?: unknown }).field;
  return { message: error.message, status, ...(typeof field === "string" ? { field } : {}) };
}

/**
 * Intent "resend" (issue 16 §3): sends the case to the chosen listing (`lawyerId`) with the
 * consent box (`consent`); success sets the new case's tracking cookie and redirects to it. A
 * refusal answers its status with the message next to its field (consent, lawyerId) or above
 * the button, keeping the chosen lawyer; a non-party gets the 404.
 */
async function resendAction(args: Route.ActionArgs, viewer: CaseViewer, form: PageForm) {
  const { request, context, params } = args;
  const services = context.get(servicesContext);
  const lawyerId = Number(form.text("lawyerId"));
  const fail = (error: string, status: number, field?: string) =>
    data<ActionResult>(
      { intent: "resend", error, ...(field ? { field } : {}), ...(lawyerId > 0 ? { lawyerId } : {}) },
      { status, headers: CASE_PAGE_HEADERS },
    );
  try {
    refuseInvalidText(form);
    if (!Number.isInteger(lawyerId) || lawyerId <= 0)
      return fail(msg("cases:resend.choose"), 400, "lawyerId");
    const r = await services.responses.resend(
      params.id,
      viewer,
      {
        lawyerId,
        healthDataConsent:
          form.text("healthDataConsent") === "true" || form.text("healthDataConsent") === "on",
      },
      services.clientIp(context),
    );
    // Issue 27 §2: the new case's signal for the review checks, as for a first submission.
    await services.reviewSignals.record(
      { kind: "case_submitted", userId: viewer.user?.id ?? null, caseId: r.caseId },
      { ip: services.clientIp(context), device: services.device(context) },
    );
    return localizedRedirect(request, `/cases/${r.caseId}`, {
      headers: {
        ...CASE_PAGE_HEADERS,
        "Set-Cookie": services.cases.trackingCookie(r.caseId, r.trackingToken),
      },
    });
  } catch (error) {
    const known = clientErrorOf(error);
    if (!known) throw error;
    if (known.status === 404 && known.field !== "lawyerId") notFound();
    return fail(known.message, known.status, known.field);
  }
}

/**
 * The review form (issue 16 §1; intent=review): writes the client's review, or edits it when one
 * exists. Success redirects back to the case page; a failure answers 400/403/409/429 with the
 * message, each field's message and what was typed (ReviewFormFailure), a non-party the 404.
 */
async function reviewAction(args: Route.ActionArgs, form: PageForm, viewer: CaseViewer) {
  const { request, context, params } = args;
  const services = context.get(servicesContext);
  const values: Record<string, string> = {};
  for (const name of REVIEW_FORM_FIELDS) {
    const v = form.text(name);
    if (v !== null) values[name] = v;
  }
  try {
    refuseInvalidText(form);
    const state = await services.reviews.eligibility(params.id, viewer);
    const write = state?.review ? services.reviews.update : services.reviews.create;
    await write(
      params.id,
      viewer,
      reviewBodyOf(values),
      services.clientIp(context),
      services.device(context),
    );
  } catch (error) {
    const known = clientErrorOf(error);
    if (known) {
      const { status } = known;
      if (status === 404 && !(await services.cases.access(params.id, viewer))) notFound();
      const fieldErrors = nullRecord<string>();
      const given = (error as { fieldErrors?: Record<string, string[]> }).fieldErrors ?? {};
      for (const [key, list] of Object.entries(given)) {
        const field = formFieldOf(key);
        if (list[0] && !fieldErrors[field]) fieldErrors[field] = list[0];
      }
      return data<ReviewFormFailure>(
        { intent: "review", error: known.message, fieldErrors, values },
        { status, headers: CASE_PAGE_HEADERS },
      );
    }
    throw error;
  }
  return localizedRedirect(request, `/cases/${params.id}#case-review`, { headers: CASE_PAGE_HEADERS });
}

/** Title of the page (the case's title) in the page's language; never indexed. */
export function meta({ matches, loaderData, params }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "cases");
  return pageMeta(site, {
    title: loaderData
      ? t("page.metaTitle", { title: loaderData.case.caseTitle })
      : t("page.metaTitleFallback"),
    description: t("page.metaDescription"),
    path: `/cases/${params.id}`,
    noindex: true,
  });
}

/** The case page. */
export default function CasePage() {
  const { t } = useTranslation("cases");
  const locale = useLocale();
  const timeZone = useTimeZone();
  const {
    case: c,
    signedIn,
    lawyerCountryCode,
    clientPhone,
    resend,
    isCopy,
    review,
    downloads,
  } = useLoaderData<typeof loader>() as {
    case: CaseDetail;
    signedIn: boolean;
    lawyerCountryCode: string;
    clientPhone: PhoneDisplay | null;
    resend: { find: string; candidates: ResendCandidate[] } | null;
    isCopy: boolean;
    review: ReviewEligibility | null;
    downloads: CaseDownloadInfo[] | null;
  };
  const actionResult = useActionData<typeof action>() as ActionResult | ReviewFormFailure | undefined;
  const actionData =
    actionResult?.intent === "review" ? undefined : (actionResult as ActionResult | undefined);
  const reviewFailure = actionResult?.intent === "review" ? (actionResult as ReviewFormFailure) : null;
  const navigation = useNavigation();
  const busy = (intent: string) =>
    navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const lawyer = c.viewerRole === "lawyer";
  // Issue 27 §2: the status control offers only the moves the case state machine allows now
  // (none for a pending case, which is accepted or declined, nor for a declined one).
  const statusChoices = lawyer
    ? lawyerStatusChoices({ status: c.status, acceptedAt: c.acceptedAt ? new Date(c.acceptedAt) : null })
    : [];
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          {signedIn && (
            <Anchor component={LocaleLink} to="/dashboard" size="sm">
              {t("page.backToDashboard")}
            </Anchor>
          )}
          <Group justify="space-between" align="flex-start" mt="xs" wrap="wrap">
            <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: "anywhere" }}>
              <Bidi>{c.caseTitle}</Bidi>
            </Title>
            <CaseStatusBadge status={c.status} size="lg" />
          </Group>
          <Text c="dimmed" mt={4} style={{ overflowWrap: "anywhere" }}>
            {lawyer
              ? t("page.from", { name: isolateIn(c.clientName, dirOf(locale)) })
              : c.lawyerFirm
                ? t("page.sentToFirm", {
                    name: isolateIn(c.lawyerName, dirOf(locale)),
                    firm: isolateIn(c.lawyerFirm, dirOf(locale)),
                  })
                : t("page.sentTo", { name: isolateIn(c.lawyerName, dirOf(locale)) })}{" "}
            · {formatCaseDate(c.createdAt, locale, timeZone)}
          </Text>
          {isCopy && (
            <Text size="sm" mt={4} data-testid="case-copy-note">
              {t("resend.copyOf")}
            </Text>
          )}
        </div>

        {/* Issue 19 §5: what the status means and what happens next, for this reader. */}
        <CaseStatusGuide status={c.status} reader={lawyer ? "lawyer" : "client"} managed={c.lawyerManaged} />

        <IntakeSection
          c={c}
          locale={locale}
          timeZone={timeZone}
          error={
            actionData && ["accept", "decline"].includes(actionData.intent)
              ? { intent: actionData.intent, error: actionData.error, field: actionData.field }
              : null
          }
          busy={busy}
        />

        {resend && (
          <ResendPanel
            declined={c.declinedAt !== null}
            waiting={!c.lawyerManaged}
            lawyerName={c.lawyerName}
            find={resend.find}
            candidates={resend.candidates}
            error={
              actionData?.intent === "resend"
                ? { message: actionData.error, field: actionData.field, lawyerId: actionData.lawyerId }
                : undefined
            }
            busy={busy("resend")}
          />
        )}

        <Section headingId="case-summary" title={t("page.summary")}>
          {c.description === null ? (
            <Text c="dimmed" mb="md" data-testid="case-locked">
              {t("intake.locked")}
            </Text>
          ) : (
            <Text
              style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
              mb="md"
              data-testid="case-description"
            >
              {c.description}
            </Text>
          )}
          <dl
            style={{
              display: "grid",
              gridTemplateColumns: "repeat(auto-fill, minmax(200px, 1fr))",
              gap: "12px 24px",
              margin: 0,
            }}
          >
            <CaseField label={t("page.caseType")} value={caseOptionLabel(t, "caseTypes", c.caseType)} />
            <CaseField label={t("page.priority")} value={caseOptionLabel(t, "priorities", c.priority)} />
            <CaseField
              label={t("page.dateNeeded")}
              value={c.dateNeeded ? formatCaseDay(c.dateNeeded, locale) : null}
            />
            <CaseField
              label={t("page.budget")}
              value={c.budget ? budgetLabel(t, c.budget, lawyerCountryCode, locale) : null}
            />
            <CaseField label={t("page.lawyer")} value={c.lawyerName} />
            <CaseField label={t("page.clientName")} value={c.clientName} />
            <CaseField label={t("page.clientEmail")} value={c.clientEmail} />
            <CaseField label={t("page.clientPhone")} value={clientPhone?.text ?? null} ltr />
            <CaseField
              label={t("page.communication")}
              value={
                c.preferredCommunication === null
                  ? null
                  : caseOptionLabel(t, "communication", c.preferredCommunication)
              }
            />
          </dl>
        </Section>

        <Section headingId="case-documents" title={t("page.documents")}>
          {c.documents === null ? (
            <Text c="dimmed">{t("intake.locked")}</Text>
          ) : c.documents.length === 0 ? (
            <Text c="dimmed">{t("page.noDocuments")}</Text>
          ) : (
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }}>
              {c.documents.map((d) => (
                <li key={d.id} style={{ overflowWrap: "anywhere" }}>
                  <Anchor href={`/cases/${c.id}/documents/${d.id}`} download={d.fileName}>
                    {d.fileName}
                  </Anchor>{" "}
                  <Text span size="sm" c="dimmed">
                    ({d.fileType.toUpperCase()}, {formatFileSize(d.fileSize, locale)})
                  </Text>
                </li>
              ))}
            </Stack>
          )}
        </Section>

        {downloads && <DocumentDownloads downloads={downloads} />}

        <Section headingId="case-timeline" title={t("page.timeline")}>
          <Stack component="ol" gap="xs" ps="lg" m={0} aria-label={t("page.timeline")}>
            {c.timeline.map((step) => (
              <li key={`${step.status}-${step.createdAt}`}>
                <Text span fw={600}>
                  {caseOptionLabel(t, "statuses", step.status)}
                </Text>{" "}
                <Text span size="sm" c="dimmed">
                  {formatCaseDate(step.createdAt, locale, timeZone)}
                </Text>
              </li>
            ))}
          </Stack>
          {lawyer && statusChoices.length > 0 && (
            <Form method="post" replace>
              <input type="hidden" name="intent" value="status" />
              <Group align="flex-end" mt="md" wrap="wrap">
                <NativeSelect
                  label={t("page.caseStatus")}
                  name="status"
                  defaultValue={c.status}
                  key={c.status}
                  data={[c.status, ...statusChoices].map((s) => ({
                    value: s,
                    label: caseOptionLabel(t, "statuses", s),
                  }))}
                  error={actionData?.intent === "status" ? translateMessage(t, actionData.error) : undefined}
                  w={220}
                />
                <Button type="submit" loading={busy("status")}>
                  {t("page.updateStatus")}
                </Button>
              </Group>
            </Form>
          )}
        </Section>

        <CaseConsents consents={c.consents} locale={locale} timeZone={timeZone} />

        {/* A case the lawyer declined can never be reviewed (issue 16 §1): no review section. */}
        {review && !(review.state === "not_engaged" && c.status === "declined") && (
          <CaseReviewSection eligibility={review} failure={reviewFailure} busy={busy("review")} />
        )}
        {c.viewerRole === "client" && <CaseDataExport caseId={c.id} signedIn={signedIn} />}

        <Section headingId="case-messages" title={t("page.conversation")}>
          {c.messages.length === 0 ? (
            <Text c="dimmed" mb="md">
              {lawyer ? t("page.noMessagesLawyer") : t("page.noMessagesClient")}
            </Text>
          ) : (
            <Stack
              component="ol"
              gap="sm"
              p={0}
              m={0}
              mb="md"
              style={{ listStyle: "none" }}
              aria-label={t("page.conversation")}
            >
              {c.messages.map((m) => (
                <li key={m.id}>
                  <Card
                    withBorder
                    radius="sm"
                    padding="sm"
                    bg={m.authorRole === c.viewerRole ? "blue.0" : undefined}
                  >
                    <Text size="sm" fw={600}>
                      {m.authorRole === c.viewerRole ? (
                        t("page.you")
                      ) : (
                        <Bidi>{m.authorRole === "lawyer" ? c.lawyerName : c.clientName}</Bidi>
                      )}{" "}
                      <Text span size="xs" c="dimmed" fw={400}>
                        {formatCaseDate(m.createdAt, locale, timeZone)}
                      </Text>
                    </Text>
                    <Text style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{m.body}</Text>
                  </Card>
                </li>
              ))}
            </Stack>
          )}
          <Form method="post" key={c.messages.length}>
            <input type="hidden" name="intent" value="message" />
            <Textarea
              label={t("page.message")}
              name="body"
              required
              autosize
              minRows={3}
              maxLength={CASE_MESSAGE_MAX}
              error={actionData?.intent === "message" ? translateMessage(t, actionData.error) : undefined}
            />
            <Button type="submit" mt="sm" loading={busy("message")}>
              {t("page.sendMessage")}
            </Button>
          </Form>
        </Section>

        {!lawyer && c.acceptedAt === null && (
          <WithdrawCase
            error={actionData?.intent === "withdraw" ? actionData.error : undefined}
            busy={busy("withdraw")}
          />
        )}
      </Stack>
    </Container>
  );
}
