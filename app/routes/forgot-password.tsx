/**
 * /forgot-password (spec §2 route table "Linked from login", §5 "Forgot password"; issue 3
 * "Password reset"): one email field. After a valid submission the page always says
 * ACCOUNT_MESSAGES.resetSent, whether or not the address has an account (no enumeration); the
 * service emails the link. A plain POST form that works without JavaScript.
 */
import { Anchor, Button, Text } from "@mantine/core";
import { useEffect, useRef } from "react";
import { Form, Link, useActionData } from "react-router";
import { ACCOUNT_MESSAGES, ForgotPasswordSchema } from "../../lib/account.ts";
import { AccountShell, EmailField, SubmitButton } from "../features/accounts/AccountForm";
import { submitAccountForm, typedValues } from "../features/accounts/account-form";
import { requestLocale } from "../i18n/locale";
import { pageMeta, siteFromMatches } from "../seo";
import { accountsOf, requestMeta } from "../session";
import { FormAlert, useFocusFirstError } from "../ui/form";
import type { Route } from "./+types/forgot-password";

/** Shown when the service fails unexpectedly (spec §8 leaves this message open). */
const REQUEST_FAILED = "We could not send the link. Please try again.";

/**
 * Requests a reset link: validates the email (spec §5) and calls accounts.requestPasswordReset.
 * Answers `{ sent: true }` on success; a bad email or too many requests answer the message next
 * to the field or above the form, with the typed email.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = ForgotPasswordSchema.safeParse({ email: form.get("email") });
  const values = typedValues(form, ["email"] as const);
  const submission = {
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
  return pageMeta(siteFromMatches(matches), {
    title: "Forgot your password?",
    description: "Get a link to reset the password of your LexAtlas account.",
    path: "/forgot-password",
  });
}

/** The forgot-password page: the form, then the confirmation. */
export default function ForgotPassword() {
  const result = useActionData<typeof action>();
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
      <AccountShell title="Check your email">
        <div ref={sentRef}>
          <FormAlert tone="success" focusable>
            {ACCOUNT_MESSAGES.resetSent}
          </FormAlert>
        </div>
        <Text size="sm">
          The link works for one hour and only once. If no email arrives within a few minutes, check your spam
          folder or{" "}
          <Anchor component={Link} to="/forgot-password" underline="always">
            ask for a new link
          </Anchor>
          .
        </Text>
        <Button component={Link} to="/login" fullWidth mt="lg" variant="light">
          Back to sign in
        </Button>
      </AccountShell>
    );
  }
  return (
    <AccountShell
      title="Forgot your password?"
      lead="Enter the email of your account and we will send you a link to choose a new password."
    >
      <Form method="post" noValidate ref={formRef} aria-label="Request a password reset link">
        {failure?.formError && <FormAlert tone="error">{failure.formError}</FormAlert>}
        <EmailField defaultValue={failure?.values.email} error={failure?.fieldErrors.email} />
        <SubmitButton>Send reset link</SubmitButton>
      </Form>
      <Text size="sm" ta="center" mt="lg">
        Remembered it?{" "}
        <Anchor component={Link} to="/login" fw={600} underline="always">
          Back to sign in
        </Anchor>
      </Text>
    </AccountShell>
  );
}
