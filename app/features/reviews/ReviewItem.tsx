/**
 * One review as the public sees it (issue 16 §1): overall stars, title, text, the three aspect
 * ratings, "Verified client — engaged {month year}" (Intl, the page's locale), "Demo review" for
 * the seed's demo reviews, and the lawyer's reply. Used by the profile, the dashboard and the
 * back office. No reviewer name is shown (privacy; docs/spec-deviations.md). What people wrote
 * is set `dir="auto"`: an English review reads left to right on an Arabic page.
 */
import { Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatCalendarDate } from "../../../lib/i18n/calendar-date.ts";
import { REVIEW_ASPECTS } from "../../../lib/reviews.ts";
import type { PublicReview } from "../../../server/reviews/service.ts";
import { useFormats } from "../../i18n/format";
import { useLocale } from "../../i18n/locale";
import { Stars } from "../profile";

/** "March 2026" / "März 2026" for an engagement month "YYYY-MM", in `locale`. */
export function engagedMonth(engagedOn: string, locale: string): string {
  return formatCalendarDate(`${engagedOn.slice(0, 7)}-01`, locale, { month: "long", year: "numeric" });
}

/** The review card; `children` go below it (the dashboard's reply and report forms). */
export function ReviewItem({
  review,
  headingLevel = 3,
  children,
}: {
  review: PublicReview;
  headingLevel?: 3 | 4;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation("reviews");
  const locale = useLocale();
  const formats = useFormats();
  return (
    <Card withBorder radius="md" padding="md" component="article" data-testid="review">
      <Stack gap={6}>
        <Group gap="sm" wrap="wrap">
          <Stars rating={review.rating} />
          {review.demo && (
            <Badge color="gray" variant="light">
              {t("item.demo")}
            </Badge>
          )}
        </Group>
        <Title order={headingLevel} fz="md" dir="auto" style={{ overflowWrap: "anywhere" }}>
          {review.title}
        </Title>
        <Text size="sm" c="teal.9" fw={600}>
          {t("item.verified", { month: engagedMonth(review.verifiedEngagement.engagedOn, locale) })}
          {" · "}
          <Text span size="sm" c="dimmed" fw={400}>
            {formats.date(review.createdAt)}
          </Text>
        </Text>
        <Text dir="auto" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {review.text}
        </Text>
        <Text size="sm" c="dimmed">
          {formats.list(
            REVIEW_ASPECTS.map((a) =>
              t("item.aspect", { aspect: t(`aspects.${a}`), rating: review.ratings[a] }),
            ),
          )}
        </Text>
        {review.reply && (
          <Card bg="gray.0" radius="sm" padding="sm" mt={4}>
            <Text size="sm" fw={600}>
              {t("item.reply")}{" "}
              <Text span size="xs" c="dimmed" fw={400}>
                {formats.date(review.reply.repliedAt)}
              </Text>
            </Text>
            <Text size="sm" dir="auto" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {review.reply.text}
            </Text>
          </Card>
        )}
        {children}
      </Stack>
    </Card>
  );
}
