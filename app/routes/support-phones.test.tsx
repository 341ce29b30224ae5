/**
 * The support phone numbers (footer, about and contact pages) written for the visitor (issue 14
 * §2 "displayed nationally or internationally as appropriate"): the real root loader answers
 * them national for a visitor from the US ("(212) 555-0100"), international for everyone else
 * and for a browser naming no region, the `tel:` link always E.164; the footer and the contact
 * cards render that text with `dir="ltr"` (the "+" stays in front on Arabic pages), and every
 * page varies by Accept-Language.
 */
import { MantineProvider } from "@mantine/core";
import { isValidPhoneNumber } from "libphonenumber-js/max";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterContextProvider, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { SUPPORT } from "../../lib/constants.ts";
import { ensureLocale, i18n } from "../i18n/i18n";
import { middleware, loader as rootLoader } from "../root";
import { Footer } from "../ui/Footer";
import { ContactChannels } from "../ui/static/ContactChannels";

const ORIGIN = "http://lexatlas.test";

/** The root loader's data for a signed-out visitor at `path` sending `acceptLanguage`. */
async function rootData(path: string, acceptLanguage: string | null, lang?: string) {
  const request = new Request(`${ORIGIN}${path}`, {
    headers: acceptLanguage ? { "Accept-Language": acceptLanguage } : {},
  });
  const args = {
    request,
    params: lang ? { lang } : {},
    context: new RouterContextProvider(),
    unstable_pattern: "",
  };
  // biome-ignore lint/suspicious/noExplicitAny: the loader answers data() (a DataWithResponseInit)
  return ((await rootLoader(args as never)) as any).data;
}

/** Server-renders `node` under a root route whose loader data is `root` (undefined: none). */
function render(node: React.ReactNode, root: unknown): string {
  const router = createMemoryRouter(
    [{ id: "root", path: "*", element: <MantineProvider>{node}</MantineProvider>, loader: () => null }],
    { hydrationData: { loaderData: { root } } },
  );
  return renderToString(<RouterProvider router={router} />);
}

describe("support phones for the visitor (issue 14 §2)", () => {
  it("are fictional but valid numbers, stored as E.164", () => {
    for (const phone of [SUPPORT.phone, SUPPORT.emergencyPhone]) {
      expect(phone).toMatch(/^\+[1-9]\d{6,14}$/);
      expect(isValidPhoneNumber(phone)).toBe(true);
    }
  });

  it("root loader: national in the US, international elsewhere and without a region; tel: always E.164", async () => {
    const us = await rootData("/about", "en-US,en;q=0.9");
    expect(us.supportPhones).toEqual({
      phone: { text: "(212) 555-0100", href: "tel:+12125550100" },
      emergencyPhone: { text: "(212) 555-0199", href: "tel:+12125550199" },
    });
    const germany = await rootData("/de/about", "de-DE,de;q=0.9", "de");
    expect(germany.supportPhones.phone).toEqual({ text: "+1 212 555 0100", href: "tel:+12125550100" });
    const noRegion = await rootData("/ar/contact", "ar", "ar");
    expect(noRegion.supportPhones.emergencyPhone).toEqual({
      text: "+1 212 555 0199",
      href: "tel:+12125550199",
    });
    const crawler = await rootData("/about", null);
    expect(crawler.supportPhones.phone.text).toBe("+1 212 555 0100");
  });

  it("footer and contact cards show the visitor's text left to right on an Arabic page", async () => {
    await ensureLocale("ar");
    await i18n.changeLanguage("ar");
    try {
      const root = await rootData("/ar/contact", "ar-AE,ar;q=0.9", "ar");
      const footer = render(<Footer />, root);
      expect(footer).toMatch(/<a[^>]*href="tel:\+12125550100"[^>]*dir="ltr"[^>]*>\+1 212 555 0100<\/a>/);
      const cards = render(<ContactChannels />, root);
      expect(cards).toMatch(/<a[^>]*href="tel:\+12125550199"[^>]*dir="ltr"[^>]*>\+1 212 555 0199<\/a>/);
      expect(cards).toMatch(/<a[^>]*href="tel:\+12125550100"[^>]*dir="ltr"[^>]*>\+1 212 555 0100<\/a>/);
      expect(footer).not.toContain("(212)");
    } finally {
      await i18n.changeLanguage("en");
    }
  });

  it("without the root loader's data (an error render) the stored E.164 number is shown and dialled", () => {
    const footer = render(<Footer />, undefined);
    expect(footer).toMatch(/<a[^>]*href="tel:\+12125550100"[^>]*dir="ltr"[^>]*>\+12125550100<\/a>/);
  });

  it("every page, prefixed too, varies by Accept-Language", async () => {
    const [first] = middleware;
    const request = new Request(`${ORIGIN}/de/about`, { headers: { "Accept-Language": "de-DE" } });
    const args = {
      request,
      params: { lang: "de" },
      context: new RouterContextProvider(),
      unstable_pattern: "",
    };
    const res = (await first?.(args as never, async () => new Response("page"))) as Response;
    expect(res.headers.get("Vary")).toBe("Accept-Language, Cookie");
  });
});

describe("the footer's demo-data line (issue 15 §2)", () => {
  it("calls listings fictional only while the directory holds demo listings", async () => {
    await ensureLocale("en");
    const phones = (await rootData("/about", "en-US")).supportPhones;
    const withDemo = render(<Footer />, { supportPhones: phones, demoListings: true });
    expect(withDemo).toContain("fictional demo listings");
    const withoutDemo = render(<Footer />, { supportPhones: phones, demoListings: false });
    expect(withoutDemo).not.toContain("fictional");
    expect(withoutDemo).toMatch(/© \d{4} LexAtlas\./);
  });
});
