/** The pages' Content-Security-Policy (app/content-security-policy.ts, issue 13 §1). */
import { describe, expect, it } from "vitest";
import { AD_NETWORK_HOSTS, pageContentSecurityPolicy } from "./content-security-policy";
import { takeCspNonce } from "./csp-nonce";

/** The directives of a policy by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(";").map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name as string, values];
    }),
  );
}

describe("pageContentSecurityPolicy", () => {
  it("is a strict nonce policy without the ad network", () => {
    const policy = directives(pageContentSecurityPolicy({ ads: false }));
    expect(policy.get("script-src")).toEqual(["'nonce-{nonce}'", "'strict-dynamic'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("frame-src")).toEqual(["'none'"]);
    expect(policy.get("connect-src")).toEqual(["'self'"]);
    expect(pageContentSecurityPolicy({ ads: false })).not.toMatch(/google|doubleclick|unsafe-eval/);
  });

  it("lists the ad network's hosts only for a page that can load ads", () => {
    const policy = directives(pageContentSecurityPolicy({ ads: true }));
    expect(policy.get("script-src")?.slice(0, 2)).toEqual(["'nonce-{nonce}'", "'strict-dynamic'"]);
    expect(policy.get("script-src")).toEqual(expect.arrayContaining([...AD_NETWORK_HOSTS.script]));
    expect(policy.get("frame-src")).toEqual([...AD_NETWORK_HOSTS.frame]);
    expect(policy.get("connect-src")).toEqual(["'self'", ...AD_NETWORK_HOSTS.connect]);
  });

  it("takes a stricter page's extra directives", () => {
    expect(pageContentSecurityPolicy({ ads: false, extra: ["form-action 'self'"] })).toMatch(
      /; form-action 'self'$/,
    );
  });

  it("gets a fresh nonce in place of its placeholder", () => {
    const headers = new Headers({ "Content-Security-Policy": pageContentSecurityPolicy({ ads: false }) });
    const nonce = takeCspNonce(headers) ?? "missing";
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(headers.get("Content-Security-Policy")).toContain(`script-src 'nonce-${nonce}' 'strict-dynamic'`);
    expect(headers.get("Content-Security-Policy")).not.toContain("{nonce}");
  });
});
