/**
 * The office-position picker of the listing edit form (issue 19 §1 "Where and when"): a small
 * Leaflet map (the map feature's lazily loaded OfficeMap) above the latitude and longitude fields
 * (issue 28 §5: the map is the way, the fields sit in "Enter coordinates").
 * A click on the map or a dragged marker writes both fields of the surrounding form; typing in
 * the fields moves the marker. The fields stay the keyboard way and the only way without
 * JavaScript (the map then says it is unavailable, as on the profile); nothing is sent by the map
 * itself, the form's own save does it.
 */
import { Stack, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { MapTiles } from "../../../lib/map-tiles.ts";
import { OfficeMap } from "../map";

type Position = { latitude: number; longitude: number };

/** The form's latitude/longitude inputs, found from an element inside the form. */
function fieldsOf(el: HTMLElement | null) {
  const form = el?.closest("form");
  const lat = form?.elements.namedItem("latitude");
  const lng = form?.elements.namedItem("longitude");
  return lat instanceof HTMLInputElement && lng instanceof HTMLInputElement ? { lat, lng } : null;
}

/** Both fields as a position, or null when either is empty or not a number in range. */
function positionOf(lat: string, lng: string): Position | null {
  const latitude = Number(lat.trim().replace(",", "."));
  const longitude = Number(lng.trim().replace(",", "."));
  if (lat.trim() === "" || lng.trim() === "" || !Number.isFinite(latitude) || !Number.isFinite(longitude))
    return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

/**
 * The picker for a listing whose stored position is `initial` (null: none yet), with `tiles`
 * (MAP_TILE_URL; null when maps are off, then nothing is shown).
 */
export function PositionPicker({ initial, tiles }: { initial: Position | null; tiles: MapTiles | null }) {
  const { t } = useTranslation("listing");
  const box = useRef<HTMLDivElement>(null);
  const [picked, setPicked] = useState<Position | null>(initial);
  // Typing in the fields moves the marker (when both make a position).
  useEffect(() => {
    const fields = fieldsOf(box.current);
    if (!fields) return;
    const onInput = () => {
      const p = positionOf(fields.lat.value, fields.lng.value);
      if (p) setPicked(p);
    };
    fields.lat.addEventListener("input", onInput);
    fields.lng.addEventListener("input", onInput);
    return () => {
      fields.lat.removeEventListener("input", onInput);
      fields.lng.removeEventListener("input", onInput);
    };
  }, []);
  if (!tiles) return null;
  const onPick = (latitude: number, longitude: number) => {
    const fields = fieldsOf(box.current);
    if (fields) {
      fields.lat.value = String(latitude);
      fields.lng.value = String(longitude);
    }
    setPicked({ latitude, longitude });
  };
  return (
    <Stack gap={4} ref={box} data-testid="position-picker">
      {/* The edit form's fieldset names the position (its legend); the map keeps its own label. */}
      <Text size="xs" c="dimmed">
        {t("position.mapHelp")}
      </Text>
      <OfficeMap
        points={[]}
        tiles={tiles}
        label={t("position.mapLabel")}
        height={240}
        picked={picked}
        onPick={onPick}
      />
    </Stack>
  );
}
