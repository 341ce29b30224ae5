/**
 * The parts the back office's list screens share (issue 15 §1: the contact inbox and the audit
 * log): a GET filter's select with "any" first, and the results table (a striped table in a
 * scroll container with a column header row), or the empty-state line when there are no rows.
 */
import { NativeSelect, Table, Text } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * A filter's select: "any" (`anyLabel`, the empty value) then `options`; `defaultValue` is the
 * query's current value ("" for any) and `error` the message under it (translated).
 */
export function FilterSelect({
  name,
  label,
  defaultValue,
  anyLabel,
  options,
  error,
}: {
  name: string;
  label: string;
  defaultValue: string;
  anyLabel: string;
  options: readonly { value: string; label: string }[];
  error?: string;
}) {
  return (
    <NativeSelect
      name={name}
      label={label}
      defaultValue={defaultValue}
      error={error}
      data={[{ value: "", label: anyLabel }, ...options]}
    />
  );
}

/**
 * The results table: `empty` when `count` is 0, else the columns' headers (`columns`, column
 * scope) and the rows (`children`, Table.Tr elements), scrolling sideways below `minWidth` px.
 */
export function ResultsTable({
  count,
  empty,
  minWidth,
  columns,
  children,
}: {
  count: number;
  empty: string;
  minWidth: number;
  columns: readonly string[];
  children: ReactNode;
}) {
  if (count === 0) return <Text>{empty}</Text>;
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column} scope="col">
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
