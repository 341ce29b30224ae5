/**
 * One message of the lawyer's inbox, opened (/dashboard/messages?id=…; issue 4 "Tracking and
 * messages"; app/routes/dashboard.messages.tsx): gathered on the server, where the customer's
 * phone is written for the reading lawyer's region (issue 14 §2).
 */
import { data, type RouterContextProvider } from "react-router";
import { servicesContext } from "../../context";
import { isDomainError } from "../../domain-error";
import { localizedRedirect } from "../../i18n/locale";
import { viewerPhone } from "../../i18n/phone.server";
import { requireUser } from "../../session.server";

/**
 * Opens the message `?id=` of the signed-in lawyer's listing (marks it read) and answers it with
 * its replies and the notice of `?replied=` (after a reply). Signed-out visitors go to /login and
 * back; no `id` redirects to /dashboard#inbox.
 * @throws Response 403 for a client or a lawyer without a listing, 404 for any other listing's or
 *   an unknown or malformed id
 */
export async function loadMessagePage({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const id = url.searchParams.get("id");
  if (!id) throw localizedRedirect(request, "/dashboard#inbox");
  try {
    const message = await context.get(servicesContext).messages.open(user, id);
    const replied = url.searchParams.get("replied");
    // The customer's phone (E.164) for the lawyer reading it: national in their own region (issue 14 §2).
    const phone = message.customerPhone ? viewerPhone(message.customerPhone, request) : null;
    return { message, phone, replied: replied === "sent" || replied === "unsent" ? replied : null };
  } catch (error) {
    if (isDomainError(error)) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}

/** What the message page shows: the loader's answer (see loadMessagePage). */
export type MessagePageData = Awaited<ReturnType<typeof loadMessagePage>>;
