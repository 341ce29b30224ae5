import { Table } from "@mantine/core";
import { SUPPORT_HOURS } from "./support.ts";

/**
 * The support schedule as a two-column table (days, hours in EST), spec §2 "Static pages".
 * @param caption accessible caption of the table (visually hidden)
 */
export function SupportHours({ caption = "Support hours" }: { caption?: string }) {
  return (
    <Table withRowBorders verticalSpacing={6} horizontalSpacing={0} fz="sm">
      <caption
        style={{
          position: "absolute",
          width: 1,
          height: 1,
          overflow: "hidden",
          clip: "rect(0 0 0 0)",
          whiteSpace: "nowrap",
        }}
      >
        {caption}
      </caption>
      <Table.Tbody>
        {SUPPORT_HOURS.map((row) => (
          <Table.Tr key={row.days}>
            <Table.Th scope="row" fw={600} pr="md">
              {row.days}
            </Table.Th>
            <Table.Td>{row.hours}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
