import { dateTimeFormat } from "./i18n/intl-cache.ts";
/**
 * "Open now" and "Opens Monday 9:00" (issue 19 §1 "Where and when"): whether a listing's office
 * is open at an instant, and when it opens next, from its stored working hours ("Mon-Fri
 * 9:00-17:00, Sat 9:00-13:00", "Sun-Thu 9:00-18:00") read in the office's IANA time zone.
 * Pure: the caller passes the instant (the server's injectable clock, server/clock.ts), so the
 * page and the API answer the same for one request and tests pin the time.
 *
 * Rules: a part "Sun-Thu" wraps over the end of the Monday-first week (Sun, Mon, …, Thu); a part
 * whose closing time is not after its opening time ("22:00-2:00") runs past midnight into the
 * next day; 24:00 closes at midnight. Local wall time comes from Intl in the office's zone, so a
 * DST change day is handled by the runtime's time-zone data. Hours that cannot be read (free text
 * such as "by appointment") or an unknown zone give null: no claim either way.
 */

/** Short weekday names of the stored hours, Monday first (index 0 = Monday). */
export const WEEKDAY_KEYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;

/** One "Mon-Fri 9:00-17:00" part of stored hours: day indexes (0 = Monday) and minutes after midnight. */
export interface HoursPart {
  fromDay: number;
  toDay: number;
  open: number;
  close: number;
}

const PART =
  /^([a-z]{3})[a-z]*(?:\s*[-–]\s*([a-z]{3})[a-z]*)?\s+(\d{1,2})[:.](\d{2})\s*[-–]\s*(\d{1,2})[:.](\d{2})$/i;

/**
 * Reads stored working hours, the seed's and the owner form's English shorthand
 * ("Mon-Fri 9:00-17:00, Sat 9:00-13:00"), into parts; null when any part is free text that
 * cannot be read (then pages show it as typed).
 */
export function parseWorkingHours(text: string): HoursPart[] | null {
  const parts: HoursPart[] = [];
  for (const raw of text.split(/\s*[,;]\s*/)) {
    const m = PART.exec(raw.trim());
    if (!m) return null;
    const day = (s: string | undefined) =>
      WEEKDAY_KEYS.indexOf((s ?? "").toLowerCase() as (typeof WEEKDAY_KEYS)[number]);
    const fromDay = day(m[1]);
    const toDay = m[2] ? day(m[2]) : fromDay;
    const [h1, m1, h2, m2] = [m[3], m[4], m[5], m[6]].map(Number) as [number, number, number, number];
    if (fromDay < 0 || toDay < 0 || h1 > 24 || h2 > 24 || m1 > 59 || m2 > 59) return null;
    parts.push({ fromDay, toDay, open: h1 * 60 + m1, close: h2 * 60 + m2 });
  }
  return parts.length > 0 ? parts : null;
}

/** True when `day` (0 = Monday) lies in the part's days, wrapping past Sunday ("Sun-Thu"). */
export function coversDay(part: Pick<HoursPart, "fromDay" | "toDay">, day: number): boolean {
  return part.fromDay <= part.toDay
    ? day >= part.fromDay && day <= part.toDay
    : day >= part.fromDay || day <= part.toDay;
}

/** Wall-clock weekday (0 = Monday) and minutes after midnight of `at` in `timeZone`; null for an unknown zone. */
export function localTime(at: Date, timeZone: string): { day: number; minutes: number } | null {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = dateTimeFormat("en-US", {
      timeZone,
      weekday: "short",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).formatToParts(at);
  } catch {
    return null;
  }
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const day = WEEKDAY_KEYS.indexOf(get("weekday").toLowerCase().slice(0, 3) as (typeof WEEKDAY_KEYS)[number]);
  if (day < 0) return null;
  return { day, minutes: (Number(get("hour")) % 24) * 60 + Number(get("minute")) };
}

/** Where the office stands at an instant: open (until when), or closed (and when it opens next). */
export interface OpeningState {
  open: boolean;
  /** While open: the closing time, minutes after midnight of the office's day (may be 1440). */
  closesAt: number | null;
  /** While closed: the next opening, null when the hours never open. */
  next: {
    /** Weekday of the next opening, 0 = Monday. */
    day: number;
    /** Minutes after midnight, office time. */
    minutes: number;
    /** 0 = later today, 1 = tomorrow, … 7 = the same weekday next week. */
    inDays: number;
  } | null;
}

/**
 * Whether the office is open at `at` and, if closed, when it opens next (issue 19 §1), from the
 * stored hours in the office's zone. Null when the hours cannot be read, there are none, or the
 * zone is missing or unknown (then nothing is claimed).
 */
export function openingState(
  workingHours: string | null,
  timeZone: string | null,
  at: Date,
): OpeningState | null {
  if (!workingHours || !timeZone) return null;
  const parts = parseWorkingHours(workingHours);
  const now = localTime(at, timeZone);
  if (!parts || !now) return null;
  const yesterday = (now.day + 6) % 7;
  let closesAt: number | null = null;
  for (const p of parts) {
    const overnight = p.close <= p.open;
    if (coversDay(p, now.day) && now.minutes >= p.open && (overnight || now.minutes < p.close)) {
      closesAt = Math.max(closesAt ?? 0, overnight ? 1440 : p.close);
    }
    // Yesterday's late shift still running after midnight.
    if (overnight && coversDay(p, yesterday) && now.minutes < p.close)
      closesAt = Math.max(closesAt ?? 0, p.close);
  }
  if (closesAt !== null) return { open: true, closesAt, next: null };
  for (let inDays = 0; inDays <= 7; inDays++) {
    const day = (now.day + inDays) % 7;
    let best: number | null = null;
    for (const p of parts) {
      if (!coversDay(p, day)) continue;
      if (inDays === 0 && p.open <= now.minutes) continue;
      if (p.open >= 1440) continue;
      best = best === null ? p.open : Math.min(best, p.open);
    }
    if (best !== null) return { open: false, closesAt: null, next: { day, minutes: best, inDays } };
  }
  return { open: false, closesAt: null, next: null };
}

/** `openNow` of the lawyer JSON (issue 19 "Names the API uses"): true only when the hours say open at `at`. */
export function isOpenNow(l: { workingHours: string | null; timeZone: string | null }, at: Date): boolean {
  return openingState(l.workingHours, l.timeZone, at)?.open ?? false;
}

/** A lawyer (or any listing with hours and zone) with `openNow` at `at` added (the API's answers, issue 19). */
export function withOpenNow<T extends { workingHours: string | null; timeZone: string | null }>(
  l: T,
  at: Date,
): T & { openNow: boolean } {
  return { ...l, openNow: isOpenNow(l, at) };
}
