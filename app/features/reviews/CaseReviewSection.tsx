/**
 * The case page's "Review your lawyer" section (issue 16 §1), for the case's client: explains
 * when reviewing opens ("You can review from {date}": engagement + 14 days), shows the form
 * (overall stars and the three aspects as radio groups, title, text: a plain POST form with
 * intent=review that works without JavaScript; what was typed is kept on an error, with each
 * error next to its field in the page's language), then the client's own review with its state
 * and, for REVIEW_EDIT_DAYS, the same form to edit it. Sources: FTC 16 CFR 465, EU Omnibus.
 */
import { Alert, Button, Group, Radio, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { translateMessage } from "../../../lib/i18n/message.ts";
import {
  REVIEW_ASPECTS,
  REVIEW_EDIT_DAYS,
  REVIEW_MIN_DAYS_AFTER_ENGAGEMENT,
  REVIEW_TEXT_MAX,
  REVIEW_TITLE_MAX,
} from "../../../lib/reviews.ts";
import type { OwnReview, ReviewEligibility } from "../../../server/reviews/service.ts";
import type { FormResult } from "../../form-result";
import { useFormats } from "../../i18n/format";
import { Section } from "../../ui/dashboard-parts";
import { ReviewsLink } from "./LawyerReviewsPage";
import { ReviewItem } from "./ReviewItem";

/**
 * The review form's failure as the case page's action answers it (messages are catalog
 * references): the one form-failure shape (app/form-result.ts FormResult, issue 30).
 */
export type ReviewFormFailure = FormResult;

/** The form's field names: the overall rating, the aspects, title and text. */
export const REVIEW_FORM_FIELDS = ["rating", ...REVIEW_ASPECTS, "title", "text"] as const;

/** The posted form as the review service's body (`ratings` nested). */
export function reviewBodyOf(values: Record<string, string>) {
  return {
    rating: values.rating,
    ratings: Object.fromEntries(REVIEW_ASPECTS.map((a) => [a, values[a]])),
    title: values.title ?? "",
    text: values.text ?? "",
  };
}

/** A service field error key ("ratings.outcome", "rating", "ratings") as the form's field name. */
export function formFieldOf(key: string): string {
  if (key.startsWith("ratings.")) return key.slice("ratings.".length);
  return key === "ratings" ? "communication" : key;
}

/**
 * Five radio buttons 1–5 named `name`, labelled "1 star" … "5 stars", in a labelled radiogroup
 * with its error below. Uncontrolled native inputs (defaultChecked): a choice made before the
 * page hydrates is kept, and the form posts without JavaScript.
 */
function StarChoice({
  name,
  label,
  value,
  error,
}: {
  name: string;
  label: string;
  value: string | undefined;
  error: string | undefined;
}) {
  const { t } = useTranslation("reviews");
  const labelId = `review-${name}-label`;
  const errorId = `review-${name}-error`;
  return (
    <div>
      <Text id={labelId} size="sm" fw={500}>
        {label}
      </Text>
      <Group
        role="radiogroup"
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error ? true : undefined}
        aria-required
        gap="md"
        mt={6}
      >
        {[1, 2, 3, 4, 5].map((n) => (
          <Radio
            key={n}
            name={name}
            value={String(n)}
            defaultChecked={value === String(n)}
            label={t("form.stars", { count: n })}
            id={`review-${name}-${n}`}
            error={Boolean(error)}
          />
        ))}
      </Group>
      {error && (
        <Text id={errorId} size="sm" c="red.8" mt={4}>
          {error}
        </Text>
      )}
    </div>
  );
}

