import { describe, expect, it } from "vitest";
import { newCspNonce, takeCspNonce } from "./csp-nonce.ts";

describe("takeCspNonce (issue 4 'Safety', issue 13 §1; issue 29: the nonce is handed to React)", () => {
  it("fills a fresh nonce into the policy and answers it, for the render to put on every script", () => {
    const headers = new Headers({
      "Content-Security-Policy": "default-src 'self'; script-src 'self' 'nonce-{nonce}'",
    });
    const nonce = takeCspNonce(headers);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(headers.get("Content-Security-Policy")).toBe(
      `default-src 'self'; script-src 'self' 'nonce-${nonce}'`,
    );
    // Another response gets another nonce.
    const again = new Headers({ "Content-Security-Policy": "script-src 'nonce-{nonce}'" });
    expect(takeCspNonce(again)).not.toBe(nonce);
  });

  it("answers no nonce for a response without the placeholder, and leaves it alone", () => {
    const headers = new Headers({ "Content-Security-Policy": "default-src 'none'" });
    expect(takeCspNonce(headers)).toBeUndefined();
    expect(headers.get("Content-Security-Policy")).toBe("default-src 'none'");
    expect(takeCspNonce(new Headers())).toBeUndefined();
    expect(newCspNonce()).not.toBe(newCspNonce());
  });
});
