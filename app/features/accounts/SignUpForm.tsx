/**
 * The sign-up page's form (spec §2 "Login and sign-up", §5 "Sign-up", §8; issue 3 "Screens"; the
 * route app/routes/signup.tsx): a plain POST form that works without JavaScript.
 */
import { Anchor, Group, Radio, Stack, Text, TextInput } from "@mantine/core";
import { useRef } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Form } from "react-router";
import { nameFieldOrder } from "../../../lib/person.ts";
import type { FormResult } from "../../form-result";
import { useLocale } from "../../i18n/locale";
import { FormAlert, useFocusFirstError, useTranslateMessage } from "../../ui/form";
import { LocaleLink } from "../../ui/LocaleLink";
import { ResponsiveGrid } from "../../ui/ResponsiveGrid";
import { AccountShell, AccountSwitchLine, EmailField, NewPasswordField, SubmitButton } from "./AccountForm";

/**
 * The two name fields, side by side (the browser fills them from the person's given and family
 * name); `label` is the key of the catalog "accounts". Only the first is required: one name is
 * enough for people who have one (issue 14 §2); Japanese puts the family name first
 * (lib/person.ts nameFieldOrder).
 */
const NAME_FIELDS = [
  { name: "firstName", label: "fields.firstName", autoComplete: "given-name" },
  { name: "lastName", label: "fields.lastName", autoComplete: "family-name" },
] as const;
const nameFields = (locale: string) =>
  nameFieldOrder(locale).map(
    (name) => NAME_FIELDS.find((f) => f.name === name) as (typeof NAME_FIELDS)[number],
  );

/** The role radio's options, in the spec's words (spec §2; `label`: key of the catalog "accounts"). */
const ROLES = [
  { value: "user", label: "signup.roleUser" },
  { value: "lawyer", label: "signup.roleLawyer" },
] as const;

/**
 * The sign-up form: first and last name (in the locale's order), email, password and the role
 * radio, with what was typed and each message (FormResult, app/form-result.ts) after a refused
 * post; `redirectTo` travels in the form and in the link to sign-in.
 */
export function SignUpForm({
  redirectTo,
  result,
}: {
  redirectTo: string | null;
  result: FormResult<"firstName" | "lastName" | "email" | "password" | "role"> | undefined;
}) {
  const locale = useLocale();
  const { t } = useTranslation("accounts");
  const message = useTranslateMessage();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, result);
  const values = result?.values ?? {};
  const errors = result?.fieldErrors ?? {};
  const loginHref = redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : "/login";
  const role = ROLES.some((r) => r.value === values.role) ? values.role : "user";
  return (
    <AccountShell title={t("signup.title")} lead={t("signup.lead")}>
      <Form method="post" noValidate ref={formRef} aria-label={t("signup.submit")}>
        {result?.message && <FormAlert tone="error">{message(result.message)}</FormAlert>}
        {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
        <Stack gap="md">
          <ResponsiveGrid cols={{ base: 1, xs: 2 }} spacing="md">
            {nameFields(locale).map(({ name, label, autoComplete }) => (
              <TextInput
                key={name}
                label={t(label)}
                name={name}
                type="text"
                autoComplete={autoComplete}
                required={name === "firstName"}
                styles={{ input: { unicodeBidi: "plaintext" } }}
                maxLength={100}
                defaultValue={values[name] ?? ""}
                error={message(errors[name])}
              />
            ))}
          </ResponsiveGrid>
          <EmailField defaultValue={values.email} error={message(errors.email)} />
          <NewPasswordField label={t("fields.password")} name="password" error={message(errors.password)} />
          <Radio.Group
            name="role"
            label={t("signup.roleLabel")}
            required
            defaultValue={role}
            error={message(errors.role)}
          >
            <Group gap="lg" mt={6}>
              {ROLES.map((r) => (
                <Radio key={r.value} value={r.value} label={t(r.label)} />
              ))}
            </Group>
          </Radio.Group>
        </Stack>
        <SubmitButton>{t("signup.submit")}</SubmitButton>
        <Text size="xs" c="dimmed" mt="sm">
          <Trans
            t={t}
            i18nKey="signup.consent"
            components={{
              terms: <Anchor component={LocaleLink} to="/terms-of-service" size="xs" underline="always" />,
              privacy: <Anchor component={LocaleLink} to="/privacy-policy" size="xs" underline="always" />,
            }}
          />
        </Text>
      </Form>
      <AccountSwitchLine prompt={t("signup.haveAccount")} label={t("signup.signIn")} to={loginHref} />
    </AccountShell>
  );
}
