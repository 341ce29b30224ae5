/**
 * The premium plan as the upgrade view and the test checkout both show it (spec §9 "Premium":
 * price per month and its features, lib/subscription.ts): the price line and the list of
 * features with green checks.
 */
import { List, Text } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { PREMIUM_FEATURES } from "../../../lib/subscription.ts";
import { ThemeIcon } from "../../ui/ThemeIcon";

/** "$X per month", the amount large (`fz`: 32 in the upgrade view, 28 on the checkout). */
export function PremiumPrice({ price, fz, mt }: { price: string; fz: number; mt?: "xs" }) {
  return (
    <Text mt={mt}>
      <Text span fz={fz} fw={800}>
        {price}
      </Text>{" "}
      <Text span c="dimmed">
        per month
      </Text>
    </Text>
  );
}

/** The premium features, each with a check; `compact` (the checkout) sets them smaller and closer. */
export function PremiumFeatureList({ compact }: { compact?: boolean }) {
  return (
    <List
      mt="md"
      spacing={compact ? 4 : "xs"}
      size={compact ? "sm" : undefined}
      icon={
        <ThemeIcon size={compact ? 20 : 22} radius="xl" color="green" variant="light">
          <IconCheck size={compact ? 12 : 14} aria-hidden />
        </ThemeIcon>
      }
    >
      {PREMIUM_FEATURES.map((f) => (
        <List.Item key={f}>{f}</List.Item>
      ))}
    </List>
  );
}
