/**
 * The body of /reviews-policy (issue 16 §1 "A /reviews-policy page in every locale"): who can
 * review, how verification works, what is removed and why (every REVIEW_REMOVAL_REASONS entry),
 * that no review is hidden for being negative, which signals hold a review for a moderator (issue
 * 27 §2: every REVIEW_HOLD_REASONS entry), how to report, and the figures, all read from
 * lib/reviews.ts so the page states the numbers the review service enforces.
 *
 * Sources (../shared/research/trust-and-regulation.md; docs/transparency.md): FTC 16 CFR Part
 * 465 (fake reviews, review suppression) [R9], EU Omnibus Directive 2019/2161 (say whether and
 * how reviews are verified; no selective display) [R10], UK Digital Markets, Competition and
 * Consumers Act 2024 Sch. 20 (fake reviews; proactive reasonable steps) [R12].
 */
import { Anchor, Card, List, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import {
  REVIEW_EDIT_DAYS,
  REVIEW_HOLD_REASONS,
  REVIEW_MIN_DAYS_AFTER_ENGAGEMENT,
  REVIEW_NETWORK_MAX,
  REVIEW_NETWORK_WINDOW_DAYS,
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
  REVIEW_REMOVAL_REASONS,
  REVIEW_SIGNAL_WINDOW_DAYS,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
} from "../../../lib/reviews.ts";
import { LocaleLink } from "../../ui/LocaleLink";
import { PageIntro } from "../../ui/static/PageIntro.tsx";
import { Section } from "../../ui/static/Section.tsx";

/** The steps of verification, in order (catalog `reviews.how.<key>`). */
const HOW = ["engaged", "one", "ratings", "badge", "reply"] as const;

/** The /reviews-policy page. */
export function ReviewsPolicy() {
  const { t } = useTranslation("transparency");
  const values = {
    days: REVIEW_MIN_DAYS_AFTER_ENGAGEMENT,
    min: REVIEW_RATING_MIN,
    max: REVIEW_RATING_MAX,
  };
  return (
    <>
      <PageIntro title={t("reviews.title")} lead={t("reviews.lead")} />
      <Section id="who" title={t("reviews.whoTitle")}>
        <Text maw={820}>{t("reviews.who", { days: REVIEW_MIN_DAYS_AFTER_ENGAGEMENT })}</Text>
      </Section>
      <Section id="verification" title={t("reviews.howTitle")}>
        <List type="ordered" spacing="sm" maw={820}>
          {HOW.map((k) => (
            <List.Item key={k}>
              {t(`reviews.how.${k}`, k === "one" ? { days: REVIEW_EDIT_DAYS } : values)}
            </List.Item>
          ))}
        </List>
      </Section>
      <Section id="removed" title={t("reviews.removedTitle")} intro={t("reviews.removedIntro")}>
        <Card withBorder padding="lg" maw={820}>
          <List spacing="sm" data-testid="removal-reasons">
            {REVIEW_REMOVAL_REASONS.map((r) => (
              <List.Item key={r} data-reason={r}>
                {t(`reviews.reasons.${r}`)}
              </List.Item>
            ))}
          </List>
        </Card>
      </Section>
      <Section id="held" title={t("reviews.heldTitle")}>
        <Stack gap="sm" maw={820}>
          <Text>{t("reviews.held")}</Text>
          <Text>{t("reviews.signalsIntro")}</Text>
          <Card withBorder padding="lg">
            <List spacing="sm" data-testid="hold-signals">
              {REVIEW_HOLD_REASONS.map((r) => (
                <List.Item key={r} data-signal={r}>
                  {t(`reviews.signals.${r}`, {
                    days: r === "network_volume" ? REVIEW_NETWORK_WINDOW_DAYS : REVIEW_SIGNAL_WINDOW_DAYS,
                    max: REVIEW_NETWORK_MAX,
                  })}
                </List.Item>
              ))}
            </List>
          </Card>
          <Text>{t("reviews.signalsNote")}</Text>
          <Text>
            <Anchor component={LocaleLink} to="/privacy-policy#retention">
              {t("reviews.privacyLink")}
            </Anchor>
          </Text>
        </Stack>
      </Section>
      <Section id="report" title={t("reviews.reportTitle")}>
        <Stack gap="sm" maw={820}>
          <Text>{t("reviews.report")}</Text>
          <Text>
            <Anchor component={LocaleLink} to="/contact">
              {t("reviews.contactLink")}
            </Anchor>
          </Text>
        </Stack>
      </Section>
      <Section id="figures" title={t("reviews.figuresTitle")}>
        <List spacing="xs" maw={820} data-testid="review-figures">
          <List.Item>{t("reviews.figures.window", { days: REVIEW_MIN_DAYS_AFTER_ENGAGEMENT })}</List.Item>
          <List.Item>{t("reviews.figures.edit", { days: REVIEW_EDIT_DAYS })}</List.Item>
          <List.Item>
            {t("reviews.figures.stars", { min: REVIEW_RATING_MIN, max: REVIEW_RATING_MAX })}
          </List.Item>
          <List.Item>{t("reviews.figures.text", { min: REVIEW_TEXT_MIN, max: REVIEW_TEXT_MAX })}</List.Item>
          <List.Item>{t("reviews.figures.signals", { days: REVIEW_SIGNAL_WINDOW_DAYS })}</List.Item>
          <List.Item>
            {t("reviews.figures.network", { days: REVIEW_NETWORK_WINDOW_DAYS, max: REVIEW_NETWORK_MAX })}
          </List.Item>
        </List>
      </Section>
      <Section id="law" title={t("reviews.lawTitle")}>
        <Stack gap="sm" maw={820}>
          <Text>{t("reviews.law")}</Text>
          <Text>
            <Anchor component={LocaleLink} to="/how-ranking-works">
              {t("nav.howRankingWorks")}
            </Anchor>
          </Text>
        </Stack>
      </Section>
    </>
  );
}
