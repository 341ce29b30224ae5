/**
 * Small display helpers shared by the case page (app/routes/case.tsx) and the dashboard's cases
 * panel (issue 4): the status badge with the labels of lib/cases.ts, dates and file sizes.
 */
import { Badge, type BadgeProps } from "@mantine/core";
import { CASE_STATUS_LABELS } from "../../../lib/cases.ts";
import type { CaseStatus } from "../../../lib/constants.ts";

/**
 * Badge background per status: pending yellow (dark text), reviewing blue, accepted green,
 * declined red, closed gray (white text); every pair passes WCAG AA contrast (4.5:1) for small text.
 */
export const CASE_STATUS_COLORS: Record<CaseStatus, { bg: string; text: string }> = {
  pending: { bg: "#ffd43b", text: "#212529" },
  reviewing: { bg: "#1864ab", text: "#ffffff" },
  accepted: { bg: "#1e6b30", text: "#ffffff" },
  declined: { bg: "#c92a2a", text: "#ffffff" },
  closed: { bg: "#495057", text: "#ffffff" },
};

/** The status of a case as a badge with its label ("Pending", "Under review", …). */
export function CaseStatusBadge({ status, ...props }: { status: CaseStatus } & BadgeProps) {
  return (
    <Badge
      color={CASE_STATUS_COLORS[status].bg}
      c={CASE_STATUS_COLORS[status].text}
      variant="filled"
      {...props}
    >
      {CASE_STATUS_LABELS[status]}
    </Badge>
  );
}

/** "medium" → "Medium", "in-person" → "In person": a stored option value (priority, communication) for people. */
export function optionLabel(value: string): string {
  const spaced = value.replace(/-/g, " ");
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/**
 * An ISO 8601 instant as "Jan 5, 2026, 3:04 PM UTC": always in UTC and en-US, so the server's and
 * the browser's renderings agree (no hydration mismatch).
 */
export function formatCaseDate(iso: string): string {
  const when = new Date(iso).toLocaleString("en-US", {
    timeZone: "UTC",
    dateStyle: "medium",
    timeStyle: "short",
  });
  return `${when} UTC`;
}

/** An ISO 8601 instant as a date only: "Jan 5, 2026" (UTC). */
export function formatCaseDay(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", { timeZone: "UTC", dateStyle: "medium" });
}

/** Bytes as "812 B", "14 KB" or "2.4 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
