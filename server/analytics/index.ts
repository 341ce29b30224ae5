/** Lawyer analytics (issue 6): recording and the premium summary. */
import type { DomainDeps } from "../services.ts";
import type { AnalyticsService } from "./service.ts";

/** Creates the process's analytics service. */
export function createAnalyticsService(deps: DomainDeps): AnalyticsService {
  void deps;
  return {
    async dashboardView() {
      return null;
    },
  };
}
