/** The contact form (issue 4): stored, then emailed to SUPPORT_EMAIL. */
import type { DomainDeps } from "../services.ts";
import type { ContactService } from "./service.ts";

/** Creates the process's contact service. */
export function createContactService(deps: DomainDeps): ContactService {
  void deps;
  return {};
}
