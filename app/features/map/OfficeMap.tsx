/**
 * The map area of the profile and of the results' map view (issue 19 §1 "Where and when"). On
 * the server and without JavaScript it is a box that says the map is unavailable (the list beside
 * it carries every office); in the browser an effect loads Leaflet lazily
 * (./leaflet-map.client.ts) and draws the configured tiles and one keyboard-focusable marker per
 * office. When no tile can be loaded (the tile host unreachable) the box says so again over the
 * map, so the page never shows a blank grey area without a word.
 */
import { Box, Text } from "@mantine/core";
import { IconMapOff } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { MapTiles } from "../../../lib/map-tiles.ts";
import { useLocalizePath } from "../../i18n/locale";
import type { MapHandle } from "./leaflet-map.client";
import type { MapPoint } from "./map-types";

/** Where the map stands: not started (server, no JS), drawn, or without tiles. */
type MapState = "off" | "ready" | "failed";

/**
 * The map of `points` with `tiles` (null: maps are off by configuration), `label` its accessible
 * name; `height` in px. `picked` and `onPick` make it a position picker (the listing form).
 */
export function OfficeMap({
  points,
  tiles,
  label,
  height = 320,
  picked,
  onPick,
}: {
  points: readonly MapPoint[];
  tiles: MapTiles | null;
  label: string;
  height?: number;
  picked?: { latitude: number; longitude: number } | null;
  onPick?: (latitude: number, longitude: number) => void;
}) {
  const { t } = useTranslation("profile");
  const localize = useLocalizePath();
  const element = useRef<HTMLDivElement>(null);
  const handle = useRef<MapHandle | null>(null);
  const pickRef = useRef(onPick);
  pickRef.current = onPick;
  const [state, setState] = useState<MapState>("off");
  const key = points.map((p) => `${p.id}:${p.latitude}:${p.longitude}`).join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: redraw when the offices change (key)
  useEffect(() => {
    if (!tiles || !element.current) return;
    let cancelled = false;
    const el = element.current;
    import("./leaflet-map.client")
      .then(({ createLeafletMap }) => {
        if (cancelled) return;
        handle.current = createLeafletMap(
          el,
          points,
          tiles,
          {
            zoomIn: t("map.zoomIn"),
            zoomOut: t("map.zoomOut"),
            marker: (p) => t("map.marker", { name: p.name, address: p.address }),
            viewProfile: t("map.viewProfile"),
          },
          (id) => localize(`/lawyer/${id}`),
          {
            onTilesFailed: () => setState("failed"),
            onTilesLoaded: () => setState("ready"),
            onPick: pickRef.current ? (lat, lng) => pickRef.current?.(lat, lng) : undefined,
          },
        );
        setState((s) => (s === "off" ? "ready" : s));
      })
      .catch(() => setState("failed"));
    return () => {
      cancelled = true;
      handle.current?.destroy();
      handle.current = null;
    };
  }, [key, tiles?.url]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: also once the map exists (state)
  useEffect(() => {
    if (picked && handle.current) handle.current.setPicked(picked.latitude, picked.longitude);
  }, [picked, state]);
  const unavailable = state !== "ready";
  return (
    <Box
      component="figure"
      pos="relative"
      m={0}
      aria-label={label}
      data-testid="office-map"
      data-map-state={state}
      style={{ borderRadius: "var(--mantine-radius-md)", overflow: "hidden" }}
    >
      {/* Leaflet positions tiles and markers left to right: an Arabic page keeps its map LTR. */}
      <div ref={element} dir="ltr" style={{ height, background: "var(--mantine-color-gray-1)" }} />
      {unavailable && (
        <Box
          pos="absolute"
          inset={0}
          p="md"
          style={{
            display: "flex",
            alignItems: "center",
            justifyContent: "center",
            pointerEvents: "none",
            zIndex: 1000,
          }}
        >
          <Text
            role="status"
            size="sm"
            ta="center"
            bg="white"
            p="sm"
            c="gray.8"
            style={{ borderRadius: "var(--mantine-radius-sm)", boxShadow: "var(--mantine-shadow-xs)" }}
            data-testid="map-unavailable"
          >
            <IconMapOff size={18} aria-hidden style={{ verticalAlign: "middle", marginInlineEnd: 6 }} />
            {t("map.unavailable")}
          </Text>
        </Box>
      )}
    </Box>
  );
}
