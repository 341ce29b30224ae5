/**
 * /signup (spec §2 "Login and sign-up", §5 "Sign-up", §8 "Sign-up error"; issue 3 "Screens"):
 * first name, last name, email, password and the role radio ('Client looking for lawyers' =
 * user, the default; 'Lawyer with a practice' = lawyer), all required. A plain POST form (works
 * without JavaScript) validated with the shared SignUpSchema; success signs the new account in
 * and goes to `redirectTo` or /dashboard, as does opening the page while signed in.
 */
import { useActionData, useLoaderData } from "react-router";
import { SignUpSchema } from "../../lib/account.ts";
import { msg } from "../../lib/i18n/message.ts";
import { safeRedirect, siteRedirect } from "../../lib/redirects.ts";
import { submitAccountForm, typedValues } from "../features/accounts/account-form.server";
import { SignUpForm } from "../features/accounts/SignUpForm";
import { readPageForm } from "../form-input";
import { getT } from "../i18n/i18n";
import { requestLocale } from "../i18n/locale";
import { pageHeaders } from "../route-headers";
import { pageMeta, siteFromMatches } from "../seo";
import { accountsOf, dashboardPath, getOptionalUser, requestMeta, startSession } from "../session.server";
import type { Route } from "./+types/signup";

/** The page's response headers: a 429's Retry-After passed through (app/route-headers.ts, issue 27 §2). */
export const headers = pageHeaders();

/** Spec §8 'Sign up failed. Please try again.': shown when the server gives no message of its own. */
const SIGNUP_FAILED = msg("accounts:signup.failed");
const FIELDS = ["firstName", "lastName", "email", "password", "role"] as const;

/**
 * Signed-in visitors go straight to `redirectTo` or the dashboard in the page's locale (spec §2;
 * issue 14 §1); else where to return later.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const requested = new URL(request.url).searchParams.get("redirectTo");
  if (await getOptionalUser(request, context)) throw siteRedirect(requested, 302, dashboardPath(request));
  return { redirectTo: safeRedirect(requested, "") || null };
}

/**
 * Creates the account: validates the fields (spec §5), calls accounts.signUp and redirects with
 * the new session's cookie. Failures answer what was typed (never the password) and each message
 * next to its field (a taken email next to Email), or above the form (the server's message, else
 * 'Sign up failed. Please try again.').
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readPageForm(request);
  const values = typedValues(form, ["firstName", "lastName", "email", "role"] as const);
  const parsed = SignUpSchema.safeParse({
    firstName: form.text("firstName"),
    lastName: form.text("lastName") ?? "",
    email: form.text("email"),
    password: form.text("password"),
    role: form.text("role") ?? undefined,
  });
  const submission = {
    form,
    values,
    fields: FIELDS,
    fallback: SIGNUP_FAILED,
    logMessage: "sign-up failed",
    locale: requestLocale(request),
  };
  return submitAccountForm(context, parsed, submission, async (input) => {
    const session = await accountsOf(context).signUp(input, requestMeta(context, requestLocale(request)));
    return await startSession(request, context, session, form.text("redirectTo"));
  });
}

/** Title, description and canonical link of /signup. */
export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "accounts");
  return pageMeta(site, {
    title: t("signup.metaTitle"),
    description: t("signup.metaDescription"),
    path: "/signup",
  });
}

/** The sign-up page (app/features/accounts/SignUpForm.tsx). */
export default function SignUp() {
  const { redirectTo } = useLoaderData<typeof loader>();
  return <SignUpForm redirectTo={redirectTo} result={useActionData<typeof action>()} />;
}
