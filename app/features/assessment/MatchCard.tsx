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
import { useTranslation } from "react-i18next";
import { SUBMIT_CASE_FRAGMENT } from "../../../lib/cases.ts";
import { genderSelect } from "../../../lib/grammatical-gender.ts";
import { SUB_SCORES } from "../../../lib/personality.ts";
import { textDirection } from "../../../lib/text-direction.ts";
import { useLocale } from "../../i18n/locale";
import { LocationLine } from "../../ui/Flag";
import { PlainLinkButton } from "../../ui/LinkButton";
import {
  BadgeRow,
  ExperienceBadge,
  LawyerAvatar,
  PracticeAreaBadge,
  Stars,
  VerifiedBadge,
  workingHoursText,
} from "../profile";
import { matchParagraph } from "./match-text";
import type { ShownMatch } from "./matches";
import { ScoreBar, ScoreLabel, ScoreValue, SubScore } from "./ScoreBar";
import { WhyThisMatch } from "./WhyThisMatch";
import "./personality.css";
import anchor from "../../ui/Anchor.module.css";
import { Bidi } from "../../ui/Bidi";
import hidden from "../../ui/hidden.module.css";
import { IconDetail, type IconDetailProps } from "../../ui/IconDetail";
import cardFrame from "../../ui/LawyerCardFrame.module.css";
import classes from "./MatchCard.module.css";

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
    <article
      className={`${cardFrame.card} ${classes.raised}`}
      aria-labelledby={nameId}
      data-testid="match-card"
    >
      <span className={`pa-rank ${classes.rank}`} data-testid="match-rank">
        {t("card.rank", { rank })}
      </span>
      <div className={classes.grid}>
        <div>
          <div className={cardFrame.head}>
            <LawyerAvatar name={l.name} logo={l.imageUrl ?? l.business_logo} size={72} />
            <div className={cardFrame.names}>
              <h2 className={classes.name} id={nameId}>
                <Bidi>{l.name}</Bidi>
              </h2>
              <p className={classes.firm}>
                <Bidi>{l.firm}</Bidi>
              </p>
              <Stars rating={l.rating} reviewCount={l.reviewCount} />
              <LocationLine countryCode={l.countryCode} location={l.location} />
              <BadgeRow>
                {verified && <VerifiedBadge size="sm" />}
                <ExperienceBadge years={l.experience} size="sm" />
              </BadgeRow>
            </div>
          </div>
          <BadgeRow className={classes.areas} group={t("card.practiceAreas")}>
            {l.practiceAreas.map((a) => (
              <PracticeAreaBadge key={a} area={a} size="sm" />
            ))}
          </BadgeRow>
        </div>
        <section aria-label={t("card.compatibilityWith", { name: l.name })} className="pa-compat">
          <div className={classes.overall}>
            <div className={classes.overallLabel}>
              <p className={classes.strong}>{t("card.overall")}</p>
              <ScoreLabel score={match.overallScore} />
            </div>
            <ScoreValue score={match.overallScore} size="lg" />
          </div>
          <ScoreBar score={match.overallScore} size="lg" />
          <p className={classes.explanation} data-testid="match-explanation">
            {explanation}
          </p>
          {/* Issue 16 §2: how the overall score was made, with the weights the model uses. */}
          <WhyThisMatch match={match} />
          <dl className="pa-subscores">
            {SUB_SCORES.map((s) => (
              <SubScore key={s.key} label={t(`scores.${s.key}`)} score={match[s.key]} />
            ))}
          </dl>
        </section>
      </div>
      <div className={classes.lower}>
        <p className={classes.bio} dir={textDirection(l.bio)}>
          {l.bio}
        </p>
        <div className={classes.details}>
          {/* Issue 28 §4: no number for a demo listing whose made-up number may be someone's. */}
          {match.phone && (
            <Detail icon="phone" label={t("card.phone")}>
              <a
                className={anchor.anchor}
                href={match.phone.href ?? undefined}
                data-contact-click="call"
                data-lawyer-id={match.lawyerId}
                dir="ltr"
              >
                <Bidi>{match.phone.text}</Bidi>
              </a>
            </Detail>
          )}
          <Detail icon="mail" label={t("card.email")}>
            <a
              className={anchor.anchor}
              href={`mailto:${l.email}`}
              data-contact-click="email"
              data-lawyer-id={match.lawyerId}
            >
              <Bidi>{l.email}</Bidi>
            </a>
          </Detail>
          {hours && (
            <Detail icon="clock" label={t("card.workingHours")}>
              {hours}
            </Detail>
          )}
        </div>
      </div>
      <div className={classes.actions}>
        <PlainLinkButton to={`/lawyer/${match.lawyerId}`} icon="user">
          {t("card.viewProfile")}
          <span className={hidden.hidden}>{`: ${l.name}`}</span>
        </PlainLinkButton>
        <PlainLinkButton to={contactHref(match.lawyerId)} variant="default" icon="mail">
          {t("card.contact", { gender: genderSelect(l.grammaticalGender) })}
          <span className={hidden.hidden}>{`: ${l.name}`}</span>
        </PlainLinkButton>
      </div>
    </article>
  );
}
