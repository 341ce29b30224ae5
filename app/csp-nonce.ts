/**
 * Per-response CSP nonces for every page's Content-Security-Policy (app/content-security-policy.ts,
 * issue 13 §1; first the case page, issue 4 "Safety"). A page puts
 * `'nonce-{nonce}'` (CSP_NONCE_PLACEHOLDER) in its policy; entry.server.tsx then draws a fresh
 * random nonce for the response, writes it into the header and onto every `<script>` of the
 * finished HTML (React Router's hydration data, the hydration loader, the root's flags). Pure
 * string work with Web Crypto, so route modules may import the placeholder without pulling a Node
 * module into the browser's bundle.
 */

/** What a page writes in its policy where the response's nonce goes: `'nonce-{nonce}'`. */
export const CSP_NONCE_PLACEHOLDER = "{nonce}";

/** A fresh nonce: 128 random bits, base64 (CSP3 "nonce-source"). */
export function newCspNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * When `headers` has a Content-Security-Policy with the placeholder, fills in a fresh nonce and
 * answers `html` with that nonce on every `<script` tag and module preload link; otherwise answers
 * `html` unchanged.
 * Text a person typed cannot hold a `<script` tag here: React escapes `<` in text and attributes,
 * and inline JSON escapes it as `\u003c`.
 */
export function applyCspNonce(html: string, headers: Headers): string {
  const policy = headers.get("Content-Security-Policy");
  if (!policy?.includes(CSP_NONCE_PLACEHOLDER)) return html;
  const nonce = newCspNonce();
  headers.set("Content-Security-Policy", policy.replaceAll(CSP_NONCE_PLACEHOLDER, nonce));
  return html
    .replace(/<script(?=[\s>])/g, `<script nonce="${nonce}"`)
    .replace(/<link rel="modulepreload"/g, `<link rel="modulepreload" nonce="${nonce}"`);
}
