/**
 * Customer messages (issue 4): the profile's Send Message form, the lawyer's inbox and replies
 * emailed to the customer. Shared by the API (server/api/messages.ts) and the pages.
 */
import type { DomainDeps } from "../services.ts";
import type { MessagesService } from "./service.ts";

/** Creates the process's customer messages service. */
export function createMessagesService(deps: DomainDeps): MessagesService {
  void deps;
  return {
    async inboxView() {
      return null;
    },
  };
}
