/**
 * A lawyer in the results (spec §2 "Browse/search page"): logo or initials, name linking to the
 * profile, Verified badge (only when verification_status is "verified"), firm, location with
 * flag, rating stars and review count, experience badge, the first 3 practice areas then
 * "+N more", the languages spoken (issue 14 §4), and the distance when the search had a `near` point (issue 2 §4).
 */
import { Card, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import type { LawyerDTO } from "../../../lib/lawyer.ts";
import { LocationLine } from "../../ui/Flag";
import {
  ExperienceBadge,
  LanguagesLine,
  LawyerAvatar,
  PracticeAreaBadge,
  Stars,
  VerifiedBadge,
} from "../profile";

/** How many practice areas a card lists before "+N more" (spec §2). */
export const CARD_PRACTICE_AREAS = 3;

/** Formats a distance in km: "850 m", "12.3 km", "1,204 km". */
export function formatDistance(km: number): string {
  if (km < 1) return `${Math.round(km * 1000)} m`;
  if (km < 100) return `${km.toFixed(1)} km`;
  return `${Math.round(km).toLocaleString("en-US")} km`;
}

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
  "distanceKm",
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

/** One result card; `view` "list" lays it out in a row. */
export function LawyerCard({
  lawyer,
  view = "grid",
  locale = "en",
}: {
  lawyer: LawyerCardData;
  view?: "grid" | "list";
  /** Locale of the language names (issue 14 §4); the page locale once the i18n layer passes it. */
  locale?: string;
}) {
  const shown = lawyer.practiceAreas.slice(0, CARD_PRACTICE_AREAS);
  const more = lawyer.practiceAreas.length - shown.length;
  return (
    <Card withBorder shadow="xs" padding="lg" className="lawyer-card" component="article" pos="relative">
      <Group align="flex-start" wrap="nowrap" gap="md">
        <LawyerAvatar name={lawyer.name} logo={lawyer.business_logo ?? lawyer.imageUrl} />
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Title order={3} size="h4" lh={1.25}>
            <Link to={`/lawyer/${lawyer.id}`} className="lawyer-card-title" prefetch="intent">
              {lawyer.name}
            </Link>
          </Title>
          <Text size="sm" c="dimmed" truncate="end">
            {lawyer.firm}
          </Text>
          {lawyer.verification_status === "verified" && (
            <Group gap={4}>
              <VerifiedBadge size="sm" />
            </Group>
          )}
        </Stack>
      </Group>
      <Stack gap={8} mt="md" style={view === "list" ? { paddingLeft: 72 } : undefined}>
        <LocationLine countryCode={lawyer.countryCode} location={lawyer.location} />
        {lawyer.distanceKm !== undefined && (
          <Text size="sm" fw={600} c="blue.9" data-testid="distance">
            {formatDistance(lawyer.distanceKm)} away
          </Text>
        )}
        <Stars rating={lawyer.rating} reviewCount={lawyer.reviewCount} />
        <LanguagesLine languages={lawyer.languages ?? []} locale={locale} />
        <Group gap={6}>
          <ExperienceBadge years={lawyer.experience} size="sm" />
        </Group>
        <Group gap={6}>
          {shown.map((a) => (
            <PracticeAreaBadge key={a} area={a} size="sm" />
          ))}
          {more > 0 && (
            <Text size="xs" c="dimmed" fw={600}>
              +{more} more
            </Text>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
