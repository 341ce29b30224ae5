/**
 * The visitor's cookie choice in the browser (issue 17 §1 "Cookie and ad consent"), shared by the
 * consent banner (ConsentManager, which hears it from vanilla-cookieconsent) and what depends on
 * it (the ad slots). Before the library has reported, the server's reading of the same cookie
 * (`cc_cookie`, root loader `consent`) stands, so the first render in the browser matches the
 * server's HTML: no flash, no hydration mismatch.
 */
import { useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import type { CookieCategory } from "../../../lib/privacy.ts";

let reported: readonly string[] | null | undefined;
const listeners = new Set<() => void>();

/** Records the categories the visitor accepted (null: no choice yet) and tells the subscribers. */
export function reportConsent(categories: readonly string[] | null): void {
  reported = categories;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Whether the visitor accepted `category`: the library's report once there is one, else the
 * root loader's reading of the consent cookie; false without a choice (opt-in, GDPR Art. 7 and
 * EDPB Guidelines 05/2020 on consent: silence or inactivity is no consent).
 */
export function useConsent(category: CookieCategory): boolean {
  const root = useRouteLoaderData("root") as { consent?: readonly string[] | null } | undefined;
  const fromServer = root?.consent?.includes(category) ?? false;
  return useSyncExternalStore(
    subscribe,
    () => (reported === undefined ? fromServer : (reported?.includes(category) ?? false)),
    () => fromServer,
  );
}
