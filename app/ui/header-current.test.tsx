/**
 * Issue 19 §5: "Home" is not highlighted while the home address shows search results; the plain
 * home page and every other link keep aria-current="page" when current.
 */
import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { Header, navAriaCurrent } from "./Header";

function render(path: string): string {
  const router = createMemoryRouter(
    [
      {
        id: "root",
        path: "*",
        element: (
          <MantineProvider>
            <Header />
          </MantineProvider>
        ),
        loader: () => null,
      },
    ],
    { initialEntries: [path], hydrationData: { loaderData: { root: { origin: "", user: null } } } },
  );
  return renderToString(<RouterProvider router={router} />);
}

describe("Home in the header on results (issue 19 §5)", () => {
  it("answers 'false' for Home with a search, 'page' otherwise", () => {
    expect(navAriaCurrent("/", "?practiceAreas=Dog+Bites")).toBe("false");
    expect(navAriaCurrent("/", "")).toBe("page");
    expect(navAriaCurrent("/browse-lawyers", "?query=car")).toBe("page");
  });
  it("does not mark Home current on /?query=…, does on /", () => {
    const homeLinks = (html: string) =>
      [...html.matchAll(/<a\b[^>]*>/g)]
        .map((m) => m[0])
        .filter((a) => a.includes('href="/"') && a.includes("nav-link"));
    const onResults = homeLinks(render("/?query=car"));
    expect(onResults.length).toBeGreaterThan(0);
    for (const a of onResults) expect(a).not.toContain('aria-current="page"');
    expect(homeLinks(render("/")).some((a) => a.includes('aria-current="page"'))).toBe(true);
  });
});
