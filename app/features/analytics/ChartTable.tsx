/**
 * The parts the analytics charts share (issue 6, issue 16 §3): the section heading with its lead,
 * a chart's figures as a visually hidden data table for screen readers (the charts themselves are
 * aria-hidden; WCAG 2.2 SC 1.1.1 text alternative), and the day label of a chart's axis and rows.
 */
import { Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { formatCalendarDate } from "../../../lib/i18n/calendar-date.ts";

/** "2026-03-10" → "Mar 10" in `locale` ("10. März" in German; the day is UTC, shown as such). */
export function shortDay(day: string, locale = "en"): string {
  return formatCalendarDate(day, locale, { month: "short", day: "numeric" });
}

/** One row of a ChartTable: its React key, its row header (a day, a star count) and its cells. */
export interface ChartTableRow {
  key: string;
  head: string;
  cells: string[];
}

/**
 * A chart's figures as a visually hidden table: `caption`, one column header per entry of
 * `columns` (the first heads the row headers), then one row per entry of `rows` whose `cells`
 * follow `columns` from the second on. Texts arrive formatted in the page's locale.
 */
export function ChartTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: string[];
  rows: ChartTableRow[];
}) {
  const valueColumns = columns.slice(1);
  return (
    <VisuallyHidden component="div">
      <Table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{r.head}</th>
              {valueColumns.map((c, i) => (
                <td key={c}>{r.cells[i]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </VisuallyHidden>
  );
}

/**
 * An analytics section's heading (an h3 at h4 size) with its dimmed lead sentence under it;
 * `leadGap` is the space under the lead (Mantine spacing).
 */
export function SectionHeading({
  title,
  lead,
  leadGap,
}: {
  title: string;
  lead: string;
  leadGap: "xs" | "sm";
}) {
  return (
    <>
      <Title order={3} fz="h4" mb="xs">
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb={leadGap}>
        {lead}
      </Text>
    </>
  );
}
