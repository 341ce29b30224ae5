/**
 * A case as one of its two parties reads it (issue 4 "Authorisation"): which party the viewer is,
 * and the case as that party sees it (issue 17 §2, issue 27 §2: the lawyer's summary before
 * acceptance). Anyone else, and any malformed or unknown id, gets null (404).
 */
import type { CasesDeps } from "./context.ts";
import type { CaseDetail, CaseRole, CaseViewer } from "./service.ts";

/** The viewer's party of case `id` ("client" or "lawyer"), or null (not a party, malformed or unknown id). */
export async function caseRole(
  deps: Pick<CasesDeps, "reads">,
  input: { id: string; viewer: CaseViewer },
): Promise<CaseRole | null> {
  const row = await deps.reads.loadCase(input.id);
  return row ? await deps.reads.roleOf(row, input.viewer) : null;
}

/** Case `id` as the viewer's party sees it (reads.ts detailOf), or null for anyone else (404). */
export async function getCase(
  deps: Pick<CasesDeps, "reads">,
  input: { id: string; viewer: CaseViewer },
): Promise<CaseDetail | null> {
  const row = await deps.reads.loadCase(input.id);
  const role = row ? await deps.reads.roleOf(row, input.viewer) : null;
  return row && role ? deps.reads.detailOf(row, role) : null;
}
