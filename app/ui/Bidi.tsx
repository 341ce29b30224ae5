/**
 * One value isolated from the text around it (issue 28 §2 "bidirectional text"): an HTML
 * `<bdi>` (the isolate of HTML: `unicode-bidi: isolate` and the direction of the value's first
 * strong letter), so a Latin name, an address, a phone number, an email or a price keeps its own
 * order on an Arabic page, and an Arabic name its own on a Latin one ("Dubai, AE 874277" stays
 * one run beside "،"). The one component every card, profile, matches, dashboard and case page
 * uses for such values; plain text (emails, attributes) uses lib/bidi.ts isolate().
 */
import type { ReactNode } from "react";

/**
 * Renders `children` inside `<bdi>` (with `dir` when given); nothing for null, undefined or an
 * empty string. Extra `className`/`data-testid` pass through.
 */
export function Bidi({
  children,
  dir,
  className,
  "data-testid": testId,
}: {
  children: ReactNode;
  /** A value whose direction is known ("ltr" for a phone number); else its first strong letter's. */
  dir?: "ltr" | "rtl";
  className?: string;
  "data-testid"?: string;
}) {
  if (children === null || children === undefined || children === "") return null;
  return (
    <bdi dir={dir} className={className} data-testid={testId}>
      {children}
    </bdi>
  );
}
