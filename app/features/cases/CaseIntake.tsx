/**
 * Issue 17 §1, §2 and §4 on the case form and the case page (privacy by design):
 * - HealthDataConsentField: the case form's explicit consent to process health information to
 *   send the case to the chosen lawyer (GDPR Art. 9(2)(a)), with a link to the privacy policy;
 *   also the re-send form's consent (`variant="resend"`).
 * - IntakeSection: the two-stage intake (issue 17 §2; ABA Model Rule 1.18 duties to prospective
 *   clients): the conflict-check summary (client, other party, jurisdiction, incident date, case
 *   type, priority) for both parties; for the lawyer of a pending case the Accept-for-review form
 *   (with the "I have checked for conflicts…" confirmation) and the Decline form (optional reason);
 *   afterwards who accepted or declined when, with the reason the client sees.
 * - CaseConsents: the consents given for the case (what, text version, when in the visitor's zone).
 * - WithdrawCase: the client's "Withdraw and delete this case" form with its confirmation (issue 17 §4).
 * Plain forms (intents accept, decline, withdraw of app/routes/case.tsx), so all work without JavaScript.
 */
import { Alert, Anchor, Button, Card, Checkbox, Group, Stack, Text, Textarea } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { DECLINE_REASON_MAX } from "../../../lib/cases.ts";
import { formatCalendarDate } from "../../../lib/i18n/calendar-date.ts";
import { translateMessage } from "../../../lib/i18n/message.ts";
import type { CaseConsentInfo, CaseDetail } from "../../../server/cases/service.ts";
import { type FormResult, formFailureOf } from "../../form-result";
import { Section } from "../../ui/dashboard-parts";
import { LocaleLink } from "../../ui/LocaleLink";
import { CaseField, caseOptionLabel, formatCaseDate } from "./case-display";

/** Props of the consent checkbox: controlled (`checked`, `onChange`) or a plain form field (`defaultChecked`). */
export interface HealthDataConsentFieldProps {
  /** The chosen lawyer's name (the case form); the re-send names no lawyer. */
  lawyerName?: string;
  variant?: "case" | "resend";
  checked?: boolean;
  defaultChecked?: boolean;
  onChange?: (checked: boolean) => void;
  error?: string;
  disabled?: boolean;
  testId?: string;
}

/**
 * The explicit health-data consent (issue 17 §1; GDPR Art. 9(2)(a)): a checkbox named
 * `healthDataConsent` (value "true"), its text in the page's language, the link to the localized
 * privacy policy (opens in a new tab so what was typed stays), and the error next to it.
 */
export function HealthDataConsentField({
  lawyerName,
  variant = "case",
  checked,
  defaultChecked,
  onChange,
  error,
  disabled,
  testId = "health-data-consent",
}: HealthDataConsentFieldProps) {
  const { t } = useTranslation("cases");
  return (
    <Stack gap={4}>
      <Checkbox
        name="healthDataConsent"
        value="true"
        {...(checked !== undefined ? { checked } : { defaultChecked })}
        onChange={onChange ? (e) => onChange(e.currentTarget.checked) : undefined}
        disabled={disabled}
        label={
          variant === "resend" ? t("consent.resend") : t("consent.healthData", { lawyer: lawyerName ?? "" })
        }
        error={error ? translateMessage(t, error) : undefined}
        data-testid={testId}
        styles={{ label: { lineHeight: 1.45 } }}
      />
      <Anchor component={LocaleLink} to="/privacy-policy" target="_blank" size="sm" ps={32}>
        {t("consent.policyLink")}
      </Anchor>
    </Stack>
  );
}

