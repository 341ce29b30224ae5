/**
 * The profile's reviews section (issue 16 §1 "The profile shows the average and count of
 * published verified reviews, the distribution by stars, and the reviews newest first with sort
 * by rating"): server-rendered from the loader (works without JavaScript): the sort is a GET
 * form, the pages are links. The distribution is a list of text rows ("5 stars: 12 reviews")
 * with a decorative bar each. Empty state "No reviews yet". Sources: EU Omnibus 2019/2161 (say
 * how reviews are verified), FTC 16 CFR 465.
 */
import { Anchor, Button, Group, NativeSelect, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { REVIEW_MIN_DAYS_AFTER_ENGAGEMENT, REVIEW_SORTS, type ReviewSort } from "../../../lib/reviews.ts";
import type { ReviewPage, ReviewSummary } from "../../../server/reviews/service.ts";
import { useFormats } from "../../i18n/format";
import { useLocalizePath } from "../../i18n/locale";
import { Section } from "../../ui/dashboard-parts";
import { LocaleLink } from "../../ui/LocaleLink";
import { Stars } from "../profile";
import { ReviewItem } from "./ReviewItem";

/** What the profile loader hands the section. */
export interface ProfileReviewsData {
  summary: ReviewSummary;
  page: ReviewPage;
  sort: ReviewSort;
}

/** The query parameters of the section: `reviewSort` (REVIEW_SORTS, default newest) and `reviewPage` (from 1). */
export function profileReviewQuery(url: URL): { sort: ReviewSort; page: number } {
  const sortParam = url.searchParams.get("reviewSort");
  const sort = (REVIEW_SORTS as readonly string[]).includes(sortParam ?? "")
    ? (sortParam as ReviewSort)
    : "newest";
  const pageParam = Number(url.searchParams.get("reviewPage") ?? "1");
  const page = Number.isInteger(pageParam) && pageParam >= 1 && pageParam <= 10_000 ? pageParam : 1;
  return { sort, page };
}

/** The section; `lawyerId` builds the paging links. */
export function ProfileReviews({ lawyerId, data }: { lawyerId: number; data: ProfileReviewsData }) {
  const { t } = useTranslation("reviews");
  // Issue 28 §2: the sort form stays on this page's language.
  const localize = useLocalizePath();
  const formats = useFormats();
  const { summary, page, sort } = data;
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  const link = (p: number) => `/lawyer/${lawyerId}?reviewSort=${sort}&reviewPage=${p}#reviews-title`;
  return (
    <Section id="reviews" title={t("profile.title")}>
      <Text size="sm" c="dimmed" mb="sm">
        {t("profile.verifiedOnly", { days: REVIEW_MIN_DAYS_AFTER_ENGAGEMENT })}{" "}
        <Anchor component={LocaleLink} to="/reviews-policy" underline="always">
          {t("profile.policy")}
        </Anchor>
      </Text>
      {summary.count === 0 ? (
        <Text data-testid="no-reviews-yet">{t("profile.empty")}</Text>
      ) : (
        <Stack gap="md">
          <Group gap="xl" align="flex-start" wrap="wrap">
            <Stack gap={2}>
              <Stars rating={summary.average} reviewCount={summary.count} size="md" />
              <Text size="sm" c="dimmed">
                {t("profile.average", {
                  average: formats.number(summary.average, { maximumFractionDigits: 2 }),
                  count: summary.count,
                })}
              </Text>
            </Stack>
            <Stack
              component="ul"
              gap={4}
              p={0}
              m={0}
              style={{ listStyle: "none", minWidth: 240 }}
              aria-label={t("profile.distribution")}
            >
              {[5, 4, 3, 2, 1].map((stars) => {
                const n = summary.distribution[stars - 1] ?? 0;
                const share = summary.count ? n / summary.count : 0;
                return (
                  <li key={stars}>
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm" w={150}>
                        {t("profile.row", { stars, count: n })}
                      </Text>
                      <div
                        aria-hidden="true"
                        style={{
                          flex: 1,
                          minWidth: 80,
                          height: 8,
                          background: "var(--mantine-color-gray-2)",
                          borderRadius: 4,
                        }}
                      >
                        <div
                          style={{
                            width: `${Math.round(share * 100)}%`,
                            height: 8,
                            background: "var(--mantine-color-yellow-6)",
                            borderRadius: 4,
                          }}
                        />
                      </div>
                    </Group>
                  </li>
                );
              })}
            </Stack>
          </Group>
          <Form method="get" action={localize(`/lawyer/${lawyerId}#reviews-title`)} preventScrollReset>
            <Group align="flex-end" gap="sm">
              <NativeSelect
                name="reviewSort"
                label={t("profile.sort")}
                defaultValue={sort}
                data={REVIEW_SORTS.map((s) => ({ value: s, label: t(`sorts.${s}`) }))}
                w={220}
              />
              <Button type="submit" variant="light">
                {t("profile.apply")}
              </Button>
            </Group>
          </Form>
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: "none" }}>
            {page.items.map((r) => (
              <li key={r.id}>
                <ReviewItem review={r} />
              </li>
            ))}
          </Stack>
          {pages > 1 && (
            <Group component="nav" aria-label={t("profile.pages")} gap="md">
              {page.page > 1 && (
                <Anchor component={LocaleLink} to={link(page.page - 1)} rel="prev">
                  {t("profile.previous")}
                </Anchor>
              )}
              <Text size="sm">{t("profile.pageOf", { page: page.page, pages })}</Text>
              {page.page < pages && (
                <Anchor component={LocaleLink} to={link(page.page + 1)} rel="next">
                  {t("profile.next")}
                </Anchor>
              )}
            </Group>
          )}
        </Stack>
      )}
    </Section>
  );
}
