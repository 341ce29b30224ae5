/**
 * ResponsiveGrid and GridCell write only the breakpoints whose value changes (issue 29 "Lean
 * markup"), and app.css falls back to the breakpoint before: for any columns or spans, the value
 * the CSS resolves at each breakpoint is the one asked for there or at the nearest smaller one.
 */
import { readFileSync } from "node:fs";
import { MantineProvider } from "@mantine/core";
import fc from "fast-check";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { GridCell, ResponsiveGrid } from "./ResponsiveGrid";

const BREAKPOINTS = ["base", "xs", "sm", "md", "lg", "xl"] as const;
type Breakpoint = (typeof BREAKPOINTS)[number];

/** The custom properties of the first element's style attribute. */
function varsOf(html: string): Record<string, string> {
  const style = /style="([^"]*)"/.exec(html)?.[1] ?? "";
  return Object.fromEntries(
    style
      .split(";")
      .filter(Boolean)
      .map((d) => [d.slice(0, d.indexOf(":")), d.slice(d.indexOf(":") + 1)]),
  );
}

/** What app.css resolves at breakpoint index `i`: the nearest set value at or below it. */
function resolved(vars: Record<string, string>, prefix: string, i: number): string | undefined {
  for (let k = i; k >= 0; k--) {
    const v = vars[`--${prefix}-${BREAKPOINTS[k]}`];
    if (v !== undefined) return v;
  }
  return undefined;
}

/** The value asked for at breakpoint index `i` (the nearest given at or below it). */
function asked<T>(values: Partial<Record<Breakpoint, T>>, i: number): T | undefined {
  for (let k = i; k >= 0; k--) {
    const v = values[BREAKPOINTS[k] as Breakpoint];
    if (v !== undefined) return v;
  }
  return undefined;
}

const render = (node: React.ReactNode) =>
  renderToString(<MantineProvider>{node}</MantineProvider>).replace(/<style[^>]*>.*?<\/style>/gs, "");

const spans = fc.record(
  {
    base: fc.integer({ min: 1, max: 12 }),
    xs: fc.integer({ min: 1, max: 12 }),
    sm: fc.integer({ min: 1, max: 12 }),
    md: fc.integer({ min: 1, max: 12 }),
    lg: fc.integer({ min: 1, max: 12 }),
    xl: fc.integer({ min: 1, max: 12 }),
  },
  { requiredKeys: ["base"] },
);

describe("GridCell and ResponsiveGrid write only the breakpoints that change", () => {
  it("a cell spans, at every breakpoint, what was asked there or below", () => {
    fc.assert(
      fc.property(spans, (span) => {
        const vars = varsOf(render(<GridCell span={span}>x</GridCell>));
        BREAKPOINTS.forEach((_, i) => {
          const n = asked(span, i);
          expect(resolved(vars, "gc", i)).toBe(`span ${n} / span ${n}`);
        });
        // No value repeats the one before it.
        const written = BREAKPOINTS.map((b) => vars[`--gc-${b}`]).filter((v) => v !== undefined);
        written.slice(1).forEach((v, k) => {
          expect(v).not.toBe(written[k]);
        });
      }),
    );
  });

  it("a grid has, at every breakpoint, the columns asked there or below", () => {
    fc.assert(
      fc.property(spans, (cols) => {
        const vars = varsOf(render(<ResponsiveGrid cols={cols}>x</ResponsiveGrid>));
        BREAKPOINTS.forEach((_, i) => {
          expect(resolved(vars, "rg", i)).toBe(`repeat(${asked(cols, i)}, minmax(0, 1fr))`);
        });
      }),
    );
  });

  it("app.css falls back breakpoint by breakpoint, on properties that are not inherited", () => {
    const css = readFileSync(new URL("../styles/app.css", import.meta.url), "utf8");
    expect(css).toContain(
      "grid-column: var(--gc-xl, var(--gc-lg, var(--gc-md, var(--gc-sm, var(--gc-xs, var(--gc-base))))));",
    );
    expect(css).toContain("grid-template-columns: var(--rg-sm, var(--rg-xs, var(--rg-base)));");
    for (const prefix of ["gc", "rg"])
      for (const b of BREAKPOINTS.slice(1))
        expect(css).toMatch(
          new RegExp(`@property --${prefix}-${b} \\{\\s*syntax: "\\*";\\s*inherits: false;`),
        );
  });
});
