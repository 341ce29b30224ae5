/**
 * LexAtlas's own contact details from configuration (issue 19 §5 "Company contact details":
 * address, support and emergency phones, support hours with their time zone; server/config.ts,
 * README "Configuration"), and the production start's refusal of placeholders.
 *
 * The defaults are the demo's example values (a 555 number is fictional by the North American
 * Numbering Plan's reservation of 555-0100 to 555-0199 for fiction; the ".example" domain is
 * reserved by RFC 2606). Pages mark them "example" while they are in force; a production start
 * (NODE_ENV=production) without DEMO_MODE=true refuses them (server/site/company.ts
 * assertProductionContact; server/main.ts exits 78). Pure: shared by the root loader and the server.
 */
import { SUPPORT } from "./constants.ts";

/** The configuration variables of the company's contact details (server/config.ts). */
export interface ContactConfig {
  COMPANY_ADDRESS: string;
  SUPPORT_PHONE: string;
  EMERGENCY_PHONE: string;
  SUPPORT_HOURS: string;
  SUPPORT_TIME_ZONE: string;
  SUPPORT_EMAIL: string;
}

/** One row of the support schedule: its days and whole hours (24 h clock), or null for all day. */
export interface CompanyHoursRow {
  days: "weekdays" | "saturday" | "sunday";
  hours: { from: number; to: number } | null;
}

/** The company's contact details as pages show them (root loader data). */
export interface CompanyContact {
  address: string;
  /** E.164. */
  phone: string;
  /** E.164, answered 24/7. */
  emergencyPhone: string;
  hours: CompanyHoursRow[];
  /** IANA zone of `hours`, e.g. "America/New_York". */
  timeZone: string;
  /** True while any value is the demo's example (the page says so). */
  example: boolean;
}

/** The demo's example values, the defaults of the configuration. */
export const EXAMPLE_CONTACT = {
  COMPANY_ADDRESS: SUPPORT.address,
  SUPPORT_PHONE: SUPPORT.phone,
  EMERGENCY_PHONE: SUPPORT.emergencyPhone,
  SUPPORT_HOURS: "weekdays=8-20;saturday=9-17;sunday=10-16",
  SUPPORT_TIME_ZONE: "America/New_York",
} as const;

const DAYS = ["weekdays", "saturday", "sunday"] as const;

/**
 * Parses SUPPORT_HOURS, "weekdays=8-20;saturday=9-17;sunday=closed" (whole hours 0-24, `from` <
 * `to`; a day left out or "closed" has no hours). Answers null for a malformed value.
 */
export function parseSupportHours(value: string): CompanyHoursRow[] | null {
  const rows = new Map<string, CompanyHoursRow["hours"]>();
  for (const part of value
    .split(";")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^(weekdays|saturday|sunday)=(?:(\d{1,2})-(\d{1,2})|closed)$/.exec(part);
    if (!m) return null;
    const [, day, from, to] = m;
    if (from === undefined || to === undefined) {
      rows.set(day as string, null);
      continue;
    }
    const f = Number(from);
    const t = Number(to);
    if (f < 0 || t > 24 || f >= t) return null;
    rows.set(day as string, { from: f, to: t });
  }
  return DAYS.filter((d) => rows.has(d)).map((days) => ({ days, hours: rows.get(days) ?? null }));
}

/** The contact details of `config`; `example` when any of them is still the demo's value. */
export function companyContact(config: ContactConfig): CompanyContact {
  return {
    address: config.COMPANY_ADDRESS,
    phone: config.SUPPORT_PHONE,
    emergencyPhone: config.EMERGENCY_PHONE,
    hours: parseSupportHours(config.SUPPORT_HOURS) ?? [],
    timeZone: config.SUPPORT_TIME_ZONE,
    example: placeholderProblems(config).length > 0,
  };
}

/** A fictional North American number (the 555 exchange) or one of the demo's numbers. */
function isPlaceholderPhone(e164: string): boolean {
  return /^\+1\d{3}555\d{4}$/.test(e164) || e164 === SUPPORT.phone || e164 === SUPPORT.emergencyPhone;
}

/** An address or e-mail on a reserved example domain, or the demo's address. */
function isPlaceholderText(value: string): boolean {
  return value === SUPPORT.address || /\.example\b|@example\.(com|org|net)\b/i.test(value);
}

/** Each placeholder value of `config` as "VARIABLE: why", empty when none. */
export function placeholderProblems(config: ContactConfig): string[] {
  const problems: string[] = [];
  if (isPlaceholderText(config.COMPANY_ADDRESS))
    problems.push("COMPANY_ADDRESS: is the demo's example address; set the company's real postal address");
  for (const key of ["SUPPORT_PHONE", "EMERGENCY_PHONE"] as const)
    if (isPlaceholderPhone(config[key]))
      problems.push(
        `${key}: ${config[key]} is a fictional 555 number; set a real phone number in E.164 (+…)`,
      );
  if (isPlaceholderText(config.SUPPORT_EMAIL))
    problems.push(
      `SUPPORT_EMAIL: ${config.SUPPORT_EMAIL} is on a reserved example domain; set a real address`,
    );
  return problems;
}
