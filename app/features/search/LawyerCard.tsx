/**
 * A lawyer in the results (spec §2 "Browse/search page"): logo or initials, name linking to the
 * profile, Verified badge (only when the licence check is verified, issue 15 §2; otherwise
 * "Licence not yet verified"), firm, location with
 * flag, rating stars and review count, experience badge, the first 3 practice areas then
 * "+N more", the languages spoken (issue 14 §4), and the distance when the search had a `near`
 * point (issue 2 §4), in the page's locale and the visitor's distance unit (issue 14 §2); under
 * sort=relevance, "Why this lawyer?" (issue 16 §2, WhyThisLawyer).
 */
import { useTranslation } from "react-i18next";
import { type LawyerDTO, pickLawyerFields } from "../../../lib/lawyer.ts";
import { useLocale } from "../../i18n/locale";
import { Bidi } from "../../ui/Bidi";
import { LocationLine } from "../../ui/Flag";
import cardFrame from "../../ui/LawyerCardFrame.module.css";
import { LocaleLink } from "../../ui/LocaleLink";
import {
  BadgeRow,
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
import classes from "./LawyerCard.module.css";
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
  // Issue 28 §2: "Why this lawyer?" agrees with it in the languages that need it.
  "grammaticalGender",
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
  return pickLawyerFields(lawyer, CARD_FIELDS);
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
    <article className={`lawyer-card ${cardFrame.card}`} data-view={view}>
      <div className="lawyer-card-body">
        <div className={cardFrame.head}>
          <LawyerAvatar name={lawyer.name} logo={lawyer.business_logo ?? lawyer.imageUrl} />
          <div className={cardFrame.names}>
            <h3 className={classes.title}>
              <LocaleLink to={`/lawyer/${lawyer.id}`} className="lawyer-card-title" prefetch="intent">
                <Bidi>{lawyer.name}</Bidi>
              </LocaleLink>
            </h3>
            <p className={classes.firm}>
              <Bidi>{lawyer.firm}</Bidi>
            </p>
            {lawyer.verified && lawyer.verification_status === "verified" ? (
              <BadgeRow>
                <VerifiedBadge size="sm" />
              </BadgeRow>
            ) : (
              // Issue 15 §2: an unverified listing says so plainly.
              <p className={classes.notVerified} data-testid="card-licence-not-verified">
                {t("card.notVerified")}
              </p>
            )}
          </div>
        </div>
        {/* Issue 19 §5: in list view these sit beside the name in two columns (app.css). */}
        <div className="lawyer-card-details">
          <LocationLine countryCode={lawyer.countryCode} location={lawyer.location} />
          {lawyer.distanceKm !== undefined && (
            <p className={classes.distance} data-testid="distance">
              {t("card.away", { distance: formatDistance(lawyer.distanceKm, locale, distanceUnit) })}
            </p>
          )}
          <Stars rating={lawyer.rating} reviewCount={lawyer.reviewCount} />
          <LanguagesLine languages={lawyer.languages ?? []} locale={locale} />
          <ResponseTimeLine stats={lawyer.responseStats} managed={lawyer.managed} />
          <FeeBadges fees={lawyer.fees} />
          <BadgeRow>
            <ExperienceBadge years={lawyer.experience} size="sm" />
          </BadgeRow>
          <BadgeRow>
            {shown.map((a) => (
              <PracticeAreaBadge key={a} area={a} size="sm" />
            ))}
            {more > 0 && <span className={classes.more}>{t("card.more", { count: more })}</span>}
          </BadgeRow>
          {/* Issue 16 §2: the factors that placed this result (sort=relevance only). */}
          <WhyThisLawyer
            why={lawyer.why}
            distanceUnit={distanceUnit}
            grammaticalGender={lawyer.grammaticalGender}
          />
        </div>
      </div>
    </article>
  );
}
