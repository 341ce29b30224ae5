import { describe, expect, it } from "vitest";
import { applyCspNonce, newCspNonce } from "./csp-nonce.ts";

describe("applyCspNonce (issue 4 'Safety': the case page's CSP without 'unsafe-inline')", () => {
  const html =
    '<html><head><script>window.__flag=1</script></head><body><p>&lt;script&gt;alert(1)&lt;/script&gt;</p><script type="application/ld+json">{"a":"\\u003cscript"}</script><script>go()</script></body></html>';

  it("fills a fresh nonce into the policy and onto every script tag, and nothing else", () => {
    const headers = new Headers({
      "Content-Security-Policy": "default-src 'self'; script-src 'self' 'nonce-{nonce}'",
    });
    const out = applyCspNonce(html, headers);
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(headers.get("Content-Security-Policy") ?? "")?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(out.match(/<script nonce="([^"]+)"/g)).toHaveLength(3);
    expect(out).not.toMatch(/<script(?! nonce=)[\s>]/);
    for (const m of out.matchAll(/<script nonce="([^"]+)"/g)) expect(m[1]).toBe(nonce);
    // Escaped text stays text.
    expect(out).toContain("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>");
    // Another response gets another nonce.
    const again = new Headers({ "Content-Security-Policy": "script-src 'nonce-{nonce}'" });
    applyCspNonce(html, again);
    expect(again.get("Content-Security-Policy")).not.toContain(nonce);
  });

  it("leaves pages without the placeholder alone", () => {
    const headers = new Headers({ "Content-Security-Policy": "default-src 'none'" });
    expect(applyCspNonce(html, headers)).toBe(html);
    expect(applyCspNonce(html, new Headers())).toBe(html);
    expect(newCspNonce()).not.toBe(newCspNonce());
  });
});
