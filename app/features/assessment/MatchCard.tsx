/**
 * One ranked match on the matches page (spec §2 "Matches", §9 "Matching scores"; issue 5
 * "Matches page"): the '#n Match' badge, photo, verified mark, name, firm, rating and review
 * count, location and years of experience; the overall compatibility with its label, the score
 * out of 10, the bar at score × 10 and the explanation; the six sub-scores; practice areas,
 * bio, phone, email and working hours when present; View Full Profile and Contact Lawyer.
 *
 * Contact Lawyer opens the lawyer's profile with the case form (Submit Case) already open; without
 * JavaScript, the profile with its phone and email.
 */
import { Anchor, Card, Group, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { IconClock, IconMail, IconPhone, IconUser } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { SUBMIT_CASE_FRAGMENT } from "../../../lib/cases.ts";
import { SUB_SCORES } from "../../../lib/personality.ts";
import { textDirection } from "../../../lib/text-direction.ts";
import { useLocale } from "../../i18n/locale";
import { LocationLine } from "../../ui/Flag";
import { LinkButton } from "../../ui/LinkButton";
import {
  ExperienceBadge,
  LawyerAvatar,
  PracticeAreaBadge,
  Stars,
  VerifiedBadge,
  workingHoursText,
} from "../profile";
import { matchParagraph } from "./match-text";
import type { ShownMatch } from "./matches";
import { ScoreBar, ScoreLabel, ScoreValue } from "./ScoreBar";
import { WhyThisMatch } from "./WhyThisMatch";
import "./personality.css";
import { Bidi } from "../../ui/Bidi";
import { IconDetail, type IconDetailProps } from "../../ui/IconDetail";
import { GridCell, ResponsiveGrid } from "../../ui/ResponsiveGrid";

/** Where a match's Contact Lawyer button goes: the profile, opening its case form (issue 4). */
export function contactHref(lawyerId: number): string {
  return `/lawyer/${lawyerId}${SUBMIT_CASE_FRAGMENT}`;
}

/** A contact detail of the card: its label for screen readers only. */
function Detail(props: Omit<IconDetailProps, "variant">) {
  return <IconDetail {...props} variant="compact" />;
}

/**
 * The card of the match ranked `rank` (1 = best).
 * @param match one item of GET /api/personality/matches/{sessionId} (scores 0..10) with the phone
 *   the loader wrote for the visitor (ShownMatch)
 */
export function MatchCard({ match, rank }: { match: ShownMatch; rank: number }) {
  const { t } = useTranslation("assessment");
  const locale = useLocale();
  const l = match.lawyer;
  // The explanation in the page's language (issue 14 §1); the English text when no references came.
  const explanation =
    match.explanationRefs?.length > 0 ? matchParagraph(t, locale, match.explanationRefs) : match.explanation;
  const verified = l.verification_status === "verified";
  const hours = workingHoursText(l, locale);
  const nameId = `match-${match.lawyerId}-name`;
  return (
    <Card
      withBorder
      shadow="sm"
      padding="lg"
      component="article"
      aria-labelledby={nameId}
      data-testid="match-card"
    >
      <div style={{ marginBottom: "var(--mantine-spacing-md)" }}>
        <span className="pa-rank" data-testid="match-rank">
          {t("card.rank", { rank })}
        </span>
      </div>
      <ResponsiveGrid cols={12} spacing="lg">
        <GridCell span={{ base: 12, md: 6 }}>
          <Group align="flex-start" wrap="nowrap" gap="md">
            <LawyerAvatar name={l.name} logo={l.imageUrl ?? l.business_logo} size={72} />
            <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
              <Title order={2} size="h3" id={nameId} lh={1.25}>
                <Bidi>{l.name}</Bidi>
              </Title>
              <Text c="dimmed" fw={500}>
                <Bidi>{l.firm}</Bidi>
              </Text>
              <Stars rating={l.rating} reviewCount={l.reviewCount} />
              <LocationLine countryCode={l.countryCode} location={l.location} />
              <Group gap={6}>
                {verified && <VerifiedBadge size="sm" />}
                <ExperienceBadge years={l.experience} size="sm" />
              </Group>
            </Stack>
          </Group>
          <Group gap={6} mt="md" aria-label={t("card.practiceAreas")} role="group">
            {l.practiceAreas.map((a) => (
              <PracticeAreaBadge key={a} area={a} size="sm" />
            ))}
          </Group>
        </GridCell>
        <GridCell span={{ base: 12, md: 6 }}>
          <section aria-label={t("card.compatibilityWith", { name: l.name })} className="pa-compat">
            <Group justify="space-between" align="flex-end" gap="xs" mb={6} wrap="nowrap">
              <Stack gap={4} align="flex-start">
                <Text fw={700}>{t("card.overall")}</Text>
                <ScoreLabel score={match.overallScore} />
              </Stack>
              <ScoreValue score={match.overallScore} size="lg" />
            </Group>
            <ScoreBar score={match.overallScore} size="lg" />
            <Text mt="sm" data-testid="match-explanation">
              {explanation}
            </Text>
            {/* Issue 16 §2: how the overall score was made, with the weights the model uses. */}
            <WhyThisMatch match={match} />
            <dl className="pa-subscores" style={{ marginTop: "var(--mantine-spacing-md)" }}>
              {SUB_SCORES.map((s) => (
                <div key={s.key} data-testid="sub-score">
                  <dt>{t(`scores.${s.key}`)}</dt>
                  <dd>
                    <ScoreValue score={match[s.key]} />
                    <ScoreBar score={match[s.key]} />
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        </GridCell>
      </ResponsiveGrid>
      <ResponsiveGrid cols={12} spacing="lg" mt="md">
        <GridCell span={{ base: 12, md: 7 }}>
          <Text size="sm" dir={textDirection(l.bio)}>
            {l.bio}
          </Text>
        </GridCell>
        <GridCell span={{ base: 12, md: 5 }}>
          <Stack gap={6}>
            {/* Issue 28 §4: no number for a demo listing whose made-up number may be someone's. */}
            {match.phone && (
              <Detail icon={<IconPhone size={16} />} label={t("card.phone")}>
                <Anchor
                  href={match.phone.href ?? undefined}
                  data-contact-click="call"
                  data-lawyer-id={match.lawyerId}
                  dir="ltr"
                >
                  <Bidi>{match.phone.text}</Bidi>
                </Anchor>
              </Detail>
            )}
            <Detail icon={<IconMail size={16} />} label={t("card.email")}>
              <Anchor href={`mailto:${l.email}`} data-contact-click="email" data-lawyer-id={match.lawyerId}>
                <Bidi>{l.email}</Bidi>
              </Anchor>
            </Detail>
            {hours && (
              <Detail icon={<IconClock size={16} />} label={t("card.workingHours")}>
                {hours}
              </Detail>
            )}
          </Stack>
        </GridCell>
      </ResponsiveGrid>
      <Group gap="sm" mt="lg">
        <LinkButton to={`/lawyer/${match.lawyerId}`} icon={IconUser}>
          {t("card.viewProfile")}
          <VisuallyHidden component="span">: {l.name}</VisuallyHidden>
        </LinkButton>
        <LinkButton to={contactHref(match.lawyerId)} variant="default" icon={IconMail}>
          {t("card.contact")}
          <VisuallyHidden component="span">: {l.name}</VisuallyHidden>
        </LinkButton>
      </Group>
    </Card>
  );
}