/** The region name of a country code in `locale` ("" when unknown). */
function countryName(code: string, locale: string): string {
  if (!code) return "";
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** Props of the intake section: the case, the page's locale and zone, the action's error, busy intents. */
export interface IntakeSectionProps {
  c: CaseDetail;
  locale: string;
  timeZone: string;
  /** The case page's action answer, the one form-failure shape (app/form-result.ts, issue 30). */
  error?: FormResult | null;
  busy: (intent: string) => boolean;
}

/**
 * The conflict-check summary and the intake's state (see the module comment): for the lawyer of a
 * pending case, the two forms; for the client, what the lawyer sees until acceptance, or who
 * declined with the reason.
 */
export function IntakeSection({ c, locale, timeZone, error, busy }: IntakeSectionProps) {
  const { t } = useTranslation("cases");
  const lawyer = c.viewerRole === "lawyer";
  const pending = c.acceptedAt === null && c.declinedAt === null;
  const jurisdiction = c.incidentPlace || countryName(c.lawyerCountryCode, locale);
  /** The refusal of the form `intent`: its first field's message, else the form's. */
  const errorOf = (intent: string) => {
    const refused = formFailureOf(error, intent);
    return refused
      ? translateMessage(t, Object.values(refused.fieldErrors)[0] ?? refused.message ?? "")
      : undefined;
  };
  return (
    <Section headingId="case-intake" title={t("intake.summaryTitle")}>
      <Stack gap="md" data-testid="case-intake">
        {lawyer && pending && <Text>{t("intake.summaryLead")}</Text>}
        {!lawyer && pending && (
          <Text size="sm" c="dimmed">
            {t("intake.waitingClient", { lawyer: c.lawyerName })}
          </Text>
        )}
        <dl
          style={{
            display: "grid",
            gridTemplateColumns: "repeat(auto-fill, minmax(180px, 1fr))",
            gap: "12px 24px",
            margin: 0,
          }}
        >
          <CaseField empty={t("intake.notGiven")} label={t("intake.client")} value={c.clientName} />
          <CaseField empty={t("intake.notGiven")} label={t("intake.otherParty")} value={c.otherParty} />
          <CaseField empty={t("intake.notGiven")} label={t("intake.jurisdiction")} value={jurisdiction} />
          <CaseField
            empty={t("intake.notGiven")}
            label={t("intake.incidentDate")}
            value={c.incidentDate ? formatCalendarDate(c.incidentDate, locale) : null}
          />
          <CaseField
            empty={t("intake.notGiven")}
            label={t("page.caseType")}
            value={caseOptionLabel(t, "caseTypes", c.caseType)}
          />
          <CaseField
            empty={t("intake.notGiven")}
            label={t("page.priority")}
            value={caseOptionLabel(t, "priorities", c.priority)}
          />
        </dl>
        {c.acceptedAt && (
          <Alert color="green" variant="light" data-testid="case-accepted-note">
            {lawyer
              ? t("intake.acceptedLawyer", { date: formatCaseDate(c.acceptedAt, locale, timeZone) })
              : t("intake.acceptedClient", {
                  lawyer: c.lawyerName,
                  date: formatCaseDate(c.acceptedAt, locale, timeZone),
                })}
          </Alert>
        )}
        {c.declinedAt && (
          <Alert color="gray" variant="light" data-testid="case-declined-note">
            <Text fw={600}>
              {lawyer
                ? t("intake.declinedLawyer", { date: formatCaseDate(c.declinedAt, locale, timeZone) })
                : t("intake.declinedClient", {
                    lawyer: c.lawyerName,
                    date: formatCaseDate(c.declinedAt, locale, timeZone),
                  })}
            </Text>
            {c.declineReason ? (
              <>
                <Text size="sm" mt={6}>
                  {t("intake.reason")}
                </Text>
                <Text
                  style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
                  data-testid="decline-reason"
                >
                  {c.declineReason}
                </Text>
              </>
            ) : (
              <Text size="sm" mt={6}>
                {t("intake.noReason")}
              </Text>
            )}
          </Alert>
        )}
        {lawyer && pending && (
          <Stack gap="md">
            <IntakeDecisionForm
              intent="accept"
              button={
                <Button type="submit" color="green" loading={busy("accept")} data-testid="accept-case">
                  {t("intake.accept")}
                </Button>
              }
            >
              <Checkbox
                name="noConflict"
                value="true"
                label={t("intake.noConflict")}
                error={errorOf("accept")}
                data-testid="no-conflict"
              />
            </IntakeDecisionForm>
            <IntakeDecisionForm
              intent="decline"
              button={
                <Button
                  type="submit"
                  color="red"
                  variant="light"
                  loading={busy("decline")}
                  data-testid="decline-case"
                >
                  {t("intake.decline")}
                </Button>
              }
            >
              <Textarea
                name="reason"
                label={t("intake.declineReason")}
                autosize
                minRows={2}
                maxLength={DECLINE_REASON_MAX}
                error={errorOf("decline")}
                data-testid="decline-reason-input"
              />
            </IntakeDecisionForm>
          </Stack>
        )}
      </Stack>
    </Section>
  );
}

/** The consent's label in the page's language (its purpose). */
function consentLabel(t: (key: string) => string, purpose: string): string {
  return purpose === "health_data" ? t("consents.healthData") : purpose;
}

/** The consents given for the case (issue 17 §1: "shown on the case page"), oldest first. */
export function CaseConsents({
  consents,
  locale,
  timeZone,
}: {
  consents: CaseConsentInfo[];
  locale: string;
  timeZone: string;
}) {
  const { t } = useTranslation("cases");
  if (consents.length === 0) return null;
  return (
    <Section headingId="case-consents" title={t("consents.title")}>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }} data-testid="case-consents">
        {consents.map((k) => (
          <li key={`${k.purpose}-${k.givenAt}`}>
            <Text fw={600}>{consentLabel(t, k.purpose)}</Text>
            <Text size="sm" c="dimmed">
              {t("consents.version", { version: k.textVersion })} ·{" "}
              {t("consents.given", { date: formatCaseDate(k.givenAt, locale, timeZone) })}
            </Text>
          </li>
        ))}
      </Stack>
    </Section>
  );
}

/**
 * One of the lawyer's intake decisions (issue 17 §2): a bordered card holding a plain form posted
 * as `intent` ("accept" or "decline") to the case page's action, its field, then its submit button.
 */
function IntakeDecisionForm({
  intent,
  button,
  children,
}: {
  intent: string;
  button: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="sm" padding="md">
      <Form method="post" replace>
        <input type="hidden" name="intent" value={intent} />
        <Stack gap="sm">
          {children}
          <Group>{button}</Group>
        </Stack>
      </Form>
    </Card>
  );
}

/**
 * "Withdraw and delete this case" (issue 17 §4): a form with a required confirmation checkbox
 * (`confirm`), posted as intent "withdraw"; the action deletes the case and redirects to the
 * confirmation page.
 */
export function WithdrawCase({ error, busy }: { error?: string; busy: boolean }) {
  const { t } = useTranslation("cases");
  return (
    <Section headingId="case-withdraw" title={t("withdraw.title")}>
      <Form method="post">
        <input type="hidden" name="intent" value="withdraw" />
        <Stack gap="sm">
          <Text size="sm">{t("withdraw.lead")}</Text>
          <Checkbox
            name="confirm"
            value="true"
            required
            label={t("withdraw.confirm")}
            error={error ? translateMessage(t, error) : undefined}
            data-testid="withdraw-confirm"
          />
          <Group>
            <Button type="submit" color="red" loading={busy} data-testid="withdraw-case">
              {t("withdraw.button")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </Section>
  );
}
