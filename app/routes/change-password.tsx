/**
 * /change-password (issue 27 §2): the signed-in user's current password and a new one that meets
 * the password policy of the account's role (12 characters for staff, 10 for everyone else, not
 * common or guessable; server/accounts/passwords.ts). A session that signed in with a password
 * the policy no longer accepts is sent here from every other page (root middleware,
 * app/session.ts passwordChangeRedirect) and told why; afterwards it goes on to `redirectTo` (a
 * same-site path, else the dashboard). The account's other sessions are signed out. A plain POST
 * form that works without JavaScript; signed-out visitors go to /login and back. Not indexed.
 */
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, useActionData, useLoaderData } from "react-router";
import { ChangePasswordSchema, minPasswordLength } from "../../lib/account.ts";
import { msg } from "../../lib/i18n/message.ts";
import { safeRedirect, siteRedirect } from "../../lib/redirects.ts";
import {
  AccountShell,
  NewPasswordField,
  PasswordField,
  SubmitButton,
} from "../features/accounts/AccountForm";
import { submitAccountForm } from "../features/accounts/account-form.server";
import { readPageForm } from "../form-input";
import { getT } from "../i18n/i18n";
import { requestLocale } from "../i18n/locale";
import { pageHeaders } from "../route-headers";
import { pageMeta, siteFromMatches } from "../seo";
import { accountsOf, authenticate, dashboardPath, requestMeta, requireUser } from "../session.server";
import { FormAlert, useFocusFirstError, useTranslateMessage } from "../ui/form";
import type { Route } from "./+types/change-password";

/** The page's response headers: a 429's Retry-After passed through (app/route-headers.ts, issue 27 §2). */
export const headers = pageHeaders();

/** Shown when the service fails unexpectedly. */
const CHANGE_FAILED = msg("accounts:changePassword.failed");
const FIELDS = ["currentPassword", "newPassword"] as const;

/** The signed-in session of the request; signed-out visitors are redirected to /login and back. */
async function sessionOf(request: Request, context: Route.LoaderArgs["context"]) {
  await requireUser(request, context);
  const session = await authenticate(request, context);
  if (!session) throw siteRedirect(dashboardPath(request));
  return session;
}

/**
 * Whether this session must change its password before anything else (`required`), the
 * shortest password the account may choose (`minLength`) and where to go afterwards.
 * @throws redirect to /login?redirectTo=… for a signed-out visitor
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await sessionOf(request, context);
  return {
    required: session.passwordChangeRequired,
    minLength: minPasswordLength(session.user.role),
    redirectTo: safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "") || null,
  };
}

/**
 * Changes the password (accounts.changePassword: the current one must be right, the new one must
 * meet the role's policy; 10 an hour per account), then goes on to `redirectTo` (safe; default
 * the dashboard in the page's locale). Failures answer the messages next to their fields (never
 * the passwords typed), 429 with Retry-After above the form.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const session = await sessionOf(request, context);
  const form = await readPageForm(request);
  const parsed = ChangePasswordSchema.safeParse({
    currentPassword: form.text("currentPassword"),
    newPassword: form.text("newPassword"),
  });
  const submission = {
    form,
    values: {},
    fields: FIELDS,
    fallback: CHANGE_FAILED,
    logMessage: "password change failed",
    locale: requestLocale(request),
  };
  return submitAccountForm(context, parsed, submission, async (input) => {
    await accountsOf(context).changePassword(session, input, requestMeta(context));
    return siteRedirect(form.text("redirectTo"), 302, dashboardPath(request));
  });
}

/** Title and description; noindex (a private page). */
export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "accounts");
  return pageMeta(site, {
    title: t("changePassword.title"),
    description: t("changePassword.metaDescription"),
    path: "/change-password",
    noindex: true,
  });
}

/** The change-password page. */
export default function ChangePassword() {
  const { required, minLength, redirectTo } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const failure = result && "fieldErrors" in result ? result : undefined;
  const { t } = useTranslation("accounts");
  const message = useTranslateMessage();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, failure);
  return (
    <AccountShell title={t("changePassword.title")} lead={t("changePassword.lead")}>
      <Form method="post" noValidate ref={formRef} aria-label={t("changePassword.title")}>
        {required && !failure && <FormAlert tone="info">{t("changePassword.required")}</FormAlert>}
        {failure?.message && <FormAlert tone="error">{message(failure.message)}</FormAlert>}
        {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
        <PasswordField
          label={t("fields.currentPassword")}
          name="currentPassword"
          autoComplete="current-password"
          required
          mb="md"
          error={message(failure?.fieldErrors.currentPassword)}
        />
        <NewPasswordField
          label={t("fields.newPassword")}
          name="newPassword"
          minLength={minLength}
          error={message(failure?.fieldErrors.newPassword)}
        />
        <SubmitButton>{t("changePassword.submit")}</SubmitButton>
      </Form>
    </AccountShell>
  );
}
