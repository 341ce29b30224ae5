/**
 * /admin/reviews/:id (issue 16 §1 "Moderators publish, reject (with a reason from a published
 * policy) or remove, all audited"): one review with its state, the lawyer, the reports about it,
 * and the decision form (publish; reject or remove with a REVIEW_REMOVAL_REASONS reason). A plain
 * form that works without JavaScript; the server audits and recomputes (server/reviews). "No
 * review is hidden for being negative": the reasons say what may be removed.
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  Radio,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { REVIEW_REMOVAL_REASONS } from "../../../lib/reviews.ts";
import type { ModeratedReview } from "../../../server/reviews/service.ts";
import { useFormats } from "../../i18n/format";
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
              </li>
            ))}
          </Stack>
        )}
      </Card>
      {options.length > 0 ? (
        <Card withBorder radius="md" padding="md">
          <Form method="post" replace>
            <Stack gap="sm">
              {failure && (
                <Alert color="red" role="alert">
                  {failure.message}
                </Alert>
              )}
              <Radio.Group
                name="decision"
                label={t("admin.decision")}
                defaultValue={failure?.values.decision ?? options[0]}
                error={failure?.fieldErrors.decision}
                required
              >
                <Stack gap={6} mt={6}>
                  {options.map((o) => (
                    <Radio key={o} value={o} label={t(`admin.decisions.${o}`)} />
                  ))}
                </Stack>
              </Radio.Group>
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
            </Stack>
          </Form>
        </Card>
      ) : (
        <Text c="dimmed">{t("admin.final")}</Text>
      )}
    </Stack>
  );
}
