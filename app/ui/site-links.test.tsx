/**
 * Header and footer show only links to screens that exist (spec §2 "Header", "Footer links";
 * docs/spec-deviations.md row 16): every app-internal href they render is in AVAILABLE_ROUTES,
 * and the spec's links that do exist keep their spec order. The header shows Login and Sign Up
 * to signed-out visitors and Dashboard and Logout to signed-in ones, from the root loader's data
 * (spec §2 "Header", §6; issue 3).
 */
import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { i18n } from "../i18n/i18n";
import type { UserSummary } from "../session.server";
import { Footer } from "./Footer";
import { Header, NAV_LINKS, SPEC_NAV_LINKS } from "./Header";
import { AVAILABLE_ROUTES, availableLinks } from "./site-links";

/** Server-renders `node` under a root route whose loader data carries `user` (null: signed out). */
function render(node: React.ReactNode, user: UserSummary | null = null): string {
  const router = createMemoryRouter(
    [{ id: "root", path: "*", element: <MantineProvider>{node}</MantineProvider>, loader: () => null }],
    { hydrationData: { loaderData: { root: { origin: "", user } } } },
  );
  return renderToString(<RouterProvider router={router} />);
}

/** The internal (path-only) hrefs of `html`, e.g. ["/", "/browse-lawyers"]. */
function internalHrefs(html: string): string[] {
  return [...html.matchAll(/href="(\/[^"]*)"/g)]
    .map((m) => m[1] ?? "")
    .filter((href) => !href.startsWith("/language?")); // the language switcher (issue 14)
}

const CASEY: UserSummary = { firstName: "Casey", lastName: "Morgan", role: "user", subscriptionTier: "free" };

describe("links to screens that do not exist yet are hidden", () => {
  it("keeps available links in order and drops the rest", () => {
    expect(
      availableLinks([
        { to: "/no-such-screen", label: "Nowhere" },
        { to: "/about", label: "About" },
        { to: "/", label: "Home" },
      ]).map((l) => l.to),
    ).toEqual(["/about", "/"]);
  });

  it("header: Home, Personality Match, Browse Lawyers, About, Contact", () => {
    expect(NAV_LINKS).toEqual(SPEC_NAV_LINKS);
    expect(NAV_LINKS.map((l) => i18n.t(l.label))).toEqual([
      "Home",
      "Personality Match",
      "Browse Lawyers",
      "About",
      "Contact",
    ]);
    const html = render(<Header />);
    for (const href of internalHrefs(html)) expect(AVAILABLE_ROUTES.has(href)).toBe(true);
    expect(html).toContain('href="/personality-assessment"');
    expect(html).toContain('href="/browse-lawyers"');
  });

  it("footer: browse, personality match, dashboard, about, how we verify (issue 15 §2), how ranking works and reviews policy (issue 16), privacy, terms, contact and cookie settings (issue 17)", () => {
    const html = render(<Footer />);
    const hrefs = internalHrefs(html);
    for (const href of hrefs) expect(AVAILABLE_ROUTES.has(href.split("#")[0] ?? "")).toBe(true);
    expect(hrefs).toEqual([
      "/browse-lawyers",
      "/personality-assessment",
      "/dashboard",
      "/about",
      "/how-we-verify",
      "/how-ranking-works",
      "/reviews-policy",
      "/privacy-policy",
      "/terms-of-service",
      "/contact",
      // Issue 17 §1: "Cookie settings", before hydration a link to the policy's cookie section.
      "/privacy-policy#cookies",
    ]);
  });
});

describe("header sign-in state (server-rendered, no flash)", () => {
  it("signed out: Login and Sign Up, no Dashboard or Logout", () => {
    const html = render(<Header />);
    expect(html).toContain('href="/login"');
    expect(html).toContain('href="/signup"');
    expect(html).toContain("Sign Up");
    expect(html).not.toContain('href="/dashboard"');
    expect(html).not.toContain('action="/logout"');
  });

  it("signed in: Dashboard and a Logout form posting to /logout, no Login or Sign Up", () => {
    const html = render(<Header />, CASEY);
    expect(html).toContain('href="/dashboard"');
    expect(html).toMatch(
      /<form[^>]*method="post"[^>]*action="\/logout"|<form[^>]*action="\/logout"[^>]*method="post"/,
    );
    expect(html).toContain("Logout");
    expect(html).not.toContain('href="/login"');
    expect(html).not.toContain('href="/signup"');
  });
});
