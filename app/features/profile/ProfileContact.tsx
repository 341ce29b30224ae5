/**
 * The profile's contact and office cards (spec §2 "Lawyer profile": Contact Information; issue 19
 * §1: the office on a map): phone (or why it is withheld), email, website, firm, the business
 * address in its country's lines and the location; and the office map, or a line saying the
 * listing has no position. Names, addresses and links are isolated for bidirectional text (Bidi).
 */
import { Anchor, Card, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { LawyerDTO } from "../../../lib/lawyer.ts";
import type { MapTiles } from "../../../lib/map-tiles.ts";
import type { PhoneDisplay } from "../../../lib/phone.ts";
import { Bidi } from "../../ui/Bidi";
import { IconDetail } from "../../ui/IconDetail";
import { type MapPoint, OfficeMap } from "../map";

/** The card "Contact Information": `phone` is null when withheld (issue 28 §4), `addressLines` the business address's lines. */
export function ContactCard({
  lawyer: l,
  phone,
  addressLines,
}: {
  lawyer: LawyerDTO;
  phone: PhoneDisplay | null;
  addressLines: readonly string[];
}) {
  const { t } = useTranslation("profile");
  return (
    <Card withBorder padding="xl" h="100%" component="section" aria-labelledby="contact-heading">
      <Title order={2} size="h3" id="contact-heading" mb="sm">
        {t("page.contactInformation")}
      </Title>
      <Stack gap="sm">
        <IconDetail icon="phone" iconSize={18} label={t("page.phone")}>
          {phone ? (
            <Anchor href={phone.href ?? undefined} data-contact-click="call" dir="ltr">
              <Bidi>{phone.text}</Bidi>
            </Anchor>
          ) : (
            <Text component="span" size="sm" c="dimmed" data-testid="phone-withheld">
              {t("page.phoneWithheld")}
            </Text>
          )}
        </IconDetail>
        <IconDetail icon="mail" iconSize={18} label={t("page.email")}>
          <Anchor href={`mailto:${l.email}`} data-contact-click="email">
            <Bidi>{l.email}</Bidi>
          </Anchor>
        </IconDetail>
        {l.website && (
          <IconDetail icon="world-www" iconSize={18} label={t("page.website")}>
            <Anchor
              href={l.website}
              target="_blank"
              rel="noopener noreferrer nofollow"
              data-contact-click="website"
            >
              <Bidi>{l.website.replace(/^https?:\/\//, "")}</Bidi>
            </Anchor>
          </IconDetail>
        )}
        <IconDetail icon="building" iconSize={18} label={t("page.firm")}>
          <Bidi>{l.firm}</Bidi>
        </IconDetail>
        {l.business_address && (
          <IconDetail icon="map-pin" iconSize={18} label={t("page.businessAddress")}>
            {addressLines.map((line) => (
              <span key={line} style={{ display: "block" }} data-testid="address-line">
                <Bidi>{line}</Bidi>
              </span>
            ))}
          </IconDetail>
        )}
        <IconDetail icon="map-pin" iconSize={18} label={t("page.location")}>
          <Bidi>{l.location}</Bidi>
        </IconDetail>
      </Stack>
    </Card>
  );
}

/** The office's point on the map from the listing's position, or null without one. */
export function officePoint(l: LawyerDTO, addressLines: readonly string[]): MapPoint | null {
  return l.latitude !== null && l.longitude !== null
    ? {
        id: l.id,
        name: l.name,
        firm: l.firm,
        address: (addressLines.length > 0 ? addressLines : [l.location]).join(", "),
        latitude: l.latitude,
        longitude: l.longitude,
      }
    : null;
}

/** The card "Office": the map of `office` drawn with `tiles`, or "no position"; then the address line. */
export function OfficeCard({
  lawyer: l,
  office,
  tiles,
}: {
  lawyer: LawyerDTO;
  office: MapPoint | null;
  tiles: MapTiles | null;
}) {
  const { t } = useTranslation("profile");
  return (
    <Card withBorder padding="xl" component="section" aria-labelledby="office-heading">
      <Title order={2} size="h3" id="office-heading" mb="sm">
        {t("map.officeHeading")}
      </Title>
      <Stack gap="sm">
        {office ? (
          <OfficeMap
            points={[office]}
            tiles={tiles}
            label={t("map.profileLabel", { name: l.name })}
            height={260}
          />
        ) : (
          <Text c="dimmed" size="sm">
            {t("map.noPosition")}
          </Text>
        )}
        <Text size="sm" data-testid="office-address">
          {office?.address ?? l.location}
        </Text>
      </Stack>
    </Card>
  );
}
