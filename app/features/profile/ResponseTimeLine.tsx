/**
 * A lawyer's measured response time (issue 16 §3; spec §1 "lawyers respond within 24 hours") as
 * one line with a clock icon: "Usually responds within 5 h" (hours under 1 read as "within 1 h",
 * above 48 h as days: "within 3 days"), or "New on the platform" below 5 counted cases. The
 * figures come from the lawyer JSON's `responseStats` (server/responses/stats.ts); the wording
 * from lib/response-times.ts responseTimeLabel and the profile catalog (ICU plurals). Used by the
 * profile page and the result cards. Issue 28 §4: a listing nobody manages has nobody to answer,
 * so without figures it reads "Not managed on LexAtlas yet" instead of "New on the platform".
 */
import { useTranslation } from "react-i18next";
import { type ResponseStats, responseTimeLabel } from "../../../lib/response-times.ts";
import { Icon } from "../../ui/icons";
import classes from "./parts.module.css";

/** Props of ResponseTimeLine. */
export interface ResponseTimeLineProps {
  /** The lawyer's `responseStats`; absent (an older payload) reads as new on the platform. */
  stats: ResponseStats | undefined;
  /** The lawyer JSON's `managed` (issue 28 §4); absent reads as managed (an older payload). */
  managed?: boolean;
  size?: "xs" | "sm" | "md";
}

/**
 * "Usually responds within N h / N days", "New on the platform", or for a listing nobody manages
 * without figures "Not managed on LexAtlas yet" (issue 28 §4), with an icon.
 */
export function ResponseTimeLine({ stats, managed = true, size = "sm" }: ResponseTimeLineProps) {
  const { t } = useTranslation("profile");
  const label = responseTimeLabel(
    stats ?? { medianFirstResponseHours: null, answeredWithin24hShare: null, sampleSize: 0 },
  );
  const notManaged = label.kind === "new" && !managed;
  const text =
    label.kind === "new"
      ? t(notManaged ? "responseTime.notManaged" : "responseTime.new")
      : label.kind === "hours"
        ? t("responseTime.hours", { count: label.count })
        : t("responseTime.days", { count: label.count });
  return (
    <div
      className={classes.line}
      data-testid="response-time"
      data-kind={notManaged ? "not-managed" : label.kind}
    >
      <Icon name="clock-hour-4" size={16} />
      <p className={classes.text} data-size={size === "sm" ? undefined : size}>
        {text}
      </p>
    </div>
  );
}
