/**
 * /dashboard/reviews (issue 16 §1 "The lawyer can post one public reply per review and report a
 * review"): the published reviews of the signed-in lawyer's listing, each with a reply form
 * (until it has its one reply) and a report form (a reason from the policy and details; the
 * review stays published until a moderator decides). Plain POST forms (intent reply | report
 * with the review's id): they work without JavaScript and keep what was typed on an error.
 */
import { Alert, Anchor, Button, Container, NativeSelect, Stack, Text, Textarea, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { REVIEW_REPORT_DETAILS_MAX } from "../../../lib/review-input.ts";
import { REVIEW_REPLY_MAX, REVIEW_REPORT_REASONS } from "../../../lib/reviews.ts";
import type { LawyerReview } from "../../../server/reviews/service.ts";
import { LocaleLink } from "../../ui/LocaleLink";
import type { ReviewActionFailure } from "./forms";
import { ReviewItem } from "./ReviewItem";

/** The page: the lawyer's reviews with their forms; `done` names the last success ("replied" | "reported"). */
export function LawyerReviewsPage({
  reviews,
  failure,
  done,
}: {
  reviews: LawyerReview[];
  failure: ReviewActionFailure | null;
  done: string | null;
}) {
  const { t } = useTranslation("reviews");
  const failed = (intent: string, id: string) => (failure?.formId === `${intent}:${id}` ? failure : null);
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t("dashboard.title")}</Title>
        <Text c="dimmed">{t("dashboard.intro")}</Text>
        {done === "replied" && <Alert color="green">{t("dashboard.replied")}</Alert>}
        {done === "reported" && <Alert color="green">{t("dashboard.reported")}</Alert>}
        {reviews.length === 0 ? (
          <Text>{t("dashboard.empty")}</Text>
        ) : (
          <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: "none" }}>
            {reviews.map((r) => {
              const replyFail = failed("reply", r.id);
              const reportFail = failed("report", r.id);
              return (
                <li key={r.id}>
                  <ReviewItem review={r} headingLevel={3}>
                    {!r.reply && (
                      <Form method="post" replace>
                        <input type="hidden" name="intent" value="reply" />
                        <input type="hidden" name="reviewId" value={r.id} />
                        {replyFail && !replyFail.fieldErrors.reply && (
                          <Alert color="red" role="alert" mb="xs">
                            {replyFail.message}
                          </Alert>
                        )}
                        <Textarea
                          name="reply"
                          id={`reply-${r.id}`}
                          label={t("dashboard.replyLabel")}
                          description={t("dashboard.replyHint")}
                          maxLength={REVIEW_REPLY_MAX}
                          defaultValue={replyFail?.values.reply ?? ""}
                          error={replyFail?.fieldErrors.reply}
                          autosize
                          minRows={2}
                          required
                        />
                        <Button type="submit" mt="xs" size="sm">
                          {t("dashboard.replySubmit")}
                        </Button>
                      </Form>
                    )}
                    {r.reported ? (
                      <Text size="sm" c="dimmed">
                        {t("dashboard.alreadyReported")}
                      </Text>
                    ) : (
                      <details open={Boolean(reportFail)}>
                        <summary>{t("dashboard.report")}</summary>
                        <Form method="post" replace>
                          <input type="hidden" name="intent" value="report" />
                          <input type="hidden" name="reviewId" value={r.id} />
                          <Stack gap="xs" mt="xs">
                            {reportFail &&
                              !reportFail.fieldErrors.reason &&
                              !reportFail.fieldErrors.details && (
                                <Alert color="red" role="alert">
                                  {reportFail.message}
                                </Alert>
                              )}
                            <NativeSelect
                              name="reason"
                              id={`reason-${r.id}`}
                              label={t("dashboard.reason")}
                              defaultValue={reportFail?.values.reason ?? ""}
                              error={reportFail?.fieldErrors.reason}
                              data={[
                                { value: "", label: t("dashboard.chooseReason") },
                                ...REVIEW_REPORT_REASONS.map((reason) => ({
                                  value: reason,
                                  label: t(`reasons.${reason}`),
                                })),
                              ]}
                              required
                            />
                            <Textarea
                              name="details"
                              id={`details-${r.id}`}
                              label={t("dashboard.details")}
                              maxLength={REVIEW_REPORT_DETAILS_MAX}
                              defaultValue={reportFail?.values.details ?? ""}
                              error={reportFail?.fieldErrors.details}
                              autosize
                              minRows={2}
                              required
                            />
                            <Button type="submit" size="sm" variant="light" color="red">
                              {t("dashboard.reportSubmit")}
                            </Button>
                          </Stack>
                        </Form>
                      </details>
                    )}
                  </ReviewItem>
                </li>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}

/** The dashboard's link to /dashboard/reviews (lawyers with a listing; issue 16 §1). */
export function ReviewsLink() {
  const { t } = useTranslation("reviews");
  return (
    <Anchor component={LocaleLink} to="/dashboard/reviews" data-testid="reviews-link">
      {t("dashboard.linkText")}
    </Anchor>
  );
}
