/**
 * A responsive CSS grid without a `<style>` element in the page (issue 13 §2, W3C Nu HTML
 * checker): Mantine's SimpleGrid and Grid write their breakpoints as a `<style>` next to the grid,
 * inside `<body>`. Here the columns of each breakpoint go into custom properties on the element
 * itself and the media queries live once in app/styles/app.css (`.responsive-grid`), at Mantine's
 * breakpoints (xs 36em, sm 48em, md 62em, lg 75em, xl 88em).
 *
 * `cols` per breakpoint: a number of equal columns, or a `grid-template-columns` value for
 * unequal ones (e.g. "minmax(0, 7fr) minmax(0, 5fr)"); a breakpoint without a value keeps the
 * previous one. `spacing` / `verticalSpacing` are Mantine spacing (e.g. "md", or px numbers).
 */
import { Box, type BoxProps, getSpacing, type MantineSpacing } from "@mantine/core";
import type { CSSProperties, ReactNode } from "react";

/** Mantine's breakpoints, smallest first. */
const BREAKPOINTS = ["base", "xs", "sm", "md", "lg", "xl"] as const;
type Breakpoint = (typeof BREAKPOINTS)[number];
/** Columns: a count of equal columns, or a grid-template-columns value. */
type Columns = number | string;

/** Props of ResponsiveGrid: Mantine's style props (m, mt, p…) and the element's own attributes. */
export interface ResponsiveGridProps extends BoxProps {
  cols: Columns | ({ base: Columns } & Partial<Record<Breakpoint, Columns>>);
  spacing?: MantineSpacing;
  verticalSpacing?: MantineSpacing;
  component?: "div" | "dl" | "ul" | "ol" | "section";
  children?: ReactNode;
  id?: string;
  role?: string;
  "aria-busy"?: boolean | "true" | "false";
  "aria-label"?: string;
  "aria-labelledby"?: string;
  "data-testid"?: string;
}

/** The template of one breakpoint's columns. */
function template(columns: Columns): string {
  return typeof columns === "number" ? `repeat(${columns}, minmax(0, 1fr))` : columns;
}

/** A grid whose columns follow the breakpoints (see the module comment). */
export function ResponsiveGrid({
  cols,
  spacing = "md",
  verticalSpacing,
  component = "div",
  className,
  style,
  children,
  ...rest
}: ResponsiveGridProps) {
  const byBreakpoint = typeof cols === "object" ? cols : { base: cols };
  const vars: Record<string, string> = {
    "--rg-gap": getSpacing(spacing) ?? "0",
    "--rg-row-gap": getSpacing(verticalSpacing ?? spacing) ?? "0",
  };
  // Only the breakpoints whose columns change (issue 29: no five copies of the same value on
  // every grid); app.css falls back to the previous one, and registers the properties as not
  // inherited, so a grid inside another never picks up its parent's.
  let current = "";
  for (const breakpoint of BREAKPOINTS) {
    const value = byBreakpoint[breakpoint];
    if (value === undefined || template(value) === current) continue;
    current = template(value);
    vars[`--rg-${breakpoint}`] = current;
  }
  return (
    <Box
      component={component}
      className={className ? `responsive-grid ${className}` : "responsive-grid"}
      style={{ ...(vars as CSSProperties), ...(style as CSSProperties) }}
      {...rest}
    >
      {children}
    </Box>
  );
}

/** Props of GridCell: how many of the grid's columns the cell spans, per breakpoint. */
export interface GridCellProps extends BoxProps {
  span: number | ({ base: number } & Partial<Record<Breakpoint, number>>);
  children?: ReactNode;
}

/**
 * A cell of a 12-column ResponsiveGrid (`cols={12}`) spanning `span` columns per breakpoint, in
 * place of Mantine's Grid.Col (which also writes a `<style>` into the body).
 */
export function GridCell({ span, className, style, children, ...rest }: GridCellProps) {
  const byBreakpoint = typeof span === "object" ? span : { base: span };
  // Only the breakpoints whose span changes (issue 29), as ResponsiveGrid's columns.
  const vars: Record<string, string> = {};
  let current = 0;
  for (const breakpoint of BREAKPOINTS) {
    const value = byBreakpoint[breakpoint];
    if (value === undefined || value === current) continue;
    current = value;
    vars[`--gc-${breakpoint}`] = `span ${value} / span ${value}`;
  }
  return (
    <Box
      className={className ? `grid-cell ${className}` : "grid-cell"}
      style={{ ...(vars as CSSProperties), ...(style as CSSProperties) }}
      {...rest}
    >
      {children}
    </Box>
  );
}
