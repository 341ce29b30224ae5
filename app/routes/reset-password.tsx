/**
 * /reset-password?token=… (spec §5 "Reset password"; issue 3 "Password reset"): the page the
 * emailed link opens. One new-password field with a show/hide toggle; the token travels in a
 * hidden field. Success revokes every session of the account (the service does) and goes to
 * /login?reset=1, which says so; a missing, used or expired token shows
 * ACCOUNT_MESSAGES.resetInvalid with a link to request a new one, as soon as the page opens (the
 * loader checks the link) and again if it stops working before the form is sent. Not indexed.
 */
import { Anchor, Button, Text } from "@mantine/core";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, useActionData, useLoaderData } from "react-router";
import { minPasswordLength, ResetPasswordSchema } from "../../lib/account.ts";
import { msg } from "../../lib/i18n/message.ts";
import { AccountShell, NewPasswordField, SubmitButton } from "../features/accounts/AccountForm";
import { runAccountForm } from "../features/accounts/account-form.server";
import { readPageForm } from "../form-input";
import { FormError, type FormResult, pageErrorOf, parsedForm } from "../form-result";
import { getT } from "../i18n/i18n";
import { localizedRedirect, requestLocale } from "../i18n/locale";
import { pageHeaders } from "../route-headers";
import { pageMeta, siteFromMatches } from "../seo";
import { accountsOf, hasSessionCookie, requestMeta } from "../session.server";
import { FormAlert, useFocusFirstError, useTranslateMessage } from "../ui/form";
import { LocaleLink } from "../ui/LocaleLink";
import type { Route } from "./+types/reset-password";

/** Shown when the service fails unexpectedly (spec §8 leaves this message open). */
const RESET_FAILED = msg("accounts:reset.failed");

/**
 * The page carries a one-time token in its address: no Referer goes to another site, and no cache
 * keeps it (security review of issue 3). `same-origin`, not `no-referrer`: with `no-referrer`
 * Chromium sends `Origin: null` on the form's own post, which the cross-site check refuses.
 */
export const headers = pageHeaders({ "Referrer-Policy": "same-origin", "Cache-Control": "no-store" });

/**
 * The token of the emailed link ("" when the link has none), whether it can still be used
 * (accounts.resetTokenRole: stored, unused, unexpired; a read that never consumes it), so a
 * used or expired link shows the invalid-link message at once instead of a form that can only
 * fail (QA of issue 3), and the shortest password its account may choose (`minLength`: 12 for a
 * staff set-password link, else 10; issue 27 §2). `usable` is false for a missing or malformed token.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const role = token === "" ? null : await accountsOf(context).resetTokenRole(token);
  return { token, usable: role !== null, minLength: minPasswordLength(role) };
}

/**
 * Sets the new password (spec §5: token and newPassword; issue 27 §2: the policy of the account's role) through
 * accounts.resetPassword, then redirects to /login?reset=1 (in the page's locale) and drops this browser's session
 * cookie (the reset revoked its session). A refused password shows next to the field; any token
 * failure answers `{ invalidToken: true }`, shown as resetInvalid with a link to a new one.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readPageForm(request);
  const parsed = ResetPasswordSchema.safeParse({
    token: form.text("token"),
    newPassword: form.text("newPassword"),
  });
  // Issue 27 §2: NUL or an unpaired surrogate in the token is a bad link, in the password its error.
  const badToken =
    Object.hasOwn(form.invalid, "token") ||
    (!parsed.success && parsed.error.issues.some((i) => i.path[0] === "token"));
  if (badToken) return { invalidToken: true as const };
  const accounts = accountsOf(context);
  const submission = {
    values: {},
    fields: ["newPassword"] as const,
    fallback: RESET_FAILED,
    logMessage: "password reset failed",
    locale: requestLocale(request),
  };
  return runAccountForm(context, submission, async () => {
    const input = parsedForm(parsed, form.invalid);
    try {
      await accounts.resetPassword(input, requestMeta(context));
    } catch (error) {
      const known = pageErrorOf(error);
      if (!known || known.status === 429) throw error;
      // A refused password (e.g. a common one) belongs to the field; anything else is the token.
      if (known.field !== "newPassword" && known.field !== "password") return { invalidToken: true as const };
      throw new FormError(known.status, known.message, "newPassword");
    }
    const headers = new Headers();
    if (hasSessionCookie(request)) headers.append("Set-Cookie", accounts.clearedSessionCookie());
    return localizedRedirect(request, "/login?reset=1", { headers });
  });
}

/** Title and description of the reset page; noindex (its links carry one-time tokens). */
export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "accounts");
  return pageMeta(site, {
    title: t("reset.title"),
    description: t("reset.metaDescription"),
    path: "/reset-password",
    noindex: true,
  });
}

/** Shown instead of the form when the link cannot be used. */
function InvalidLink() {
  const { t } = useTranslation("accounts");
  return (
    <AccountShell title={t("reset.invalidTitle")}>
      <FormAlert tone="error">{t("notices.resetInvalid")}</FormAlert>
      <Button component={LocaleLink} to="/forgot-password" fullWidth>
        {t("reset.requestNew")}
      </Button>
    </AccountShell>
  );
}

/** The reset page: the new-password form, or the invalid-link message. */
export default function ResetPassword() {
  const { token, usable, minLength } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("accounts");
  const message = useTranslateMessage();
  const formRef = useRef<HTMLFormElement>(null);
  const failure: FormResult<"newPassword"> | undefined = result && "values" in result ? result : undefined;
  useFocusFirstError(formRef, failure);
  if (!token || !usable || (result && "invalidToken" in result)) return <InvalidLink />;
  return (
    <AccountShell title={t("reset.title")} lead={t("reset.lead")}>
      <Form method="post" noValidate ref={formRef} aria-label={t("reset.title")}>
        {failure?.message && <FormAlert tone="error">{message(failure.message)}</FormAlert>}
        <input type="hidden" name="token" value={token} />
        <NewPasswordField
          label={t("fields.newPassword")}
          name="newPassword"
          minLength={minLength}
          error={message(failure?.fieldErrors.newPassword)}
        />
        <SubmitButton>{t("reset.submit")}</SubmitButton>
      </Form>
      <Text size="sm" ta="center" mt="lg">
        {t("reset.notWorking")}{" "}
        <Anchor component={LocaleLink} to="/forgot-password" underline="always">
          {t("reset.requestNewOne")}
        </Anchor>
      </Text>
    </AccountShell>
  );
}
