/**
 * A lawyer in the results (spec §2 "Browse/search page"): logo or initials, name linking to the
 * profile, Verified badge (only when the licence check is verified, issue 15 §2; otherwise
 * "Licence not yet verified"), firm, location with
 * flag, rating stars and review count, experience badge, the first 3 practice areas then
 * "+N more", the languages spoken (issue 14 §4), and the distance when the search had a `near`
 * point (issue 2 §4), in the page's locale and the visitor's distance unit (issue 14 §2); under
 * sort=relevance, "Why this lawyer?" (issue 16 §2, WhyThisLawyer).
 */
import { Card, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { LawyerDTO } from "../../../lib/lawyer.ts";
import { useLocale } from "../../i18n/locale";
import { Bidi } from "../../ui/Bidi";
import { LocationLine } from "../../ui/Flag";
import { LocaleLink } from "../../ui/LocaleLink";
import {
  ExperienceBadge,
  FeeBadges,
  LanguagesLine,
  LawyerAvatar,
  PracticeAreaBadge,
  ResponseTimeLine,
  Stars,
  VerifiedBadge,
} from "../profile";
import { type DistanceUnit, formatDistance } from "./distance";
import { WhyThisLawyer } from "./WhyThisLawyer";

export { formatDistance } from "./distance";

/** How many practice areas a card lists before "+N more" (spec §2). */
export const CARD_PRACTICE_AREAS = 3;

/** The fields of a lawyer that a result card shows (the loaders send only these). */
export const CARD_FIELDS = [
  "id",
  "name",
  "firm",
  "location",
  "country",
  "countryCode",
  "experience",
  "rating",
  "reviewCount",
  "practiceAreas",
  "languages",
  "imageUrl",
  "business_logo",
  "verification_status",
  "verified",
  // Issue 16 §3: "Usually responds within 5 h" / "New on the platform".
  "responseStats",
  // Issue 19 §1: "Free consultation" / "No win, no fee".
  "fees",
  "demo",
  // Issue 28 §4: "Not managed on LexAtlas yet" instead of "New on the platform".
  "managed",
  "distanceKm",
  "why",
] as const satisfies readonly (keyof LawyerDTO)[];

/** A lawyer as a result card needs it: a subset of LawyerDTO. */
export type LawyerCardData = Pick<LawyerDTO, (typeof CARD_FIELDS)[number]>;

/**
 * Picks the card's fields from a full lawyer, so the page's hydration data does not carry bios,
 * contact details or personality attributes for every result (performance, issue 2 §5).
 * `distanceKm` is kept only when present.
 */
export function toCardData(lawyer: LawyerDTO): LawyerCardData {
  const card: Record<string, unknown> = {};
  for (const key of CARD_FIELDS) if (lawyer[key] !== undefined) card[key] = lawyer[key];
  return card as LawyerCardData;
}

/**
 * One result card; `view` "list" lays it out in a row; `distanceUnit` is the visitor's unit for
 * the distance (kilometres unless the loader says miles).
 */
export function LawyerCard({
  lawyer,
  view = "grid",
  distanceUnit = "kilometer",
}: {
  lawyer: LawyerCardData;
  view?: "grid" | "list";
  distanceUnit?: DistanceUnit;
}) {
  const { t } = useTranslation("search");
  const locale = useLocale();
  const shown = lawyer.practiceAreas.slice(0, CARD_PRACTICE_AREAS);
  const more = lawyer.practiceAreas.length - shown.length;
  return (
    <Card
      withBorder
      shadow="xs"
      padding="lg"
      className="lawyer-card"
      data-view={view}
      component="article"
      pos="relative"
    >
      <div className="lawyer-card-body">
        <Group align="flex-start" wrap="nowrap" gap="md">
          <LawyerAvatar name={lawyer.name} logo={lawyer.business_logo ?? lawyer.imageUrl} />
          <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
            <Title order={3} size="h4" lh={1.25}>
              <LocaleLink to={`/lawyer/${lawyer.id}`} className="lawyer-card-title" prefetch="intent">
                <Bidi>{lawyer.name}</Bidi>
              </LocaleLink>
            </Title>
            <Text size="sm" c="dimmed" truncate="end">
              <Bidi>{lawyer.firm}</Bidi>
            </Text>
            {lawyer.verified && lawyer.verification_status === "verified" ? (
              <Group gap={4}>
                <VerifiedBadge size="sm" />
              </Group>
            ) : (
              // Issue 15 §2: an unverified listing says so plainly.
              <Text size="xs" fw={600} c="#a34100" data-testid="card-licence-not-verified">
                {t("card.notVerified")}
              </Text>
            )}
          </Stack>
        </Group>
        {/* Issue 19 §5: in list view these sit beside the name in two columns (app.css). */}
        <div className="lawyer-card-details">
          <LocationLine countryCode={lawyer.countryCode} location={lawyer.location} />
          {lawyer.distanceKm !== undefined && (
            <Text size="sm" fw={600} c="blue.9" data-testid="distance">
              {t("card.away", { distance: formatDistance(lawyer.distanceKm, locale, distanceUnit) })}
            </Text>
          )}
          <Stars rating={lawyer.rating} reviewCount={lawyer.reviewCount} />
          <LanguagesLine languages={lawyer.languages ?? []} locale={locale} />
          <ResponseTimeLine stats={lawyer.responseStats} managed={lawyer.managed} />
          <FeeBadges fees={lawyer.fees} />
          <Group gap={6}>
            <ExperienceBadge years={lawyer.experience} size="sm" />
          </Group>
          <Group gap={6}>
            {shown.map((a) => (
              <PracticeAreaBadge key={a} area={a} size="sm" />
            ))}
            {more > 0 && (
              <Text size="xs" c="dimmed" fw={600}>
                {t("card.more", { count: more })}
              </Text>
            )}
          </Group>
          {/* Issue 16 §2: the factors that placed this result (sort=relevance only). */}
          <WhyThisLawyer why={lawyer.why} distanceUnit={distanceUnit} />
        </div>
      </div>
    </Card>
  );
}
