/**
 * /signup (spec §2 "Login and sign-up", §5 "Sign-up", §8 "Sign-up error"; issue 3 "Screens"):
 * first name, last name, email, password and the role radio ('Client looking for lawyers' =
 * user, the default; 'Lawyer with a practice' = lawyer), all required. A plain POST form (works
 * without JavaScript) validated with the shared SignUpSchema; success signs the new account in
 * and goes to `redirectTo` or /dashboard, as does opening the page while signed in.
 */
import { Anchor, Group, Radio, Stack, Text, TextInput } from "@mantine/core";
import { useRef } from "react";
import { Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { SignUpSchema, safeRedirect } from "../../lib/account.ts";
import { AccountShell, EmailField, NewPasswordField, SubmitButton } from "../features/accounts/AccountForm";
import { submitAccountForm, typedValues } from "../features/accounts/account-form";
import { requestLocale } from "../i18n/locale";
import { pageMeta, siteFromMatches } from "../seo";
import { accountsOf, getOptionalUser, requestMeta, startSession } from "../session";
import { FormAlert, useFocusFirstError } from "../ui/form";
import { ResponsiveGrid } from "../ui/ResponsiveGrid";
import type { Route } from "./+types/signup";

/** Spec §8: shown when the server gives no message of its own. */
const SIGNUP_FAILED = "Sign up failed. Please try again.";
const FIELDS = ["firstName", "lastName", "email", "password", "role"] as const;

/** The two name fields, side by side (the browser fills them from the person's given and family name). */
const NAME_FIELDS = [
  { name: "firstName", label: "First name", autoComplete: "given-name" },
  { name: "lastName", label: "Last name", autoComplete: "family-name" },
] as const;

/** The role radio's options, in the spec's words (spec §2). */
const ROLES = [
  { value: "user", label: "Client looking for lawyers" },
  { value: "lawyer", label: "Lawyer with a practice" },
] as const;

/** Signed-in visitors go straight to `redirectTo` or /dashboard (spec §2); else where to return later. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const requested = new URL(request.url).searchParams.get("redirectTo");
  if (await getOptionalUser(request, context)) throw redirect(safeRedirect(requested));
  return { redirectTo: safeRedirect(requested, "") || null };
}

/**
 * Creates the account: validates the fields (spec §5), calls accounts.signUp and redirects with
 * the new session's cookie. Failures answer what was typed (never the password) and each message
 * next to its field (a taken email next to Email), or above the form (the server's message, else
 * 'Sign up failed. Please try again.').
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = typedValues(form, ["firstName", "lastName", "email", "role"] as const);
  const parsed = SignUpSchema.safeParse({
    firstName: form.get("firstName"),
    lastName: form.get("lastName"),
    email: form.get("email"),
    password: form.get("password"),
    role: form.get("role") ?? undefined,
  });
  const submission = {
    values,
    fields: FIELDS,
    fallback: SIGNUP_FAILED,
    logMessage: "sign-up failed",
    locale: requestLocale(request),
  };
  return submitAccountForm(context, parsed, submission, async (input) => {
    const session = await accountsOf(context).signUp(input, requestMeta(context, requestLocale(request)));
    return await startSession(request, context, session, form.get("redirectTo"));
  });
}

/** Title, description and canonical link of /signup. */
export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(siteFromMatches(matches), {
    title: "Sign up",
    description:
      "Create a free LexAtlas account: clients follow their cases, lawyers manage their listing and subscription.",
    path: "/signup",
  });
}

/** The sign-up page. */
export default function SignUp() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, result);
  const values = result?.values ?? {};
  const errors = result?.fieldErrors ?? {};
  const loginHref = redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : "/login";
  const role = ROLES.some((r) => r.value === values.role) ? values.role : "user";
  return (
    <AccountShell title="Create your account" lead="Free for clients and lawyers. All fields are required.">
      <Form method="post" noValidate ref={formRef} aria-label="Sign up">
        {result?.formError && <FormAlert tone="error">{result.formError}</FormAlert>}
        {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
        <Stack gap="md">
          <ResponsiveGrid cols={{ base: 1, xs: 2 }} spacing="md">
            {NAME_FIELDS.map(({ name, label, autoComplete }) => (
              <TextInput
                key={name}
                label={label}
                name={name}
                type="text"
                autoComplete={autoComplete}
                required
                maxLength={100}
                defaultValue={values[name] ?? ""}
                error={errors[name]}
              />
            ))}
          </ResponsiveGrid>
          <EmailField defaultValue={values.email} error={errors.email} />
          <NewPasswordField label="Password" name="password" error={errors.password} />
          <Radio.Group name="role" label="I am a" required defaultValue={role} error={errors.role}>
            <Group gap="lg" mt={6}>
              {ROLES.map((r) => (
                <Radio key={r.value} value={r.value} label={r.label} />
              ))}
            </Group>
          </Radio.Group>
        </Stack>
        <SubmitButton>Sign up</SubmitButton>
        <Text size="xs" c="dimmed" mt="sm">
          By signing up you confirm that you are 18 or older and accept our{" "}
          <Anchor component={Link} to="/terms-of-service" size="xs" underline="always">
            Terms of Service
          </Anchor>{" "}
          and{" "}
          <Anchor component={Link} to="/privacy-policy" size="xs" underline="always">
            Privacy Policy
          </Anchor>
          .
        </Text>
      </Form>
      <Text size="sm" ta="center" mt="lg">
        Already have an account?{" "}
        <Anchor component={Link} to={loginHref} fw={600} underline="always">
          Sign in
        </Anchor>
      </Text>
    </AccountShell>
  );
}
