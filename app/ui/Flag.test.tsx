/**
 * The location line's markup (cards, match cards and the profile; QA of issue 3): the map pin
 * and the flag sit together in one block that does not shrink or wrap, sized to the first line
 * of the text, and the location is a separate text block that may wrap under itself. At 375 px
 * the pin used to centre beside a wrapped text, on another line than the flag and the city.
 */
import { readFileSync } from "node:fs";
import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Flag, LocationLine } from "./Flag";

/** Server-renders `node` in Mantine, without the provider's <style> blocks. */
const render = (node: React.ReactNode) =>
  renderToString(<MantineProvider>{node}</MantineProvider>)
    .replace(/<style[^>]*>.*?<\/style>/gs, "")
    .replace(/<!-- -->/g, "");

describe("LocationLine", () => {
  const html = render(<LocationLine countryCode="ca" location="Toronto, Ontario, Canada" />);
  // Issue 29: the layout is in Flag.module.css classes, not in style attributes.
  const css = readFileSync(new URL("./Flag.module.css", import.meta.url), "utf8");
  /** The declarations of `.name` in Flag.module.css. */
  const rule = (name: string) => new RegExp(`\\.${name} \\{([^}]*)\\}`).exec(css)?.[1] ?? "";

  it("keeps the pin and the flag in one non-wrapping block on the first line of the text", () => {
    const marks = /<span data-testid="location-marks" class="[^"]*marks[^"]*">(.*?)<\/span>/s.exec(html);
    expect(marks).not.toBeNull();
    const [, inner = ""] = marks ?? [];
    expect(rule("marks")).toContain("flex: none");
    expect(rule("marks")).toContain(
      "height: calc(var(--mantine-font-size-sm) * var(--mantine-line-height-sm))",
    );
    expect(rule("marks")).toContain("align-items: center");
    expect(inner).toMatch(/^<svg[^>]*><use href="#icon-map-pin"/);
    expect(inner).toContain('<img src="/flags/CA.svg" alt=""');
    expect(inner).not.toContain("Toronto");
  });

  it("puts the location in its own text block after the marks, top-aligned, in a row that does not wrap", () => {
    expect(html).toMatch(/^<div class="[^"]*line[^"]*">/);
    expect(rule("line")).toContain("align-items: flex-start");
    expect(rule("line")).toContain("flex-wrap: nowrap");
    const afterMarks = html.slice(html.indexOf("</span>") + "</span>".length);
    // Isolated from the page's direction (issue 28 §2).
    expect(afterMarks).toMatch(/^<p class="[^"]*text[^"]*"><bdi>Toronto, Ontario, Canada<\/bdi><\/p>/);
    expect(rule("text")).toContain("min-width: 0");
    expect(rule("text")).toContain("overflow-wrap: anywhere");
  });

  it("keeps the pin when the country code is not a code (no flag image)", () => {
    const odd = render(<LocationLine countryCode="??" location="Somewhere" />);
    expect(odd).toContain('href="#icon-map-pin"');
    expect(odd).not.toContain("<img");
    expect(odd).toContain("Somewhere");
    expect(odd).not.toMatch(/\sstyle=/);
  });
});

describe("Flag", () => {
  it("is a decorative 3:2 image of the upper-cased code, or nothing for a non-code", () => {
    expect(render(<Flag code="de" height={12} />)).toMatch(
      /<img src="\/flags\/DE.svg" alt="" width="18" height="12"/,
    );
    expect(render(<Flag code="DEU" />)).toBe("");
  });
});
