/**
 * "Where are you?" of the assessment (issue 19 §2 "the assessment asks where the client is"):
 * an optional town or city, typed or filled from the browser's location ("Use my location":
 * the nearest place of GET /api/location, and the position itself, which the ranking then uses).
 * Typing another place forgets the position, so the server finds the typed place's position
 * instead (server/matching/place.ts). Lawyers near the place rank higher (docs/matching.md
 * "Distance").
 */
import { Button, Group, TextInput } from "@mantine/core";
import { IconCurrentLocation } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";

/** The place text and the position ("LAT,LNG" or ""), and how to change them. */
export function PlaceField({
  place,
  onChange,
}: {
  place: string;
  onChange: (place: string, near: string) => void;
}) {
  const { t } = useTranslation("assessment");
  const [locating, setLocating] = useState(false);
  const locate = () => {
    if (typeof navigator === "undefined" || !navigator.geolocation) return;
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      async (pos) => {
        const lat = Math.round(pos.coords.latitude * 1e4) / 1e4;
        const lng = Math.round(pos.coords.longitude * 1e4) / 1e4;
        let city = "";
        try {
          const res = await fetch(`/api/location?lat=${lat}&lng=${lng}`);
          if (res.ok) city = ((await res.json()) as { city: string | null }).city ?? "";
        } catch {
          // The position alone still orders by distance; the explanation then says "from you".
        }
        setLocating(false);
        onChange(city, `${lat},${lng}`);
      },
      () => setLocating(false),
      { timeout: 10_000, maximumAge: 600_000 },
    );
  };
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        style={{ flex: "1 1 16rem" }}
        label={t("place.label")}
        description={t("place.description")}
        placeholder={t("place.placeholder")}
        name="place"
        size="md"
        maxLength={100}
        autoComplete="address-level2"
        styles={{ label: { fontWeight: 600 } }}
        value={place}
        onChange={(e) => onChange(e.currentTarget.value, "")}
      />
      <Button
        variant="default"
        size="md"
        loading={locating}
        leftSection={<IconCurrentLocation size={18} aria-hidden />}
        onClick={locate}
      >
        {t("place.locate")}
      </Button>
    </Group>
  );
}
