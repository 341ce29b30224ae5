/**
 * One detail of a lawyer's contact block (phone, email, working hours, website, firm, address):
 * a decorative icon, then the value, named by its label. Used by the lawyer profile (label shown
 * above the value, spec §2 "Lawyer profile") and the match cards (label for screen readers only,
 * the card being compact; issue 5 "Matches page"), so both read out e.g. "Phone: +1 …".
 */
import { Group, Text, VisuallyHidden } from "@mantine/core";
import type { ReactNode } from "react";

/** Props of IconDetail. */
export interface IconDetailProps {
  /** The icon (decoration: hidden from assistive technology here). */
  icon: ReactNode;
  /** What the value is, e.g. "Phone". */
  label: string;
  /** The value. */
  children: ReactNode;
  /** "compact": the label only for screen readers; "labelled" (default): a small caps line above. */
  variant?: "compact" | "labelled";
}

/** An icon, a label and a value (see the module comment). */
export function IconDetail({ icon, label, children, variant = "labelled" }: IconDetailProps) {
  const compact = variant === "compact";
  return (
    <Group gap={compact ? 8 : "sm"} wrap="nowrap" align="flex-start">
      <span
        aria-hidden
        style={{ color: "var(--mantine-color-gray-7)", paddingTop: 2, flex: compact ? "none" : undefined }}
      >
        {icon}
      </span>
      {compact ? (
        <Text size="sm" style={{ overflowWrap: "anywhere", minWidth: 0 }}>
          <VisuallyHidden component="span">{label}: </VisuallyHidden>
          {children}
        </Text>
      ) : (
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            {label}
          </Text>
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            {children}
          </Text>
        </div>
      )}
    </Group>
  );
}
