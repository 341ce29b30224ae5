/**
 * /forgot-password (spec §2 route table "Linked from login", §5 "Forgot password"; issue 3
 * "Password reset"): one email field. After a valid submission the page always says
 * ACCOUNT_MESSAGES.resetSent, whether or not the address has an account (no enumeration); the
 * service emails the link. A plain POST form that works without JavaScript.
 */
import { Anchor, Button, Text } from "@mantine/core";
import { useEffect, useRef } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Form, useActionData } from "react-router";
import { ForgotPasswordSchema } from "../../lib/account.ts";
import { msg } from "../../lib/i18n/message.ts";
import { AccountShell, EmailField, SubmitButton } from "../features/accounts/AccountForm";
import { submitAccountForm, typedValues } from "../features/accounts/account-form.server";
import { readPageForm } from "../form-input";
import { getT } from "../i18n/i18n";
import { requestLocale } from "../i18n/locale";
import { pageHeaders } from "../route-headers";
import { pageMeta, siteFromMatches } from "../seo";
import { accountsOf, requestMeta } from "../session.server";
import { FormAlert, useFocusFirstError, useTranslateMessage } from "../ui/form";
import { LocaleLink } from "../ui/LocaleLink";
import type { Route } from "./+types/forgot-password";

/** The page's response headers: a 429's Retry-After passed through (app/route-headers.ts, issue 27 §2). */
export const headers = pageHeaders();

/** Shown when the service fails unexpectedly (spec §8 leaves this message open). */
const REQUEST_FAILED = msg("accounts:forgot.failed");

/**
 * Requests a reset link: validates the email (spec §5) and calls accounts.requestPasswordReset.
 * Answers `{ sent: true }` on success; a bad email or too many requests answer the message next
 * to the field or above the form, with the typed email.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readPageForm(request);
  const parsed = ForgotPasswordSchema.safeParse({ email: form.text("email") });
  const values = typedValues(form, ["email"] as const);
  const submission = {
    form,
    locale: requestLocale(request),
    values,
    fields: ["email"] as const,
    fallback: REQUEST_FAILED,
    logMessage: "password reset request failed",
  };
  return submitAccountForm(context, parsed, submission, async (input) => {
    await accountsOf(context).requestPasswordReset(input.email, requestMeta(context));
    return { sent: true as const };
  });
}

/** Title, description and canonical link of /forgot-password. */
export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "accounts");
  return pageMeta(site, {
    title: t("forgot.title"),
    description: t("forgot.metaDescription"),
    path: "/forgot-password",
  });
}

/** The forgot-password page: the form, then the confirmation. */
export default function ForgotPassword() {
  const result = useActionData<typeof action>();
  const { t } = useTranslation("accounts");
  const message = useTranslateMessage();
  const formRef = useRef<HTMLFormElement>(null);
  const failure = result && "values" in result ? result : undefined;
  useFocusFirstError(formRef, failure);
  const sent = Boolean(result && "sent" in result);
  const sentRef = useRef<HTMLDivElement>(null);
  // The form (and the focused button) is gone: move focus to the confirmation so it is read out.
  useEffect(() => {
    if (sent) sentRef.current?.querySelector<HTMLElement>("[data-form-alert]")?.focus();
  }, [sent]);
  if (sent) {
    return (
      <AccountShell title={t("forgot.sentTitle")}>
        <div ref={sentRef}>
          <FormAlert tone="success" focusable>
            {t("notices.resetSent")}
          </FormAlert>
        </div>
        <Text size="sm">
          <Trans
            t={t}
            i18nKey="forgot.sentText"
            components={{ again: <Anchor component={LocaleLink} to="/forgot-password" underline="always" /> }}
          />
        </Text>
        <Button component={LocaleLink} to="/login" fullWidth mt="lg" variant="light">
          {t("forgot.backToSignIn")}
        </Button>
      </AccountShell>
    );
  }
  return (
    <AccountShell title={t("forgot.title")} lead={t("forgot.lead")}>
      <Form method="post" noValidate ref={formRef} aria-label={t("forgot.formLabel")}>
        {failure?.message && <FormAlert tone="error">{message(failure.message)}</FormAlert>}
        <EmailField defaultValue={failure?.values.email} error={message(failure?.fieldErrors.email)} />
        <SubmitButton>{t("forgot.submit")}</SubmitButton>
      </Form>
      <Text size="sm" ta="center" mt="lg">
        {t("forgot.remembered")}{" "}
        <Anchor component={LocaleLink} to="/login" fw={600} underline="always">
          {t("forgot.backToSignIn")}
        </Anchor>
      </Text>
    </AccountShell>
  );
}
