/**
 * Per-response CSP nonces for every page's Content-Security-Policy (app/content-security-policy.ts,
 * issue 13 §1; first the case page, issue 4 "Safety"). A page puts `'nonce-{nonce}'`
 * (CSP_NONCE_PLACEHOLDER) in its policy; entry.server.tsx then draws a fresh random nonce for the
 * response with takeCspNonce, writes it into the header and hands it to React while rendering
 * (issue 29: instead of rewriting the finished HTML with regular expressions): React's own inline
 * scripts (`renderToPipeableStream`'s `nonce`), React Router's (`<ServerRouter nonce>`: the
 * hydration data, `<Scripts>`, `<ScrollRestoration>`, the module preloads) and the root's scripts
 * (CspNonceContext, read with useCspNonce). Web Crypto only, so route modules may import it
 * without pulling a Node module into the browser's bundle.
 */
import { createContext, useContext } from "react";

/** What a page writes in its policy where the response's nonce goes: `'nonce-{nonce}'`. */
export const CSP_NONCE_PLACEHOLDER = "{nonce}";

/** A fresh nonce: 128 random bits, base64 (CSP3 "nonce-source"). */
export function newCspNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * When `headers` has a Content-Security-Policy with the placeholder, fills in a fresh nonce
 * (newCspNonce) and answers it, for the render to put on every script; otherwise answers
 * undefined and leaves `headers` as they are (a page with a policy of its own without nonces).
 */
export function takeCspNonce(headers: Headers): string | undefined {
  const policy = headers.get("Content-Security-Policy");
  if (!policy?.includes(CSP_NONCE_PLACEHOLDER)) return undefined;
  const nonce = newCspNonce();
  headers.set("Content-Security-Policy", policy.replaceAll(CSP_NONCE_PLACEHOLDER, nonce));
  return nonce;
}

/**
 * The response's nonce while the server renders a page (entry.server.tsx provides it); undefined
 * in the browser, which hides nonces from the page anyway (HTML "nonce" attribute: the value is
 * only readable through the element's `nonce` property) and adds no inline script after hydration.
 */
export const CspNonceContext = createContext<string | undefined>(undefined);

/** The nonce for an inline script the page renders itself (root.tsx), or undefined (see CspNonceContext). */
export function useCspNonce(): string | undefined {
  return useContext(CspNonceContext);
}
