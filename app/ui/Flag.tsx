import { Group, Text } from "@mantine/core";
import { IconMapPin } from "@tabler/icons-react";
import { Bidi } from "./Bidi";

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

/** The height of one line of `size="sm"` text, so the pin and flag centre on the first line. */
const SM_LINE = "calc(var(--mantine-font-size-sm) * var(--mantine-line-height-sm))";

/**
 * A lawyer's location line as the cards, the match cards and the profile show it: a map pin,
 * the country's flag and the display location (e.g. "Toronto, Ontario, Canada"). The pin and
 * the flag form one block that never wraps and sits on the first line of the text; a location
 * too long for the width wraps under itself, not under the pin (QA of issue 3: at 375 px the
 * pin sat beside the middle of a wrapped text, on another line than the flag and the city).
 * @param countryCode ISO alpha-2 code, e.g. "CA"
 * @param location the display location, e.g. "Toronto, Ontario, Canada"
 */
export function LocationLine({ countryCode, location }: { countryCode: string; location: string }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <span
        data-testid="location-marks"
        style={{ display: "inline-flex", alignItems: "center", gap: 6, flex: "none", height: SM_LINE }}
      >
        <IconMapPin size={16} style={{ flex: "none" }} aria-hidden color="var(--mantine-color-gray-7)" />
        <Flag code={countryCode} />
      </span>
      <Text size="sm" style={{ minWidth: 0, overflowWrap: "anywhere" }}>
        <Bidi>{location}</Bidi>
      </Text>
    </Group>
  );
}
