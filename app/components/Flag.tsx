import { Group, Text } from "@mantine/core";
import { IconMapPin } from "@tabler/icons-react";

/**
 * A country's flag as a small SVG image (served by server/api/flags.ts), decorative: the
 * country's name is always written next to it. Renders nothing for a value that is not an
 * ISO 3166-1 alpha-2 code.
 * @param code ISO alpha-2 code, e.g. "CA"
 * @param height image height in px (the width follows the 3:2 ratio)
 */
export function Flag({ code, height = 12 }: { code: string; height?: number }) {
  if (!/^[A-Za-z]{2}$/.test(code)) return null;
  return (
    <img
      src={`/flags/${code.toUpperCase()}.svg`}
      alt=""
      width={Math.round((height * 3) / 2)}
      height={height}
      loading="lazy"
      decoding="async"
      style={{
        display: "inline-block",
        verticalAlign: "-0.1em",
        borderRadius: 2,
        boxShadow: "0 0 0 1px rgba(0,0,0,0.12)",
      }}
    />
  );
}

/**
 * A lawyer's location line as the cards and the profile show it: a map pin, the country's flag
 * and the display location (e.g. "Toronto, Ontario, Canada"), on one line.
 * @param countryCode ISO alpha-2 code, e.g. "CA"
 */
export function LocationLine({ countryCode, location }: { countryCode: string; location: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <IconMapPin size={16} style={{ flex: "none" }} aria-hidden color="var(--mantine-color-gray-7)" />
      <Text size="sm">
        <Flag code={countryCode} /> {location}
      </Text>
    </Group>
  );
}
