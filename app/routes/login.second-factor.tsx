/**
 * /login/second-factor (issue 15 §1 "Staff sign-in requires a second factor"): after a staff
 * account's password, its session is pending (server/accounts userForToken ignores it) until this
 * page accepts a TOTP code or a recovery code. On the first staff sign-in it shows the enrolment:
 * the QR code (SVG made on the server) and the key as text, confirmed with a code; the 10
 * recovery codes are then shown once. Passing revokes the pending session and sets a fresh one
 * (no fixation). Code attempts are limited (5 per 15 minutes per account). Plain POST forms: works
 * without JavaScript. `Cache-Control: no-store` and `Referrer-Policy: same-origin` (the page shows
 * a secret).
 */
import { data, type ShouldRevalidateFunctionArgs, useActionData, useLoaderData } from "react-router";
import { safeRedirect, siteRedirect } from "../../lib/redirects.ts";
import { servicesContext } from "../context";
import { SecondFactorForm, type SecondFactorView } from "../features/admin/SecondFactorForm";
import { secondFactorTarget, withoutPendingStaff } from "../features/admin/second-factor.server";
import { readPageForm } from "../form-input";
import { type FormResult, runPageForm } from "../form-result";
import { getT } from "../i18n/i18n";
import { requestLocale } from "../i18n/locale";
import { pageHeaders } from "../route-headers";
import { pageMeta, siteFromMatches } from "../seo";
import { accountsOf, requestMeta } from "../session.server";
import type { Route } from "./+types/login.second-factor";

/**
 * Requests whose action just confirmed the enrolment: their pending session is gone (replaced by
 * the passed one), and the loader that React Router runs after the action in the same document
 * request must not redirect away from the recovery codes the action shows once.
 */
const justEnrolled = new WeakSet<object>();

/** The page shows a secret (enrolment) or recovery codes: no cache, no Referer to other sites. */
export const headers = pageHeaders({ "Referrer-Policy": "same-origin", "Cache-Control": "no-store" });

/**
 * The pending staff session's screen: the enrolment (secret and QR code, created once and stored
 * encrypted) or the code form. Without a pending session: to the target when already signed in,
 * else to /login.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "") || null;
  if (justEnrolled.has(context)) return { view: { mode: "verify" } as SecondFactorView, redirectTo };
  const staff = context.get(servicesContext).staff;
  const pending = await staff.pendingSession(request);
  if (!pending) throw await withoutPendingStaff(request, context, redirectTo);
  if (!pending.enrolled) {
    const enrolment = await staff.enrolment(pending);
    const view: SecondFactorView = { mode: "enrol", secret: enrolment.secret, qrSvg: enrolment.qrSvg };
    return { view, redirectTo };
  }
  const view: SecondFactorView = { mode: "verify" };
  return { view, redirectTo };
}

/** What the action answers when it does not redirect: the screen and, after a refusal, FormResult. */
export type SecondFactorResult = { view: SecondFactorView } & Partial<FormResult<"code">>;

/**
 * `intent=enrol`: confirms the enrolment with `code`, sets the passed session's cookie and shows
 * the recovery codes once. `intent=verify`: checks `code` (TOTP or recovery code), sets the passed
 * session's cookie and redirects to `redirectTo` (safe; default /admin). A wrong code answers 400
 * next to the field, too many tries 429 above the form (with Retry-After): runPageForm.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readPageForm(request);
  const redirectTo = form.text("redirectTo");
  const staff = context.get(servicesContext).staff;
  const pending = await staff.pendingSession(request);
  if (!pending) throw await withoutPendingStaff(request, context, redirectTo);
  const code = (form.text("code") ?? "").slice(0, 40);
  const meta = { ip: requestMeta(context).ip };
  const accounts = accountsOf(context);
  const enrolling = !pending.enrolled;
  const refuse = async (err: {
    status: number;
    message: string;
  }): Promise<FormResult<"code"> & { view: SecondFactorView }> => {
    const view: SecondFactorView = enrolling
      ? {
          mode: "enrol",
          ...(await staff.enrolment(pending).then((e) => ({ secret: e.secret, qrSvg: e.qrSvg }))),
        }
      : { mode: "verify" };
    const failure =
      err.status === 400 ? { fieldErrors: { code: err.message } } : { message: err.message, fieldErrors: {} };
    return { view, values: {}, ...failure };
  };
  return runPageForm({ form, locale: requestLocale(request), refuse }, async () => {
    if (enrolling) {
      const { recoveryCodes, session } = await staff.confirmEnrolment(pending, code, meta);
      justEnrolled.add(context);
      const view: SecondFactorView = {
        mode: "recovery",
        recoveryCodes,
        continueTo: secondFactorTarget(request, redirectTo),
      };
      return data<SecondFactorResult>(
        { view },
        { headers: { "Set-Cookie": accounts.sessionCookie(session.token, session.expiresAt) } },
      );
    }
    const session = await staff.verify(pending, code, meta);
    return siteRedirect(secondFactorTarget(request, redirectTo), {
      headers: { "Set-Cookie": accounts.sessionCookie(session.token, session.expiresAt) },
    });
  });
}

/**
 * After the enrolment's action (recovery codes on screen) the browser keeps the page as it is:
 * reloading its loader would redirect away from codes that are shown only once.
 */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if ((actionResult as SecondFactorResult | undefined)?.view?.mode === "recovery") return false;
  return defaultShouldRevalidate;
}

/** Title of the page; noindex. */
export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "admin");
  return pageMeta(site, {
    title: t("secondFactor.metaTitle"),
    description: t("secondFactor.metaDescription"),
    path: "/login/second-factor",
    noindex: true,
  });
}

/** The second-factor page: the action's answer when there is one, else the loader's screen. */
export default function SecondFactor() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<SecondFactorResult>();
  return (
    <SecondFactorForm
      view={result?.view ?? loaded.view}
      error={result?.fieldErrors?.code}
      formError={result?.message}
      redirectTo={loaded.redirectTo}
    />
  );
}
