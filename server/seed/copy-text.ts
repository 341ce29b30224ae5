/**
 * PostgreSQL COPY text format (https://www.postgresql.org/docs/current/sql-copy.html, "Text
 * Format"): the encoding seed:scale (issue 18 §1) writes its staging rows in.
 */

const NEEDS_ESCAPE = /[\\\t\n\r]/;
/** COPY text of one value: NULL as \N, backslash, tab, newline and carriage return escaped. */
export function esc(v: string | number | boolean | null | undefined | Date): string {
  if (typeof v === "string") return NEEDS_ESCAPE.test(v) ? escapeText(v) : v;
  if (v === null || v === undefined) return "\\N";
  if (typeof v === "boolean") return v ? "t" : "f";
  if (typeof v === "number") return String(v);
  return v.toISOString();
}

/** The escaping of esc for a string that needs it. */
function escapeText(v: string): string {
  return v.replace(/[\\\t\n\r]/g, (c) =>
    c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r",
  );
}

/** A text[] literal ({"a","b"}), before COPY escaping. */
export function arrayLiteral(items: readonly string[]): string {
  return `{${items.map((x) => `"${x.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;
}

/** One COPY text line: the values escaped by esc, tab-separated, ending in a newline. */
export function copyLine(values: readonly (string | number | boolean | null | undefined | Date)[]): string {
  return `${values.map(esc).join("\t")}\n`;
}
