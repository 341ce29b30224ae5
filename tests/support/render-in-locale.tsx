/**
 * Server-renders a component as a page in a locale would (issue 14 tests): inside Mantine, a
 * memory router at `path` (so useLocale() reads the path's prefix) and an i18next instance fixed
 * to `locale`. Call `await ensureLocale(locale)` first. Returns the HTML without React's text
 * separators.
 */
import { MantineProvider } from "@mantine/core";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { instanceFor } from "../../app/i18n/i18n";
import type { Locale } from "../../lib/i18n/locales.ts";

/**
 * The HTML of `node` rendered at `path` in `locale`; `timeZone` is the visitor's zone the root
 * loader would answer (its `timeZone`, read by useTimeZone/useFormats; UTC when not given).
 */
export function renderInLocale(locale: Locale, path: string, node: ReactNode, timeZone?: string): string {
  const root = timeZone === undefined ? undefined : { timeZone };
  const router = createMemoryRouter(
    [
      {
        id: "root",
        path: "*",
        loader: () => root ?? null,
        element: <MantineProvider>{node}</MantineProvider>,
      },
    ],
    { initialEntries: [path], hydrationData: { loaderData: { root: root ?? null } } },
  );
  return renderToString(
    <I18nextProvider i18n={instanceFor(locale)}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  ).replace(/<!-- -->/g, "");
}

/** The visible text of rendered HTML: tags as spaces, the common entities decoded, spaces collapsed. */
export function visibleText(html: string): string {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}
