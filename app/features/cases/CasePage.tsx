/**
 * The case page (issue 4 "Tracking and messages"; spec §1; the route app/routes/case.tsx): the
 * summary with every field, the documents, the status timeline, the message thread with a form
 * for either party and, for the lawyer, the status control (issue 27 §2: only the moves the case
 * state machine allows now), the intake decisions (issue 17), the re-send offer (issue 16 §3), the
 * review (issue 16 §1) and the data export. Plain forms that post to the page's own action
 * (case-page.server.ts); a refusal (FormResult, app/form-result.ts) shows its message next to the
 * field of the form that sent it, in the page's language. Everything a person typed is rendered
 * as React text (escaped).
 */
import {
  Anchor,
  Button,
  Card,
  Container,
  Group,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { isolateIn } from "../../../lib/bidi.ts";
import { lawyerStatusChoices } from "../../../lib/case-states.ts";
import { CASE_MESSAGE_MAX } from "../../../lib/cases.ts";
import { formatCalendarDate } from "../../../lib/i18n/calendar-date.ts";
import { dirOf } from "../../../lib/i18n/locales.ts";
import { translateMessage } from "../../../lib/i18n/message.ts";
import { type FormResult, formFailureOf } from "../../form-result";
import { useTimeZone } from "../../i18n/format";
import { useLocale } from "../../i18n/locale";
import { Bidi } from "../../ui/Bidi";
import { Section } from "../../ui/dashboard-parts";
import { LocaleLink } from "../../ui/LocaleLink";
import { ResendPanel } from "../responses";
import { CaseReviewSection } from "../reviews";
import { CaseDataExport } from "../rights";
import { CaseConsents, IntakeSection, WithdrawCase } from "./CaseIntake";
import { CaseStatusGuide } from "./CaseStatusGuide";
import {
  budgetLabel,
  CaseField,
  CaseStatusBadge,
  CaseTime,
  caseOptionLabel,
  formatFileSize,
} from "./case-display";
import type { CasePageData } from "./case-page.server";
import { DocumentDownloads } from "./DocumentDownloads";

/** The refusal of one form of the page: its field (the first with a message) and the message to show. */
function refusalOf(actionData: FormResult | undefined, intent: string) {
  const result = formFailureOf(actionData, intent);
  if (!result) return null;
  const field = Object.keys(result.fieldErrors)[0];
  const error = (field ? result.fieldErrors[field] : undefined) ?? result.message ?? "";
  return { field, error };
}

/** The case page. */
export function CasePage() {
  const { t } = useTranslation("cases");
  const locale = useLocale();
  const timeZone = useTimeZone();
  const {
    case: c,
    signedIn,
    lawyerCountryCode,
    clientPhone,
    resend,
    isCopy,
    review,
    downloads,
  } = useLoaderData() as CasePageData;
  const result = useActionData() as FormResult | undefined;
  const refused = (intent: string) => refusalOf(result, intent);
  const resendRefusal = refused("resend");
  const reviewRefusal = result?.intent === "review" ? result : null;
  const navigation = useNavigation();
  const busy = (intent: string) =>
    navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const lawyer = c.viewerRole === "lawyer";
  // Issue 27 §2: the status control offers only the moves the case state machine allows now
  // (none for a pending case, which is accepted or declined, nor for a declined one).
  const statusChoices = lawyer
    ? lawyerStatusChoices({ status: c.status, acceptedAt: c.acceptedAt ? new Date(c.acceptedAt) : null })
    : [];
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          {signedIn && (
            <Anchor component={LocaleLink} to="/dashboard" size="sm">
              {t("page.backToDashboard")}
            </Anchor>
          )}
          <Group justify="space-between" align="flex-start" mt="xs" wrap="wrap">
            <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: "anywhere" }}>
              <Bidi>{c.caseTitle}</Bidi>
            </Title>
            <CaseStatusBadge status={c.status} size="lg" />
          </Group>
          <Text c="dimmed" mt={4} style={{ overflowWrap: "anywhere" }}>
            {lawyer
              ? t("page.from", { name: isolateIn(c.clientName, dirOf(locale)) })
              : c.lawyerFirm
                ? t("page.sentToFirm", {
                    name: isolateIn(c.lawyerName, dirOf(locale)),
                    firm: isolateIn(c.lawyerFirm, dirOf(locale)),
                  })
                : t("page.sentTo", { name: isolateIn(c.lawyerName, dirOf(locale)) })}{" "}
            · <CaseTime at={c.createdAt} />
          </Text>
          {isCopy && (
            <Text size="sm" mt={4} data-testid="case-copy-note">
              {t("resend.copyOf")}
            </Text>
          )}
        </div>

        {/* Issue 19 §5: what the status means and what happens next, for this reader. */}
        <CaseStatusGuide status={c.status} reader={lawyer ? "lawyer" : "client"} managed={c.lawyerManaged} />

        <IntakeSection c={c} locale={locale} timeZone={timeZone} error={result} busy={busy} />

        {resend && (
          <ResendPanel
            declined={c.declinedAt !== null}
            waiting={!c.lawyerManaged}
            lawyerName={c.lawyerName}
            find={resend.find}
            candidates={resend.candidates}
            error={
              resendRefusal
                ? {
                    message: resendRefusal.error,
                    field: resendRefusal.field,
                    lawyerId:
                      Number(result?.values.lawyerId) > 0 ? Number(result?.values.lawyerId) : undefined,
                  }
                : undefined
            }
            busy={busy("resend")}
          />
        )}

        <Section headingId="case-summary" title={t("page.summary")}>
          {c.description === null ? (
            <Text c="dimmed" mb="md" data-testid="case-locked">
              {t("intake.locked")}
            </Text>
          ) : (
            <Text
              style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
              mb="md"
              data-testid="case-description"
            >
              {c.description}
            </Text>
          )}
          <dl
            style={{
              display: "grid",
              gridTemplateColumns: "repeat(auto-fill, minmax(200px, 1fr))",
              gap: "12px 24px",
              margin: 0,
            }}
          >
            <CaseField label={t("page.caseType")} value={caseOptionLabel(t, "caseTypes", c.caseType)} />
            <CaseField label={t("page.priority")} value={caseOptionLabel(t, "priorities", c.priority)} />
            <CaseField
              label={t("page.dateNeeded")}
              value={c.dateNeeded ? formatCalendarDate(c.dateNeeded, locale) : null}
            />
            <CaseField
              label={t("page.budget")}
              value={c.budget ? budgetLabel(t, c.budget, lawyerCountryCode, locale) : null}
            />
            <CaseField label={t("page.lawyer")} value={c.lawyerName} />
            <CaseField label={t("page.clientName")} value={c.clientName} />
            <CaseField label={t("page.clientEmail")} value={c.clientEmail} />
            <CaseField label={t("page.clientPhone")} value={clientPhone?.text ?? null} ltr />
            <CaseField
              label={t("page.communication")}
              value={
                c.preferredCommunication === null
                  ? null
                  : caseOptionLabel(t, "communication", c.preferredCommunication)
              }
            />
          </dl>
        </Section>

        <Section headingId="case-documents" title={t("page.documents")}>
          {c.documents === null ? (
            <Text c="dimmed">{t("intake.locked")}</Text>
          ) : c.documents.length === 0 ? (
            <Text c="dimmed">{t("page.noDocuments")}</Text>
          ) : (
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }}>
              {c.documents.map((d) => (
                <li key={d.id} style={{ overflowWrap: "anywhere" }}>
                  <Anchor href={`/cases/${c.id}/documents/${d.id}`} download={d.fileName}>
                    {d.fileName}
                  </Anchor>{" "}
                  <Text span size="sm" c="dimmed">
                    ({d.fileType.toUpperCase()}, {formatFileSize(d.fileSize, locale)})
                  </Text>
                </li>
              ))}
            </Stack>
          )}
        </Section>

        {downloads && <DocumentDownloads downloads={downloads} />}

        <Section headingId="case-timeline" title={t("page.timeline")}>
          <Stack component="ol" gap="xs" ps="lg" m={0} aria-label={t("page.timeline")}>
            {c.timeline.map((step) => (
              <li key={`${step.status}-${step.createdAt}`}>
                <Text span fw={600}>
                  {caseOptionLabel(t, "statuses", step.status)}
                </Text>{" "}
                <Text span size="sm" c="dimmed">
                  <CaseTime at={step.createdAt} />
                </Text>
              </li>
            ))}
          </Stack>
          {lawyer && statusChoices.length > 0 && (
            <Form method="post" replace>
              <input type="hidden" name="intent" value="status" />
              <Group align="flex-end" mt="md" wrap="wrap">
                <NativeSelect
                  label={t("page.caseStatus")}
                  name="status"
                  defaultValue={c.status}
                  key={c.status}
                  data={[c.status, ...statusChoices].map((s) => ({
                    value: s,
                    label: caseOptionLabel(t, "statuses", s),
                  }))}
                  error={refused("status") ? translateMessage(t, refused("status")?.error ?? "") : undefined}
                  w={220}
                />
                <Button type="submit" loading={busy("status")}>
                  {t("page.updateStatus")}
                </Button>
              </Group>
            </Form>
          )}
        </Section>

        <CaseConsents consents={c.consents} locale={locale} timeZone={timeZone} />

        {/* A case the lawyer declined can never be reviewed (issue 16 §1): no review section. */}
        {review && !(review.state === "not_engaged" && c.status === "declined") && (
          <CaseReviewSection eligibility={review} failure={reviewRefusal} busy={busy("review")} />
        )}
        {c.viewerRole === "client" && <CaseDataExport caseId={c.id} signedIn={signedIn} />}

        <Section headingId="case-messages" title={t("page.conversation")}>
          {c.messages.length === 0 ? (
            <Text c="dimmed" mb="md">
              {lawyer ? t("page.noMessagesLawyer") : t("page.noMessagesClient")}
            </Text>
          ) : (
            <Stack
              component="ol"
              gap="sm"
              p={0}
              m={0}
              mb="md"
              style={{ listStyle: "none" }}
              aria-label={t("page.conversation")}
            >
              {c.messages.map((m) => (
                <li key={m.id}>
                  <Card
                    withBorder
                    radius="sm"
                    padding="sm"
                    bg={m.authorRole === c.viewerRole ? "blue.0" : undefined}
                  >
                    <Text size="sm" fw={600}>
                      {m.authorRole === c.viewerRole ? (
                        t("page.you")
                      ) : (
                        <Bidi>{m.authorRole === "lawyer" ? c.lawyerName : c.clientName}</Bidi>
                      )}{" "}
                      <Text span size="xs" c="dimmed" fw={400}>
                        <CaseTime at={m.createdAt} />
                      </Text>
                    </Text>
                    <Text style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{m.body}</Text>
                  </Card>
                </li>
              ))}
            </Stack>
          )}
          <Form method="post" key={c.messages.length}>
            <input type="hidden" name="intent" value="message" />
            <Textarea
              label={t("page.message")}
              name="body"
              required
              autosize
              minRows={3}
              maxLength={CASE_MESSAGE_MAX}
              defaultValue={result?.intent === "message" ? result.values.body : undefined}
              error={refused("message") ? translateMessage(t, refused("message")?.error ?? "") : undefined}
            />
            <Button type="submit" mt="sm" loading={busy("message")}>
              {t("page.sendMessage")}
            </Button>
          </Form>
        </Section>

        {!lawyer && c.acceptedAt === null && (
          <WithdrawCase error={refused("withdraw")?.error} busy={busy("withdraw")} />
        )}
      </Stack>
    </Container>
  );
}
