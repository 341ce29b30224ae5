/**
 * Removable chips of the active filters (spec §2 "removable chips", §4 "A chip's x clears only
 * that filter"). Each chip is a link to the same search without that filter (page 1), so it
 * works without JavaScript and Back restores it.
 */
import { Badge, Group, Text } from "@mantine/core";
import { IconX } from "@tabler/icons-react";
import { Link } from "react-router";
import { filterChips, searchHref } from "../../../lib/filters.ts";
import type { SearchParams } from "../../../lib/search-state.ts";

/** Chips for `params`; `emptyText` is shown when no filter is active (nothing when omitted). */
export function ActiveFilterChips({
  params,
  action,
  locationLabel,
  emptyText,
}: {
  params: SearchParams;
  action: string;
  locationLabel: (value: string) => string;
  emptyText?: string;
}) {
  const chips = filterChips(params, locationLabel);
  if (chips.length === 0) {
    return emptyText ? (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    ) : null;
  }
  return (
    <Group gap={6} data-testid="filter-chips">
      {chips.map((chip) => (
        <Badge
          key={chip.key}
          component={Link}
          to={searchHref(action, chip.without)}
          preventScrollReset
          variant="outline"
          color="blue"
          size="lg"
          tt="none"
          radius="xl"
          rightSection={<IconX size={14} aria-hidden />}
          aria-label={`Remove filter ${chip.label}`}
          style={{ cursor: "pointer", color: "#174a7c", fontWeight: 500 }}
        >
          {chip.label}
        </Badge>
      ))}
    </Group>
  );
}
