/**
 * /login (spec §2 "Login and sign-up", §5 "Login", §8 "Login error"; issue 3 "Screens"): email,
 * password with a show/hide toggle, 'Forgot your password?' and a link to sign-up. A plain POST
 * form (works without JavaScript) validated with the shared LogInSchema; success sets the session
 * cookie and goes to `redirectTo` (a same-site path) or /dashboard, as does opening the page
 * while signed in. `?reset=1` shows that the password was reset. A staff account goes on to
 * /login/second-factor (issue 15 §1).
 */
import { Anchor, Group, Stack } from "@mantine/core";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, useActionData, useLoaderData } from "react-router";
import { isStaffRole, LogInSchema } from "../../lib/account.ts";
import { localizePath } from "../../lib/i18n/locales.ts";
import { msg } from "../../lib/i18n/message.ts";
import { safeRedirect, siteRedirect } from "../../lib/redirects.ts";
import {
  AccountShell,
  AccountSwitchLine,
  EmailField,
  PasswordField,
  SubmitButton,
} from "../features/accounts/AccountForm";
import { submitAccountForm, typedValues } from "../features/accounts/account-form.server";
import { readPageForm } from "../form-input";
import { getT } from "../i18n/i18n";
import { requestLocale } from "../i18n/locale";
import { pageHeaders } from "../route-headers";
import { pageMeta, siteFromMatches } from "../seo";
import { accountsOf, dashboardPath, getOptionalUser, requestMeta, startSession } from "../session.server";
import { FormAlert, useFocusFirstError, useTranslateMessage } from "../ui/form";
import { LocaleLink } from "../ui/LocaleLink";
import type { Route } from "./+types/login";

/** Spec §8 'Login failed. Please try again.': shown when the server gives no message of its own. */
const LOGIN_FAILED = msg("accounts:login.failed");
const FIELDS = ["email", "password"] as const;

/**
 * The sign-in page may carry a one-time link in its address (`redirectTo=/claim-listing?token=…`
 * for a visitor who opened an emailed link signed out): no Referer goes to another site and no
 * cache keeps it. `same-origin` rather than `no-referrer`, which makes Chromium send `Origin: null`
 * on the form's own post, refused by the cross-site check.
 */
export const headers = pageHeaders({ "Referrer-Policy": "same-origin", "Cache-Control": "no-store" });

/**
 * Signed-in visitors go straight to `redirectTo` or the dashboard in the page's locale (spec §2;
 * issue 14 §1). Otherwise answers
 * where to return after signing in (null: the default), and whether to show the reset notice.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const requested = url.searchParams.get("redirectTo");
  if (await getOptionalUser(request, context)) throw siteRedirect(requested, 302, dashboardPath(request));
  return {
    redirectTo: safeRedirect(requested, "") || null,
    reset: url.searchParams.get("reset") === "1",
  };
}

/**
 * Signs in: validates email and password (spec §5), calls accounts.logIn and redirects with the
 * session cookie. Failures answer the typed email (never the password) and the message: next to
 * its field, or above the form (the server's message, else 'Login failed. Please try again.').
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readPageForm(request);
  const parsed = LogInSchema.safeParse({ email: form.text("email"), password: form.text("password") });
  const values = typedValues(form, ["email"] as const);
  const submission = {
    form,
    values,
    fields: FIELDS,
    fallback: LOGIN_FAILED,
    logMessage: "login failed",
    locale: requestLocale(request),
  };
  return submitAccountForm(context, parsed, submission, async (input) => {
    const session = await accountsOf(context).logIn(input, requestMeta(context));
    // Staff (issue 15 §1): the password only opens the second-factor page, which then goes on
    // to redirectTo (default /admin).
    if (isStaffRole(session.user.role)) {
      const next = safeRedirect(form.text("redirectTo"), localizePath("/admin", requestLocale(request)));
      const page = `/login/second-factor?${new URLSearchParams({ redirectTo: next })}`;
      return await startSession(request, context, session, localizePath(page, requestLocale(request)));
    }
    return await startSession(request, context, session, form.text("redirectTo"));
  });
}

/** Title, description and canonical link of /login. */
export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "accounts");
  return pageMeta(site, {
    title: t("login.title"),
    description: t("login.metaDescription"),
    path: "/login",
  });
}

/** The sign-in page. */
export default function Login() {
  const { redirectTo, reset } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("accounts");
  const message = useTranslateMessage();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, result);
  const signupHref = redirectTo ? `/signup?${new URLSearchParams({ redirectTo })}` : "/signup";
  return (
    <AccountShell title={t("login.title")} lead={t("login.lead")}>
      <Form method="post" noValidate ref={formRef} aria-label={t("login.title")}>
        {reset && !result && <FormAlert tone="success">{t("notices.resetDone")}</FormAlert>}
        {redirectTo && !result && <FormAlert tone="info">{t("notices.signedOut")}</FormAlert>}
        {result?.message && <FormAlert tone="error">{message(result.message)}</FormAlert>}
        {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
        <Stack gap="md">
          <EmailField defaultValue={result?.values.email} error={message(result?.fieldErrors.email)} />
          <div>
            <PasswordField
              label={t("fields.password")}
              name="password"
              autoComplete="current-password"
              required
              error={message(result?.fieldErrors.password)}
            />
            <Group justify="flex-end" mt={6}>
              <Anchor component={LocaleLink} to="/forgot-password" size="sm">
                {t("login.forgot")}
              </Anchor>
            </Group>
          </div>
        </Stack>
        <SubmitButton>{t("login.submit")}</SubmitButton>
      </Form>
      <AccountSwitchLine prompt={t("login.noAccount")} label={t("login.signUp")} to={signupHref} />
    </AccountShell>
  );
}
