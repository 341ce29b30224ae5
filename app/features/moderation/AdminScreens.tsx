/**
 * The back office's moderation screens (issue 15 §3): one report (/admin/reports/:id), one
 * correction or removal request (/admin/corrections/:id) and one listing's visibility
 * (/admin/listings/:id). The report and the request share one screen (SubmissionScreen) and one
 * outcome form (OutcomeDecision). Every decision is a plain form with a required reason (works without
 * JavaScript); the server audits it (server/moderation).
 */
import { Anchor, Badge, Button, Card, Group, NativeSelect, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { HIDDEN_REASONS, MODERATOR_REASON_MAX } from "../../../lib/moderation.ts";
import type { CorrectionView, ModeratedListing, ReportView } from "../../../server/moderation/service.ts";
import type { FormResult } from "../../form-result";
import { useFormats } from "../../i18n/format";
import { useLocalizePath } from "../../i18n/locale";
import { ContactDetailsNotice } from "../../ui/ContactDetailsNotice";
import { DecisionChoice, DecisionForm } from "../../ui/DecisionForm";
import { FormAlert } from "../../ui/form";
import { LocaleLink } from "../../ui/LocaleLink";
import { DetailsField, fieldProps } from "./forms";

/** The listing line of a screen: name, firm, visibility, links to the profile and its visibility screen. */
function ListingLine({ listing }: { listing: ModeratedListing }) {
  const { t } = useTranslation("moderation");
  return (
    <Group gap="sm">
      <Anchor component={LocaleLink} to={`/admin/listings/${listing.id}`} fw={600}>
        {listing.name}
      </Anchor>
      {listing.firm && <Text c="dimmed">{listing.firm}</Text>}
      <Badge color={listing.hidden ? "red" : "blue"} variant={listing.hidden ? "filled" : "light"}>
        {listing.hidden ? t("admin.hidden") : t("admin.visible")}
      </Badge>
      <Badge variant="outline">{listing.claimed ? t("admin.claimed") : t("admin.unclaimed")}</Badge>
    </Group>
  );
}

/**
 * The decision form of a report or a request: the outcomes (`options`), the moderator's note (the
 * audit's reason) and the submit button `submit`; the last refusal's message above it.
 */
function OutcomeDecision({
  action,
  failure,
  options,
  submit,
}: {
  action: string;
  failure: FormResult | null;
  options: { value: string; label: string }[];
  submit: string;
}) {
  const { t } = useTranslation("moderation");
  return (
    <DecisionForm
      action={action}
      noValidate
      padding="lg"
      gap="md"
      above={failure && <FormAlert tone="error">{failure.message}</FormAlert>}
    >
      <DecisionChoice
        name="outcome"
        label={t("admin.outcome")}
        options={options}
        value={failure?.values.outcome}
        error={failure?.fieldErrors.outcome}
      />
      <ModeratorNote failure={failure} />
      <Button type="submit" w="fit-content">
        {submit}
      </Button>
    </DecisionForm>
  );
}

/** The moderator's note, the reason the audit log keeps (up to MODERATOR_REASON_MAX characters). */
function ModeratorNote({ failure }: { failure: FormResult | null }) {
  const { t } = useTranslation("moderation");
  return (
    <DetailsField
      failure={failure}
      name="note"
      label={t("admin.note")}
      description={t("admin.noteHint")}
      maxLength={MODERATOR_REASON_MAX}
    />
  );
}

/**
 * The screen of one submission a moderator answers, a visitor's report or a correction or
 * removal request (issue 15 §3): the way back, the saved notice, the submission (heading
 * `title` with id `titleId`, the listing, when it came and from whom, its state, its text,
 * `extra` and the answer once given) and, while it is open, the outcome form (OutcomeDecision).
 */
function SubmissionScreen({
  titleId,
  title,
  submission: { listing, createdAt, status, details },
  from,
  extra,
  answer,
  notice,
  decision,
}: {
  titleId: string;
  title: string;
  /** The report or request: its listing, when it came (ISO 8601), its state and its text. */
  submission: Pick<ReportView | CorrectionView, "listing" | "createdAt" | "status" | "details">;
  /** From whom: an email, or the words for none. */
  from: string;
  extra?: ReactNode;
  answer: string | null;
  notice: boolean;
  /** The outcome form shown while the status is "open". */
  decision: Parameters<typeof OutcomeDecision>[0];
}) {
  const { t } = useTranslation("moderation");
  const formats = useFormats();
  return (
    <Stack gap="md">
      <Anchor component={LocaleLink} to="/admin">
        {t("admin.back")}
      </Anchor>
      {notice && <FormAlert tone="success">{t("admin.saved")}</FormAlert>}
      <Card withBorder padding="lg" component="article" aria-labelledby={titleId}>
        <Stack gap="xs">
          <Title order={2} fz="h3" id={titleId}>
            {title}
          </Title>
          <ListingLine listing={listing} />
          <Text size="sm" c="dimmed">
            {t("admin.received", { date: formats.dateTime(createdAt) })} · {from} ·{" "}
            <Badge variant="light">{t(`statuses.${status}`)}</Badge>
          </Text>
          <Text style={{ whiteSpace: "pre-wrap" }}>{details}</Text>
          {extra}
          {answer && <Text size="sm">{t("admin.resolution", { text: answer })}</Text>}
        </Stack>
      </Card>
      {status === "open" && <OutcomeDecision {...decision} />}
    </Stack>
  );
}

/** One report with its resolution form (dismiss, or hide the listing), or its resolution once closed. */
export function ReportScreen({
  report,
  failure,
  notice,
}: {
  report: ReportView;
  failure: FormResult | null;
  notice: boolean;
}) {
  const { t } = useTranslation("moderation");
  const localize = useLocalizePath();
  return (
    <SubmissionScreen
      titleId="report-title"
      title={t("admin.reportTitle", { reason: t(`reasons.${report.reason}`) })}
      submission={report}
      from={report.email ?? t("admin.noEmail")}
      extra={<ContactDetailsNotice found={report.contactDetails} />}
      answer={report.resolution}
      notice={notice}
      decision={{
        action: localize(`/admin/reports/${report.id}`),
        failure,
        options: [
          { value: "dismiss", label: t("admin.dismiss") },
          { value: "hide", label: t("admin.hideFromReport") },
        ],
        submit: t("admin.resolve"),
      }}
    />
  );
}

/** One correction or removal request with its answer form (accept / decline), or its answer once given. */
export function CorrectionScreen({
  request,
  failure,
  notice,
}: {
  request: CorrectionView;
  failure: FormResult | null;
  notice: boolean;
}) {
  const { t } = useTranslation("moderation");
  const localize = useLocalizePath();
  return (
    <SubmissionScreen
      titleId="correction-title"
      title={
        request.kind === "removal"
          ? t("admin.removalTitle")
          : t("admin.correctionTitle", { field: t(`fields.${request.field ?? "admissions"}`) })
      }
      submission={request}
      from={request.email}
      answer={request.answer}
      notice={notice}
      decision={{
        action: localize(`/admin/corrections/${request.id}`),
        failure,
        options: [
          {
            value: "accept",
            label: request.kind === "removal" ? t("admin.acceptRemoval") : t("admin.accept"),
          },
          { value: "decline", label: t("admin.decline") },
        ],
        submit: t("admin.answer"),
      }}
    />
  );
}

/** One listing's visibility: hide (general reason + note) or restore (note). */
export function ListingScreen({
  listing,
  failure,
  notice,
}: {
  listing: ModeratedListing;
  failure: FormResult | null;
  notice: string | null;
}) {
  const { t } = useTranslation("moderation");
  const formats = useFormats();
  const localize = useLocalizePath();
  return (
    <Stack gap="md">
      <Anchor component={LocaleLink} to="/admin">
        {t("admin.back")}
      </Anchor>
      {notice === "hidden" && <FormAlert tone="success">{t("admin.hiddenDone")}</FormAlert>}
      {notice === "restored" && <FormAlert tone="success">{t("admin.restoredDone")}</FormAlert>}
      <Card withBorder padding="lg">
        <Stack gap="xs">
          <ListingLine listing={listing} />
          {listing.hidden && listing.hiddenAt && (
            <Text size="sm" c="dimmed">
              {t("admin.hiddenSince", {
                date: formats.dateTime(listing.hiddenAt),
                reason: t(`hidden.reasons.${listing.hiddenReason ?? "wrong_information"}`),
              })}
            </Text>
          )}
          <Anchor component={LocaleLink} to={`/lawyer/${listing.id}`} size="sm">
            {t("admin.profile")}
          </Anchor>
        </Stack>
      </Card>
      <DecisionForm
        action={localize(`/admin/listings/${listing.id}`)}
        hidden={{ visibility: listing.hidden ? "restore" : "hide" }}
        noValidate
        padding="lg"
        gap="md"
        above={failure && <FormAlert tone="error">{failure.message}</FormAlert>}
      >
        {!listing.hidden && (
          <NativeSelect
            {...fieldProps(failure, "reason")}
            label={t("admin.publicReason")}
            required
            data={[
              { value: "", label: t("report.choose") },
              ...HIDDEN_REASONS.map((r) => ({ value: r, label: t(`hidden.reasons.${r}`) })),
            ]}
          />
        )}
        <ModeratorNote failure={failure} />
        <Button type="submit" w="fit-content" color={listing.hidden ? undefined : "red"}>
          {listing.hidden ? t("admin.restore") : t("admin.hide")}
        </Button>
      </DecisionForm>
    </Stack>
  );
}
