import { Paper, Text } from "@mantine/core";
import { ResponsiveGrid } from "../ResponsiveGrid";
import type { StatFigure } from "./stats.ts";

/**
 * Shows figures as a description list (label in <dt>, value and how it was computed in <dd>s),
 * displayed value first, then label, then detail. Used by the about page's statistics
 * (spec §2 "Static pages").
 */
export function StatGrid({ figures }: { figures: StatFigure[] }) {
  return (
    // Four figures in one row; five or six (issue 16 §1: cases, satisfaction) in rows of three.
    <ResponsiveGrid component="dl" cols={{ base: 2, md: figures.length > 4 ? 3 : 4 }} spacing="md" m={0}>
      {figures.map((f) => (
        <Paper key={f.label} withBorder p="md" style={{ display: "flex", flexDirection: "column" }}>
          <Text component="dt" fw={600} style={{ order: 1 }} mt={4}>
            {f.label}
          </Text>
          <Text
            component="dd"
            m={0}
            fz={{ base: 26, sm: 32 }}
            fw={700}
            lh={1.1}
            c="blue.8"
            style={{ order: 0 }}
          >
            {f.value}
          </Text>
          <Text component="dd" m={0} size="sm" c="gray.7" mt={4} style={{ order: 2 }}>
            {f.detail}
          </Text>
        </Paper>
      ))}
    </ResponsiveGrid>
  );
}
