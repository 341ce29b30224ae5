/**
 * The case page's offer for an unanswered case (issue 16 §3: "at 24 h without answer the client
 * is told and offered to send the same case (with its documents, with consent) to another lawyer
 * of their choice in one click"; spec §1 "lawyers respond within 24 hours"). Shown only to the
 * case's client while the re-send service says the offer is open (server/responses/resend.ts).
 *
 * Two plain forms, so it works without JavaScript: a GET form `?find=` that reloads the page with
 * matching listings (the directory's search over name, firm and place), and a POST form
 * (intent "resend") with one radio per listing, the explicit consent checkbox and the button. The
 * action (app/routes/case.tsx) answers the error next to the field it belongs to, keeping the
 * chosen lawyer, or redirects to the new case. Issue 17 §2: also shown at once for a case its
 * lawyer declined (`declined`), and the consent is the explicit health-data consent (§1, GDPR
 * Art. 9(2)(a); HealthDataConsentField, with the privacy policy link). Issue 28 §4: shown at once
 * when nobody manages the case's listing (`waiting`), offering the managed lawyers nearby first.
 */
import { Alert, Button, Group, Radio, Stack, Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { translateMessage } from "../../../lib/i18n/message.ts";
import { useLocale } from "../../i18n/locale";
import { HealthDataConsentField } from "../cases";

/** A listing the client may choose (the search's result, without the case's own lawyer). */
export interface ResendCandidate {
  id: number;
  name: string;
  firm: string;
  location: string;
}

/** Props of ResendPanel. */
export interface ResendPanelProps {
  /** The case's current lawyer (named in the notice). */
  lawyerName: string;
  /** The text searched for (`?find=`), or "" before a search. */
  find: string;
  candidates: ResendCandidate[];
  /** The action's error (a catalog reference or text) and the field it belongs to, if any. */
  error?: { message: string; field?: string; lawyerId?: number };
  busy: boolean;
  /** The lawyer declined the case (issue 17 §2): the notice says so instead of "not answered". */
  declined?: boolean;
  /**
   * Issue 28 §4: nobody manages the case's listing, so the offer is open at once: the notice says
   * so, and before a search the candidates are the managed lawyers nearby.
   */
  waiting?: boolean;
}

/** The notice, the lawyer search and the consent form. */
export function ResendPanel({
  lawyerName,
  find,
  candidates,
  error,
  busy,
  declined = false,
  waiting = false,
}: ResendPanelProps) {
  const { t } = useTranslation("cases");
  const locale = useLocale();
  const message = error ? translateMessage(t, error.message, locale) : undefined;
  const kind = declined ? "Declined" : waiting ? "Waiting" : "";
  return (
    <Alert
      color="orange"
      variant="light"
      title={t(`resend.title${kind}`, { lawyer: lawyerName })}
      // The title in the text colour: orange on the light orange background is below 4.5:1.
      styles={{ title: { color: "var(--mantine-color-text)" } }}
      data-testid="resend-panel"
    >
      <Stack gap="md">
        <Text size="sm">{t(`resend.body${kind}`)}</Text>
        <Form method="get" replace preventScrollReset>
          <Group align="flex-end" wrap="wrap" gap="sm">
            <TextInput
              label={t("resend.findLabel")}
              name="find"
              defaultValue={find}
              maxLength={100}
              style={{ flex: "1 1 240px" }}
              data-testid="resend-find"
            />
            <Button type="submit" variant="default">
              {t("resend.find")}
            </Button>
          </Group>
        </Form>
        {find !== "" && candidates.length === 0 && (
          <Text size="sm" c="dimmed">
            {t("resend.noResults")}
          </Text>
        )}
        {candidates.length > 0 && (
          <Form method="post">
            <input type="hidden" name="intent" value="resend" />
            <Stack gap="sm">
              <Radio.Group
                name="lawyerId"
                label={t("resend.choose")}
                defaultValue={error?.lawyerId ? String(error.lawyerId) : undefined}
                error={error?.field === "lawyerId" ? message : undefined}
              >
                <Stack gap={6} mt={6}>
                  {candidates.map((c) => (
                    <Radio
                      key={c.id}
                      value={String(c.id)}
                      required
                      label={[c.name, c.firm, c.location].filter(Boolean).join(" · ")}
                    />
                  ))}
                </Stack>
              </Radio.Group>
              <HealthDataConsentField
                variant="resend"
                error={error?.field === "healthDataConsent" ? message : undefined}
                testId="resend-consent"
              />
              {error && error.field !== "healthDataConsent" && error.field !== "lawyerId" && (
                <Text size="sm" c="red.8" role="alert">
                  {message}
                </Text>
              )}
              <Group>
                <Button type="submit" color="orange" loading={busy}>
                  {t("resend.submit")}
                </Button>
              </Group>
            </Stack>
          </Form>
        )}
      </Stack>
    </Alert>
  );
}
