/**
 * The body of /how-ranking-works (issue 16 §2 "Ranking transparency and neutrality"): every
 * figure and order is read from lib/ranking.ts, the module the search (server/search/search.ts)
 * and the matching model (server/matching/model.ts) order by, so the page cannot drift from the
 * code (tested: ranking-page.test.tsx). Sources: EU Omnibus Directive 2019/2161 (main
 * parameters of ranking, their relative importance, paid placement), ABA Model Rule 7.2
 * comment 5 (no implied recommendation by a paid service).
 */
import { Anchor, Card, List, Stack, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { SORT_OPTIONS } from "../../../lib/constants.ts";
import { numberFormat } from "../../../lib/i18n/intl-cache.ts";
import {
  MATCH_DISTANCE_BONUS,
  MATCH_EXPERIENCE_PARTS,
  MATCH_SCORE_KEYS,
  MATCH_WEIGHTS,
  PREMIUM_BENEFITS,
  RELEVANCE_LEVELS,
  RELEVANCE_ORDER,
  SORT_ORDERS,
  type SortKey,
  SPONSORED_LABEL,
  searchOrder,
} from "../../../lib/ranking.ts";
import { useLocale } from "../../i18n/locale";
import { LocaleLink } from "../../ui/LocaleLink";
import { PageIntro } from "../../ui/static/PageIntro.tsx";
import { Section } from "../../ui/static/Section.tsx";

/** The catalog key of one sort key with its direction ("rating_desc"). */
export function sortKeyLabelKey(k: SortKey): string {
  return `ranking.keys.${k.key}_${k.direction}`;
}

/** A bordered table whose cells wrap on a narrow screen (no sideways scrolling region). */
function ScrollTable({ children, testId }: { children: React.ReactNode; testId: string }) {
  return (
    <Table withTableBorder withColumnBorders verticalSpacing="sm" data-testid={testId}>
      {children}
    </Table>
  );
}

/** The /how-ranking-works page: relevance, each sort, matching weights, premium, paid placement. */
export function HowRankingWorks() {
  const { t } = useTranslation("transparency");
  const { t: ts } = useTranslation("search");
  const { t: ta } = useTranslation("assessment");
  const locale = useLocale();
  const percent = numberFormat(locale, { style: "percent", maximumFractionDigits: 0 });
  const orderText = (order: readonly SortKey[]) =>
    order.map((k) => t(sortKeyLabelKey(k))).join(t("ranking.then"));
  return (
    <>
      <PageIntro title={t("ranking.title")} lead={t("ranking.lead")} />
      <Section id="neutral" title={t("ranking.neutralTitle")}>
        <Card withBorder padding="lg" maw={820}>
          <Text data-testid="ranking-neutral">{t("ranking.neutral")}</Text>
        </Card>
      </Section>

      <Section id="relevance" title={t("ranking.relevanceTitle")} intro={t("ranking.relevanceIntro")}>
        <ScrollTable testId="relevance-levels">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t("ranking.levelColumn")}</Table.Th>
              <Table.Th scope="col">{t("ranking.fieldsColumn")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {RELEVANCE_LEVELS.map((l) => (
              <Table.Tr key={l.level}>
                <Table.Th scope="row">{t("ranking.level", { level: l.level })}</Table.Th>
                <Table.Td>{l.fields.map((f) => t(`ranking.fields.${f}`)).join(" · ")}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollTable>
        <Text mt="lg" mb="xs">
          {t("ranking.casesIntro")}
        </Text>
        <ScrollTable testId="relevance-cases">
          <Table.Tbody>
            {(Object.keys(RELEVANCE_ORDER) as (keyof typeof RELEVANCE_ORDER)[]).map((c) => (
              <Table.Tr key={c}>
                <Table.Th scope="row">{t(`ranking.cases.${c}`)}</Table.Th>
                <Table.Td>{orderText(RELEVANCE_ORDER[c])}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollTable>
        {/* Issue 28 §1: where "your country" comes from (lib/preferred-country.ts) and how to turn it off. */}
        <Text mt="md" maw={820} data-testid="ranking-country">
          {t("ranking.countryNote")}
        </Text>
      </Section>

      <Section id="sorts" title={t("ranking.sortsTitle")} intro={t("ranking.sortsIntro")}>
        <ScrollTable testId="sorts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t("ranking.sortColumn")}</Table.Th>
              <Table.Th scope="col">{t("ranking.orderColumn")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {SORT_OPTIONS.map((o) => (
              <Table.Tr key={o.value}>
                <Table.Th scope="row">{ts(`sort.${o.value}`)}</Table.Th>
                <Table.Td>
                  {o.value === "relevance"
                    ? orderText(searchOrder("relevance", true, false))
                    : orderText(SORT_ORDERS[o.value])}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollTable>
      </Section>

      <Section id="matching" title={t("ranking.matchingTitle")} intro={t("ranking.matchingIntro")}>
        <ScrollTable testId="match-weights">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t("ranking.scoreColumn")}</Table.Th>
              <Table.Th scope="col">{t("ranking.weightColumn")}</Table.Th>
              <Table.Th scope="col">{t("ranking.comparesColumn")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {MATCH_SCORE_KEYS.map((k) => (
              <Table.Tr key={k}>
                <Table.Th scope="row">{ta(`scores.${k}Score`)}</Table.Th>
                <Table.Td>{percent.format(MATCH_WEIGHTS[k] / 100)}</Table.Td>
                <Table.Td>
                  {t(`ranking.compares.${k}`, {
                    years: MATCH_EXPERIENCE_PARTS.years / 100,
                    rating: MATCH_EXPERIENCE_PARTS.rating / 100,
                    complexity: MATCH_EXPERIENCE_PARTS.complexity / 100,
                  })}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollTable>
        <Text mt="lg" maw={820}>
          {t("ranking.matchOrder")}
        </Text>
        {/* Issue 19 §2: the distance bonus, from the same constants the ranking uses. */}
        <Text mt="sm" maw={820} data-testid="ranking-distance">
          {t("ranking.matchDistance", {
            km1: MATCH_DISTANCE_BONUS[0]?.withinKm,
            p1: (MATCH_DISTANCE_BONUS[0]?.tenths ?? 0) / 10,
            km2: MATCH_DISTANCE_BONUS[1]?.withinKm,
            p2: (MATCH_DISTANCE_BONUS[1]?.tenths ?? 0) / 10,
            km3: MATCH_DISTANCE_BONUS[2]?.withinKm,
            p3: (MATCH_DISTANCE_BONUS[2]?.tenths ?? 0) / 10,
          })}
        </Text>
      </Section>

      <Section id="premium" title={t("ranking.premiumTitle")} intro={t("ranking.premiumIntro")}>
        <Stack gap="md" maw={820}>
          <List spacing="xs" data-testid="premium-benefits">
            {PREMIUM_BENEFITS.map((b) => (
              <List.Item key={b}>{t(`ranking.premium.${b}`)}</List.Item>
            ))}
          </List>
        </Stack>
      </Section>

      <Section id="paid-placement" title={t("ranking.sponsoredTitle")}>
        <Text maw={820} data-testid="paid-placement">
          {t("ranking.sponsored", { label: SPONSORED_LABEL })}
        </Text>
      </Section>

      <Section id="not-a-referral" title={t("ranking.wordingTitle")}>
        <Stack gap="sm" maw={820}>
          <Text>{t("ranking.wording")}</Text>
          <Text>
            <Anchor component={LocaleLink} to="/reviews-policy">
              {t("nav.reviewsPolicy")}
            </Anchor>
          </Text>
        </Stack>
      </Section>
    </>
  );
}
