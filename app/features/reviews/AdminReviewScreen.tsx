/**
 * /admin/reviews/:id (issue 16 §1 "Moderators publish, reject (with a reason from a published
 * policy) or remove, all audited"): one review with its state, the lawyer, why it was held and
 * the engagement's timeline (issue 27 §2: case submitted, accepted, engaged, review written, both
 * accounts' creation), the reports about it (with the links and contact details their text holds),
 * and the decision form (publish; reject or remove with a REVIEW_REMOVAL_REASONS reason). A plain
 * form that works without JavaScript; the server audits and recomputes (server/reviews). "No
 * review is hidden for being negative": the reasons say what may be removed.
 */
import { Alert, Anchor, Badge, Button, Card, Group, NativeSelect, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import {
  REVIEW_NETWORK_MAX,
  REVIEW_NETWORK_WINDOW_DAYS,
  REVIEW_REMOVAL_REASONS,
  REVIEW_SIGNAL_WINDOW_DAYS,
} from "../../../lib/reviews.ts";
import type { EngagementTimeline, ModeratedReview } from "../../../server/reviews/service.ts";
import { useFormats } from "../../i18n/format";
import { ContactDetailsNotice } from "../../ui/ContactDetailsNotice";
import { DecisionChoice, DecisionForm } from "../../ui/DecisionForm";
import { LocaleLink } from "../../ui/LocaleLink";
import type { ReviewActionFailure } from "./forms";
import { ReviewItem } from "./ReviewItem";

/** The screen: the review, its reports and the decision form; `done` after a decision. */
export function AdminReviewScreen({
  review,
  failure,
  done,
}: {
  review: ModeratedReview;
  failure: ReviewActionFailure | null;
  done: boolean;
}) {
  const { t } = useTranslation("reviews");
  const formats = useFormats();
  const openReports = review.reports.filter((r) => r.status === "open");
  const options =
    review.status === "pending"
      ? ["publish", "reject"]
      : review.status === "published"
        ? openReports.length > 0
          ? ["publish", "remove"]
          : ["remove"]
        : [];
  return (
    <Stack gap="md">
      <Title order={2}>{t("admin.title")}</Title>
      {done && <Alert color="green">{t("admin.done")}</Alert>}
      <Group gap="sm">
        <Anchor component={LocaleLink} to={`/admin/listings/${review.lawyerId}`} fw={600}>
          {review.lawyerName}
        </Anchor>
        <Badge data-testid="review-status">{t(`statuses.${review.status}`)}</Badge>
        {review.moderationReason && (
          <Text size="sm" c="dimmed">
            {t("admin.reason", {
              reason:
                review.moderationReason === "reported"
                  ? t("admin.reported")
                  : t(`reasons.${review.moderationReason}`),
            })}
          </Text>
        )}
      </Group>
      <ReviewItem review={review} />
      <HoldReasons reasons={review.holdReasons} />
      <Timeline timeline={review.timeline} />
      <Card withBorder radius="md" padding="md">
        <Title order={3} fz="md" mb="xs">
          {t("admin.reports", { count: review.reports.length })}
        </Title>
        {review.reports.length === 0 ? (
          <Text c="dimmed">{t("admin.noReports")}</Text>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }}>
            {review.reports.map((r) => (
              <li key={r.id}>
                <Text fw={600}>
                  {t(`reasons.${r.reason}`)}{" "}
                  <Text span size="sm" c="dimmed" fw={400}>
                    {formats.dateTime(r.createdAt)} · {t(`reportStatuses.${r.status}`)}
                  </Text>
                </Text>
                <Text style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{r.details}</Text>
                <ContactDetailsNotice found={r.contactDetails} />
              </li>
            ))}
          </Stack>
        )}
      </Card>
      {options.length > 0 ? (
        <DecisionForm replace padding="md" radius="md" gap="sm">
          {failure && (
            <Alert color="red" role="alert">
              {failure.message}
            </Alert>
          )}
          <DecisionChoice
            name="decision"
            label={t("admin.decision")}
            options={options.map((o) => ({ value: o, label: t(`admin.decisions.${o}`) }))}
            value={failure?.values.decision}
            error={failure?.fieldErrors.decision}
          />
          <NativeSelect
            name="reason"
            label={t("admin.reasonLabel")}
            description={t("admin.reasonHint")}
            defaultValue={failure?.values.reason ?? ""}
            error={failure?.fieldErrors.reason}
            data={[
              { value: "", label: t("dashboard.chooseReason") },
              ...REVIEW_REMOVAL_REASONS.map((r) => ({ value: r, label: t(`reasons.${r}`) })),
            ]}
          />
          <Group>
            <Button type="submit">{t("admin.submit")}</Button>
          </Group>
        </DecisionForm>
      ) : (
        <Text c="dimmed">{t("admin.final")}</Text>
      )}
    </Stack>
  );
}

