/**
 * The checks a verification request is about (issue 15 §2; specialist titles issue 28 §2): one
 * licence check per admission, one check per specialist title the listing states (matched by
 * title and issuing body, lib/specialist-titles.ts), one of each other kind. submit-request.ts
 * makes them pending, decide-request.ts verifies or rejects them.
 */
import { and, asc, eq } from "drizzle-orm";
import {
  type SpecialistTitle,
  sameSpecialistTitle,
  specialistTitlesOf,
} from "../../lib/specialist-titles.ts";
import type { CheckKind } from "../../lib/verification.ts";
import type { Db } from "../db/client.ts";
import { type CheckDetails, lawyers, verificationChecks } from "../db/schema.ts";

/** One check a request is about: a kind, for the licence its admission, for a specialist title the title. */
export interface Target {
  kind: CheckKind;
  admissionId: number | null;
  title?: SpecialistTitle;
}

/** The listing's specialist titles as stored (issue 28 §2). */
export async function titlesOf(tx: Pick<Db, "select">, lawyerId: number): Promise<SpecialistTitle[]> {
  const [row] = await tx
    .select({ specialistTitles: lawyers.specialistTitles })
    .from(lawyers)
    .where(eq(lawyers.id, lawyerId));
  return specialistTitlesOf(row?.specialistTitles);
}

/** The details a specialist title's check carries: the title it is about (issue 28 §2). */
export function titleDetails(t: SpecialistTitle): CheckDetails {
  return { title: t.title, issuer: t.issuer, area: t.area, since: t.since };
}

/**
 * The checks of `kinds`: one licence check per admission, one per specialist title of `titles`
 * (issue 28 §2), one of each other kind.
 */
export function targetsOf(
  kinds: readonly CheckKind[],
  admissionIds: readonly number[],
  titles: readonly SpecialistTitle[] = [],
): Target[] {
  const out: Target[] = [];
  for (const kind of kinds) {
    if (kind === "licence") for (const admissionId of admissionIds) out.push({ kind, admissionId });
    else if (kind === "specialist_title")
      for (const title of titles) out.push({ kind, admissionId: null, title });
    else out.push({ kind, admissionId: null });
  }
  return out;
}

/** The audit label of a target: "licence#12", "specialist_title#Fachanwalt für Verkehrsrecht" or the kind. */
export function labelOf(t: Target): string {
  if (t.title) return `${t.kind}#${t.title.title}`;
  return t.admissionId === null ? t.kind : `${t.kind}#${t.admissionId}`;
}

/** The check row (id, status) of a target (the first by id), or undefined. */
export async function findCheck(tx: Pick<Db, "select">, lawyerId: number, t: Target) {
  if (t.kind === "specialist_title" && t.title) {
    const title = t.title;
    const rows = await tx
      .select({
        id: verificationChecks.id,
        status: verificationChecks.status,
        details: verificationChecks.details,
      })
      .from(verificationChecks)
      .where(and(eq(verificationChecks.lawyerId, lawyerId), eq(verificationChecks.kind, "specialist_title")))
      .orderBy(asc(verificationChecks.id));
    const found = rows.find((r) =>
      sameSpecialistTitle(title, {
        title: String(r.details?.title ?? ""),
        issuer: String(r.details?.issuer ?? ""),
      }),
    );
    return found ? { id: found.id, status: found.status } : undefined;
  }
  const where =
    t.kind === "licence" && t.admissionId !== null
      ? and(
          eq(verificationChecks.lawyerId, lawyerId),
          eq(verificationChecks.kind, "licence"),
          eq(verificationChecks.admissionId, t.admissionId),
        )
      : and(eq(verificationChecks.lawyerId, lawyerId), eq(verificationChecks.kind, t.kind));
  const [row] = await tx
    .select({ id: verificationChecks.id, status: verificationChecks.status })
    .from(verificationChecks)
    .where(where)
    .orderBy(asc(verificationChecks.id))
    .limit(1);
  return row;
}
