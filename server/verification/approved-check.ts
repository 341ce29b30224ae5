/**
 * What a moderator's approval writes on a check (issue 15 §2: method, source, checkedOn,
 * checkedBy, nextCheckDue; licence and discipline due again in a year, the registers' yearly
 * renewal [S16][S20][S27]; a specialist title likewise, issue 28 §2; insurance at its expiry;
 * education and experience none).
 */
import type { SpecialistTitle } from "../../lib/specialist-titles.ts";
import { type CheckKind, type CheckStatus, isoDay } from "../../lib/verification.ts";
import type { CheckDetails } from "../db/schema.ts";
import { titleDetails } from "./check-targets.ts";

/** `YYYY-MM-DD` one year after `day`. */
export function plusOneYear(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return isoDay(d);
}

/** The columns a decision writes on a check. */
export interface CheckColumns {
  status: CheckStatus;
  method: string | null;
  source?: string | null;
  sourceUrl: string | null;
  checkedOn: string;
  checkedBy: string;
  nextCheckDue: string | null;
  details?: CheckDetails;
}

/**
 * The columns of an approved check (issue 15 §2): licence and discipline by register lookup (the
 * entry's URL) or a reviewed document, due again in a year; insurance a reviewed document due at
 * its expiry, with carrier/cover/expiry; education with school/degree/year; experience from the
 * year admitted; a specialist title (issue 28 §2) with the body that conferred it (the register
 * entry's URL for a register lookup, the certificate otherwise), due again in a year, with the
 * title it is about.
 */
export function approvedCheck(
  kind: CheckKind,
  p: {
    method: "register_lookup" | "document_reviewed";
    registerUrl: string | null;
    regulator: string | null;
    today: string;
    details: CheckDetails;
    yearAdmitted: number | null;
    actorId: string;
    title?: SpecialistTitle | undefined;
  },
): CheckColumns {
  const base = { status: "verified" as const, checkedOn: p.today, checkedBy: p.actorId };
  switch (kind) {
    case "licence":
    case "discipline":
      return {
        ...base,
        method: p.method,
        source: p.regulator,
        sourceUrl: p.method === "register_lookup" ? p.registerUrl : null,
        nextCheckDue: plusOneYear(p.today),
      };
    case "insurance":
      return {
        ...base,
        method: "document_reviewed",
        source: typeof p.details.carrier === "string" ? p.details.carrier : null,
        sourceUrl: null,
        nextCheckDue: typeof p.details.expiry === "string" ? p.details.expiry : plusOneYear(p.today),
        details: {
          carrier: p.details.carrier ?? null,
          cover: p.details.cover ?? null,
          expiry: p.details.expiry ?? null,
        },
      };
    case "specialist_title":
      return {
        ...base,
        method: p.method,
        source: p.title?.issuer ?? null,
        sourceUrl: p.method === "register_lookup" ? p.registerUrl : null,
        nextCheckDue: plusOneYear(p.today),
        ...(p.title ? { details: titleDetails(p.title) } : {}),
      };
    case "education":
      return {
        ...base,
        method: "document_reviewed",
        source: typeof p.details.school === "string" ? p.details.school : null,
        sourceUrl: null,
        nextCheckDue: null,
        details: {
          school: p.details.school ?? null,
          degree: p.details.degree ?? null,
          year: p.details.year ?? null,
        },
      };
    default:
      return {
        ...base,
        method: "document_reviewed",
        source: p.regulator,
        sourceUrl: null,
        nextCheckDue: null,
        details: { yearAdmitted: p.yearAdmitted },
      };
  }
}
