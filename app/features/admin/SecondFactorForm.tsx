/**
 * The staff second-factor screen (issue 15 §1): the enrolment (QR code rendered on the server as
 * SVG, the key as text, a code to confirm), the code form of later sign-ins (TOTP or a recovery
 * code), and the recovery codes shown once after the enrolment. Plain POST forms: works without
 * JavaScript.
 */
import { Anchor, Code, List, Stack, Text, TextInput, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { FormAlert } from "../../ui/form";
import { LocaleLink as Link } from "../../ui/LocaleLink";
import { AccountShell, SubmitButton } from "../accounts";

/** What the page shows: the enrolment, the code form, or the recovery codes after enrolment. */
export type SecondFactorView =
  | { mode: "enrol"; secret: string; qrSvg: string }
  | { mode: "verify" }
  | { mode: "recovery"; recoveryCodes: string[]; continueTo: string };

/** The one-time code field (numeric keyboard hint, one-time-code autofill). */
function CodeField({ error }: { error?: string }) {
  const { t } = useTranslation("admin");
  return (
    <TextInput
      name="code"
      label={t("secondFactor.code")}
      description={t("secondFactor.codeHint")}
      autoComplete="one-time-code"
      inputMode="text"
      autoCapitalize="none"
      spellCheck={false}
      required
      maxLength={20}
      error={error}
      autoFocus
    />
  );
}

/**
 * The second-factor screen for `view`; `error` is a translated message next to the code field,
 * `formError` one above the form; `redirectTo` travels in the form, which posts to the page's own
 * address.
 */
export function SecondFactorForm({
  view,
  error,
  formError,
  redirectTo,
}: {
  view: SecondFactorView;
  error?: string;
  formError?: string;
  redirectTo: string | null;
}) {
  const { t } = useTranslation("admin");
  if (view.mode === "recovery") {
    return (
      <AccountShell title={t("secondFactor.recoveryTitle")} lead={t("secondFactor.recoveryLead")}>
        <Stack gap="md">
          <List aria-label={t("secondFactor.recoveryListLabel")} spacing={4} listStyleType="none">
            {view.recoveryCodes.map((code) => (
              <List.Item key={code}>
                <Code fz="md">{code}</Code>
              </List.Item>
            ))}
          </List>
          {/* continueTo is already in the page's locale (safeRedirect of the sign-in's target). */}
          <Anchor component={Link} to={view.continueTo} fw={600}>
            {t("secondFactor.continue")}
          </Anchor>
        </Stack>
      </AccountShell>
    );
  }
  const enrol = view.mode === "enrol";
  return (
    <AccountShell
      title={enrol ? t("secondFactor.enrolTitle") : t("secondFactor.title")}
      lead={enrol ? t("secondFactor.enrolLead") : t("secondFactor.lead")}
    >
      <Form method="post" noValidate>
        {formError && <FormAlert tone="error">{formError}</FormAlert>}
        {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
        <input type="hidden" name="intent" value={enrol ? "enrol" : "verify"} />
        <Stack gap="md">
          {enrol && (
            <>
              <div
                role="img"
                aria-label={t("secondFactor.qrLabel")}
                style={{ width: 200, height: 200, background: "#fff" }}
                // The SVG is made on the server by the qrcode package from the otpauth URI: no
                // text of anyone's choosing, no script.
                // biome-ignore lint/security/noDangerouslySetInnerHtml: server-made QR code SVG
                dangerouslySetInnerHTML={{ __html: view.qrSvg }}
              />
              <div>
                <Title order={2} fz="sm" fw={600}>
                  {t("secondFactor.secretLabel")}
                </Title>
                <Text ff="monospace" fz="md" style={{ wordBreak: "break-all" }} data-testid="totp-secret">
                  {view.secret}
                </Text>
              </div>
            </>
          )}
          <CodeField error={error} />
        </Stack>
        <SubmitButton>{enrol ? t("secondFactor.confirm") : t("secondFactor.submit")}</SubmitButton>
      </Form>
    </AccountShell>
  );
}