/** The write/edit form, prefilled from the failure's values or the existing review. */
function ReviewForm({
  existing,
  failure,
  busy,
}: {
  existing: OwnReview | null;
  failure: ReviewFormFailure | null;
  busy: boolean;
}) {
  const { t } = useTranslation("reviews");
  const values: Record<string, string | undefined> = failure?.values ?? {
    rating: existing ? String(existing.rating) : undefined,
    communication: existing ? String(existing.ratings.communication) : undefined,
    responsiveness: existing ? String(existing.ratings.responsiveness) : undefined,
    outcome: existing ? String(existing.ratings.outcome) : undefined,
    title: existing?.title ?? "",
    text: existing?.text ?? "",
  };
  const err = (name: string) => {
    const ref = failure?.fieldErrors[name];
    return ref ? translateMessage(t, ref) : undefined;
  };
  return (
    <Form method="post" replace noValidate>
      <input type="hidden" name="intent" value="review" />
      <Stack gap="md">
        {failure && (
          <Alert color="red" role="alert">
            {translateMessage(t, failure.message ?? "")}
          </Alert>
        )}
        <StarChoice name="rating" label={t("form.overall")} value={values.rating} error={err("rating")} />
        {REVIEW_ASPECTS.map((a) => (
          <StarChoice key={a} name={a} label={t(`aspects.${a}`)} value={values[a]} error={err(a)} />
        ))}
        <TextInput
          name="title"
          label={t("form.title")}
          defaultValue={values.title}
          maxLength={REVIEW_TITLE_MAX}
          error={err("title")}
          required
        />
        <Textarea
          name="text"
          label={t("form.text")}
          description={t("form.textHint")}
          defaultValue={values.text}
          maxLength={REVIEW_TEXT_MAX}
          autosize
          minRows={5}
          error={err("text")}
          required
        />
        <Group>
          <Button type="submit" loading={busy}>
            {existing ? t("form.saveEdit") : t("form.submit")}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

/** The section for the case's client; for its lawyer, the published review of the engagement (or nothing). */
export function CaseReviewSection({
  eligibility,
  failure,
  busy,
}: {
  eligibility: ReviewEligibility;
  failure: ReviewFormFailure | null;
  busy: boolean;
}) {
  const { t } = useTranslation("reviews");
  const formats = useFormats();
  const review = eligibility.review;
  // The lawyer sees the published review of this engagement and where to reply or report.
  if (eligibility.state === "lawyer")
    return review && review.status === "published" ? (
      <Section headingId="case-review" title={t("case.lawyerTitle")}>
        <Stack gap="sm">
          <ReviewItem review={review} />
          <ReviewsLink />
        </Stack>
      </Section>
    ) : null;
  return (
    <Section headingId="case-review" title={t("case.title")}>
      <Stack gap="md">
        {eligibility.state === "not_engaged" && (
          <Text>{t("case.notEngaged", { days: REVIEW_MIN_DAYS_AFTER_ENGAGEMENT })}</Text>
        )}
        {eligibility.state === "too_early" && eligibility.opensAt && (
          <Text data-testid="review-opens">
            {t("case.from", { date: formats.date(eligibility.opensAt) })}
          </Text>
        )}
        {eligibility.state === "open" && (
          <>
            <Text>{t("case.intro")}</Text>
            <ReviewForm existing={null} failure={failure} busy={busy} />
          </>
        )}
        {review && (
          <>
            {review.status === "pending" && <Alert color="yellow">{t("case.pending")}</Alert>}
            {(review.status === "rejected" || review.status === "removed") && (
              <Alert color="red">{t("case.takenDown")}</Alert>
            )}
            {review.status === "published" && <Text>{t("case.published")}</Text>}
            <ReviewItem review={review} />
            {review.editable ? (
              <>
                <Text size="sm" c="dimmed">
                  {t("case.editUntil", { date: formats.date(review.editableUntil), days: REVIEW_EDIT_DAYS })}
                </Text>
                <ReviewForm existing={review} failure={failure} busy={busy} />
              </>
            ) : (
              <Text size="sm" c="dimmed">
                {t("case.editClosed", { days: REVIEW_EDIT_DAYS })}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Section>
  );
}
