/**
 * The cases domain (issue 4): intake with documents, tracking links, status changes, the case
 * thread and notifications. Shared by the API (server/api/cases.ts) and the pages.
 */
import type { DomainDeps } from "../services.ts";
import type { CasesService } from "./service.ts";

/** Creates the process's cases service. */
export function createCasesService(deps: DomainDeps): CasesService {
  void deps;
  return {
    async dashboardView() {
      return [];
    },
  };
}
