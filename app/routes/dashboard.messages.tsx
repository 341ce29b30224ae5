/**
 * /dashboard/messages?id=<message id> (issue 4 "Tracking and messages"; spec §3 "CustomerMessage",
 * "MessageReply"): one message of the lawyer's inbox, opened. The loader marks it read ("marked
 * read when opened") and shows it in full with the thread of earlier replies and a reply form;
 * the action stores a reply (emailed to the customer) or marks the message unread again. Only for
 * the lawyer of the listing the message was sent to: others get 403 (client accounts, lawyers
 * without a listing) or 404 (another listing's message, a malformed or unknown id). Plain forms:
 * everything works without JavaScript. Without `id` the address goes to the dashboard's inbox.
 * Issue 14: texts in the page's language (namespace "messages"), times for its locale, redirects
 * keep the locale, errors through translateMessage.
 */

import { data } from "react-router";
import { msg } from "../../lib/i18n/message.ts";
import { servicesContext } from "../context";
import { messagePath } from "../features/messages/InboxPanel";
import { MessageErrorPage, MessagePage, type ReplyFailure } from "../features/messages/MessagePage";
import { loadMessagePage } from "../features/messages/message-thread.server";
import { readPageForm } from "../form-input";
import { FormError, formFailureOf, runPageForm } from "../form-result";
import { getT } from "../i18n/i18n";
import { localizedRedirect } from "../i18n/locale";
import { pageHeaders } from "../route-headers";
import { pageMeta, siteFromMatches } from "../seo";
import { requireUser } from "../session.server";
import type { Route } from "./+types/dashboard.messages";

/** The page's response headers: a 429's Retry-After passed through (app/route-headers.ts, issue 27 §2). */
export const headers = pageHeaders();

/**
 * Opens the message `?id=` of the signed-in lawyer's listing, marking it read
 * (features/messages/message-thread.server.ts loadMessagePage): 403 for a client or a lawyer
 * without a listing, 404 for any other listing's or an unknown or malformed id.
 */
export const loader = ({ request, context }: Route.LoaderArgs) => loadMessagePage({ request, context });

/**
 * The message page's forms (field `intent`): `reply` with `reply` stores the reply, emails it and
 * redirects to the message with `?replied=sent` (or `unsent` when the email failed); `unread`
 * marks the message unread and goes back to the inbox. A failed reply answers the one FormResult
 * shape through runPageForm (ReplyFailure: 400, or 500 with the typed text kept, the message next
 * to the reply); 403/404 as the loader.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const { messages, logger } = context.get(servicesContext);
  const id = new URL(request.url).searchParams.get("id") ?? "";
  const form = await readPageForm(request).catch(() => null);
  const reply = form?.text("reply") ?? "";
  return runPageForm<"reply", Response>(
    {
      form,
      values: { reply },
      fields: ["reply"],
      // Only a refused reply is answered on the page; 403/404 go to the error boundary.
      refuse: (error) => {
        if (error.status !== 400) throw data({ message: error.message }, { status: error.status });
        return undefined;
      },
      unexpected: {
        fallback: msg("messages:page.serverError"),
        log: (error) => logger.error({ err: error }, "inbox form failed"),
      },
    },
    async () => {
      if (!form) throw new FormError(400, msg("messages:invalid"), "reply");
      const intent = form.text("intent");
      if (intent === "unread") {
        await messages.setRead(user, id, false);
        return localizedRedirect(request, "/dashboard#inbox");
      }
      if (intent !== "reply") throw new FormError(400, msg("messages:page.unknownForm"), "reply");
      const result = await messages.reply(user, id, { reply });
      return localizedRedirect(
        request,
        `${messagePath(id)}&replied=${result.emailed ? "sent" : "unsent"}#replies`,
      );
    },
  );
}

/** Title "Message: …" in the page's language; noindex (a private page). */
export function meta({ matches, loaderData }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "messages");
  return pageMeta(site, {
    title: loaderData
      ? t("page.metaTitle", { subject: loaderData.message.subject })
      : t("page.metaTitleFallback"),
    description: t("page.metaDescription"),
    path: "/dashboard/messages",
    noindex: true,
  });
}

/** The opened message, its replies and the reply form (features/messages/MessagePage.tsx). */
export default function Message({ loaderData, actionData }: Route.ComponentProps) {
  return <MessagePage data={loaderData} failure={formFailureOf<ReplyFailure>(actionData)} />;
}

/** 403 and 404 from the loader or action: a short explanation and the way back. */
export const ErrorBoundary = MessageErrorPage;
