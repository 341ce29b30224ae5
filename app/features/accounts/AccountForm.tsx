/**
 * The parts the account screens share (spec §2 "Login and sign-up", issue 3 "Screens"): the
 * centred card, the password field with an accessible show/hide toggle and the submit button that
 * shows it is busy. The form-level alert and the focus on the first error, which every form of the
 * site uses, are in app/ui/form.tsx.
 */
// Only the account screens use PasswordInput: its styles load with them, not on every page.
import "@mantine/core/styles/PasswordInput.css";
import {
  Anchor,
  Button,
  Card,
  Container,
  PasswordInput,
  type PasswordInputProps,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigation } from "react-router";
import { MIN_PASSWORD_LENGTH } from "../../../lib/constants.ts";
import { LocaleLink } from "../../ui/LocaleLink";

/** The centred card of an account screen with its h1 and an optional lead line. */
export function AccountShell({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Container size={480} px="md" py={{ base: 32, sm: 56 }}>
      <Card withBorder shadow="sm" padding="xl" radius="md">
        <Title order={1} fz={{ base: 26, sm: 30 }} lh={1.2}>
          {title}
        </Title>
        {lead && (
          <Text c="dimmed" mt={6} mb="lg">
            {lead}
          </Text>
        )}
        {!lead && <div style={{ height: "var(--mantine-spacing-lg)" }} />}
        {children}
      </Card>
    </Container>
  );
}

/**
 * The line under the sign-in and sign-up forms that leads to the other one: `prompt` ("No account
 * yet?"), then the link `label` to `to` (a site path, localized by LocaleLink), in the page's language.
 */
export function AccountSwitchLine({ prompt, label, to }: { prompt: string; label: string; to: string }) {
  return (
    <Text size="sm" ta="center" mt="lg">
      {prompt}{" "}
      <Anchor component={LocaleLink} to={to} fw={600} underline="always">
        {label}
      </Anchor>
    </Text>
  );
}

/**
 * A password input whose eye button says what it does ("Show password" / "Hide password", in the
 * page's language: catalog "accounts"),
 * can be reached with the keyboard, and is hidden without JavaScript (it needs it).
 */
export function PasswordField(props: Omit<PasswordInputProps, "visible" | "onVisibilityChange">) {
  const [visible, setVisible] = useState(false);
  const { t } = useTranslation("accounts");
  const toggle = visible ? t("password.hide") : t("password.show");
  return (
    <PasswordInput
      {...props}
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleFocusable
      // Mantine marks only its wrapper as invalid; screen readers need it on the input itself.
      aria-invalid={props.error ? true : undefined}
      visibilityToggleButtonProps={{
        "aria-label": toggle,
        title: toggle,
        className: "js-only",
      }}
    />
  );
}

/**
 * True while this page's own form is being submitted, until the answer has rendered (a
 * non-GET navigation whose form action is the current path).
 */
export function useSubmitting(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  if (navigation.state === "idle" || !navigation.formMethod) return false;
  if (navigation.formMethod.toUpperCase() === "GET") return false;
  const action = navigation.formAction ?? "";
  return action === location.pathname || action.startsWith(`${location.pathname}?`);
}

/** The form's submit button: full width, with a spinner and disabled while submitting. */
export function SubmitButton({ children }: { children: React.ReactNode }) {
  const submitting = useSubmitting();
  return (
    <Button type="submit" fullWidth mt="md" loading={submitting}>
      {children}
    </Button>
  );
}

/**
 * The Email field of the sign-in, sign-up and forgot-password forms (spec §5): required, an email
 * input the browser can fill, with the typed value back and its error after a refused post.
 */
export function EmailField({ defaultValue, error }: { defaultValue?: string; error?: string }) {
  const { t } = useTranslation("accounts");
  return (
    <TextInput
      label={t("fields.email")}
      name="email"
      type="email"
      autoComplete="email"
      required
      defaultValue={defaultValue ?? ""}
      error={error}
    />
  );
}

/**
 * A new password (sign-up's Password, the reset and change pages' New password; issue 27 §2: at
 * least `minLength` characters, MIN_PASSWORD_LENGTH by default and 12 for a staff account, common
 * passwords refused): a PasswordField that says the rule under it and lets password managers
 * suggest one.
 */
export function NewPasswordField({
  label,
  name,
  error,
  minLength = MIN_PASSWORD_LENGTH,
}: {
  label: string;
  name: string;
  error?: string;
  minLength?: number;
}) {
  const { t } = useTranslation("accounts");
  return (
    <PasswordField
      label={label}
      name={name}
      autoComplete="new-password"
      required
      description={t("password.rule", { min: minLength })}
      error={error}
    />
  );
}
