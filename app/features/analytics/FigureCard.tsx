/**
 * One figure card of the lawyer's analytics (issue 6; issue 16 §1 review figures): a label, a
 * large value and a hint under it.
 */
import { Card, Text } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * Renders one figure. `testId` is the value's data-testid, the same in every language (the
 * end-to-end tests find figures by it: `figure-<name>`, `review-figure-<name>`).
 */
export function FigureCard({
  testId,
  label,
  value,
  hint,
}: {
  testId: string;
  label: string;
  value: string;
  hint: ReactNode;
}) {
  return (
    <Card withBorder padding="md" radius="md">
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2} data-testid={testId}>
        {value}
      </Text>
      <Text size="xs" c="dimmed" component="div">
        {hint}
      </Text>
    </Card>
  );
}