/**
 * Why the review was held at its last write (issue 27 §2; lib/reviews.ts REVIEW_HOLD_REASONS),
 * each with what it means, or that nothing held it.
 */
function HoldReasons({ reasons }: { reasons: ModeratedReview["holdReasons"] }) {
  const { t } = useTranslation("reviews");
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="hold-reasons-title">
      <Title order={3} fz="md" mb="xs" id="hold-reasons-title">
        {t("admin.held.title")}
      </Title>
      {reasons.length === 0 ? (
        <Text c="dimmed">{t("admin.held.none")}</Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }} data-testid="hold-reasons">
          {reasons.map((r) => (
            <li key={r} data-reason={r}>
              <Text fw={600}>{t(`admin.held.reasons.${r}.label`)}</Text>
              <Text size="sm">
                {t(`admin.held.reasons.${r}.detail`, {
                  days: r === "network_volume" ? REVIEW_NETWORK_WINDOW_DAYS : REVIEW_SIGNAL_WINDOW_DAYS,
                  max: REVIEW_NETWORK_MAX,
                })}
              </Text>
            </li>
          ))}
        </Stack>
      )}
      {reasons.length > 0 && (
        <Text size="sm" c="dimmed" mt="xs">
          {t("admin.held.note")}
        </Text>
      )}
    </Card>
  );
}

/** The steps of the timeline, in order, and the timeline's field for each. */
const STEPS = [
  ["lawyerAccountCreated", "lawyerAccountCreatedAt"],
  ["clientAccountCreated", "clientAccountCreatedAt"],
  ["caseSubmitted", "caseSubmittedAt"],
  ["caseAccepted", "caseAcceptedAt"],
  ["engaged", "engagedAt"],
  ["reviewWritten", "reviewWrittenAt"],
] as const satisfies readonly (readonly [string, keyof EngagementTimeline])[];

/**
 * The engagement's timeline (issue 27 §2 "case submitted, accepted, engaged, review written;
 * account created dates of both parties"), oldest first; a step that did not happen says so.
 */
function Timeline({ timeline }: { timeline: EngagementTimeline }) {
  const { t } = useTranslation("reviews");
  const formats = useFormats();
  const steps = [...STEPS].sort(([, a], [, b]) => (timeline[a] ?? "9").localeCompare(timeline[b] ?? "9"));
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="timeline-title">
      <Title order={3} fz="md" mb="xs" id="timeline-title">
        {t("admin.timeline.title")}
      </Title>
      <Stack component="ol" gap={4} m={0} pl="md" data-testid="engagement-timeline">
        {steps.map(([step, field]) => (
          <li key={step} data-step={step}>
            <Text size="sm">
              {t("admin.timeline.entry", {
                step: t(`admin.timeline.${step}`),
                date: timeline[field] ? formats.dateTime(timeline[field]) : t("admin.timeline.none"),
              })}
            </Text>
          </li>
        ))}
      </Stack>
    </Card>
  );
}
