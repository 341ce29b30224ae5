/**
 * /signup (spec §2 "Login and sign-up", §5 "Sign-up", §8 "Sign-up error"; issue 3 "Screens"):
 * first name, last name, email, password and the role radio ('Client looking for lawyers' =
 * user, the default; 'Lawyer with a practice' = lawyer), all required. A plain POST form (works
 * without JavaScript) validated with the shared SignUpSchema; success signs the new account in
 * and goes to `redirectTo` or /dashboard, as does opening the page while signed in.
 */
import { Anchor, Group, Radio, Stack, Text, TextInput } from "@mantine/core";
import { useRef } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Form, useActionData, useLoaderData } from "react-router";
import { SignUpSchema } from "../../lib/account.ts";
import { msg } from "../../lib/i18n/message.ts";
import { nameFieldOrder } from "../../lib/person.ts";
import { safeRedirect, siteRedirect } from "../../lib/redirects.ts";
import { AccountShell, EmailField, NewPasswordField, SubmitButton } from "../features/accounts/AccountForm";
import { submitAccountForm, typedValues } from "../features/accounts/account-form";
import { readPageForm } from "../form-input";
import { getT } from "../i18n/i18n";
import { requestLocale, useLocale } from "../i18n/locale";
import { pageHeaders } from "../route-headers";
import { pageMeta, siteFromMatches } from "../seo";
import { accountsOf, dashboardPath, getOptionalUser, requestMeta, startSession } from "../session";
import { FormAlert, useFocusFirstError, useTranslateMessage } from "../ui/form";
import { LocaleLink } from "../ui/LocaleLink";
import { ResponsiveGrid } from "../ui/ResponsiveGrid";
import type { Route } from "./+types/signup";

/** The page's response headers: a 429's Retry-After passed through (app/route-headers.ts, issue 27 §2). */
export const headers = pageHeaders();

/** Spec §8 'Sign up failed. Please try again.': shown when the server gives no message of its own. */
const SIGNUP_FAILED = msg("accounts:signup.failed");
const FIELDS = ["firstName", "lastName", "email", "password", "role"] as const;

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

/** The sign-up page. */
export default function SignUp() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const locale = useLocale();
  const result = useActionData<typeof action>();
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
      <Text size="sm" ta="center" mt="lg">
        {t("signup.haveAccount")}{" "}
        <Anchor component={LocaleLink} to={loginHref} fw={600} underline="always">
          {t("signup.signIn")}
        </Anchor>
      </Text>
    </AccountShell>
  );
}
