/**
 * Header and footer show only links to screens that exist (spec §2 "Header", "Footer links";
 * docs/spec-deviations.md row 16): every app-internal href they render is in AVAILABLE_ROUTES,
 * and the spec's links that do exist keep their spec order.
 */
import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { Footer } from "./Footer";
import { Header, NAV_LINKS, SPEC_NAV_LINKS } from "./Header";
import { AVAILABLE_ROUTES, availableLinks } from "./site-links";

function render(node: React.ReactNode): string {
  const router = createMemoryRouter([{ path: "*", element: <MantineProvider>{node}</MantineProvider> }]);
  return renderToString(<RouterProvider router={router} />);
}

/** The internal (path-only) hrefs of `html`, e.g. ["/", "/browse-lawyers"]. */
function internalHrefs(html: string): string[] {
  return [...html.matchAll(/href="(\/[^"]*)"/g)].map((m) => m[1] ?? "");
}

describe("links to screens that do not exist yet are hidden", () => {
  it("keeps available links in order and drops the rest", () => {
    expect(
      availableLinks([
        { to: "/login", label: "Login" },
        { to: "/about", label: "About" },
        { to: "/", label: "Home" },
      ]).map((l) => l.to),
    ).toEqual(["/about", "/"]);
  });

  it("header: Home, Personality Match, Browse Lawyers, About, Contact; no Login or Sign Up", () => {
    expect(NAV_LINKS).toEqual(SPEC_NAV_LINKS);
    expect(NAV_LINKS.map((l) => l.label)).toEqual([
      "Home",
      "Personality Match",
      "Browse Lawyers",
      "About",
      "Contact",
    ]);
    const html = render(<Header />);
    for (const href of internalHrefs(html)) expect(AVAILABLE_ROUTES.has(href)).toBe(true);
    expect(html).toContain('href="/personality-assessment"');
    for (const gone of ["/login", "/signup", "/dashboard"]) expect(html).not.toContain(`href="${gone}"`);
    expect(html).not.toContain("Sign Up");
    expect(html).toContain('href="/browse-lawyers"');
  });

  it("footer: no Dashboard; browse, personality match, about, privacy, terms and contact", () => {
    const html = render(<Footer />);
    const hrefs = internalHrefs(html);
    for (const href of hrefs) expect(AVAILABLE_ROUTES.has(href)).toBe(true);
    expect(hrefs).toEqual([
      "/browse-lawyers",
      "/personality-assessment",
      "/about",
      "/privacy-policy",
      "/terms-of-service",
      "/contact",
    ]);
  });
});
