/**
 * /contact (spec §2 "Static pages", §8 contact note, §9 "Contact and legal"; issue 4 "Contact
 * form"): info cards, the message form with the emergency warning, office location, security note
 * and an FAQ of four questions (app/features/contact/ContactPage.tsx). The action stores the form
 * through the contact service (app/features/contact/contact-action.server.ts).
 */

import type { ContactActionResult } from "../features/contact/ContactForm.tsx";
import { ContactPage } from "../features/contact/ContactPage.tsx";
import { submitContact } from "../features/contact/contact-action.server.ts";
import { unreachableResult } from "../features/contact/contact-values.ts";
import { getT } from "../i18n/i18n";
import { pageHeaders } from "../route-headers";
import { pageMeta, siteFromMatches } from "../seo.ts";
import type { Route } from "./+types/contact";

/** The page's response headers: a 429's Retry-After passed through (app/route-headers.ts, issue 27 §2). */
export const headers = pageHeaders();

/**
 * Sends the contact form: stored and emailed to the support address, rate limited per client IP.
 * Answers ContactActionResult: `{ ok: true }` (200), or the message, the message per field and
 * the typed values with 400, 429 (Retry-After) or 500.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return submitContact({ request, context });
}

/**
 * The browser's side of the action: a network failure (offline, server unreachable) becomes a
 * failed result (503) that keeps what was typed, instead of the error page.
 */
export async function clientAction({ serverAction, request }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch {
    return unreachableResult(request);
  }
}

/** Title, description and canonical link of /contact, in the page's language. */
export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "contact");
  return pageMeta(site, { title: t("meta.title"), description: t("meta.description"), path: "/contact" });
}

/** The contact page. */
export default function Contact({ actionData }: Route.ComponentProps) {
  return <ContactPage actionData={actionData as ContactActionResult | undefined} />;
}
