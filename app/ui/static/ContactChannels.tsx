import { Anchor, Card, Text, Title } from "@mantine/core";
import { IconClock, IconHeadset, IconMail, IconPhoneCall } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { ResponsiveGrid } from "../ResponsiveGrid";
import { fillSlots, slot } from "../slots";
import { ThemeIcon } from "../ThemeIcon";
import { SupportHours } from "./SupportHours.tsx";
import { SUPPORT, useSupportPhones } from "./support.ts";

/**
 * The four contact info cards: general inquiries, technical support, emergency phone and
 * business hours (spec §2 "Static pages", contact page). Card titles are h3: place this under
 * an h2.
 */
export function ContactChannels() {
  const { t } = useTranslation("pages");
  const phones = useSupportPhones();
  return (
    <ResponsiveGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <ChannelCard icon={<IconMail size={22} aria-hidden />} title={t("channels.generalTitle")}>
        <Anchor href={`mailto:${SUPPORT.general}`} fw={600} style={{ overflowWrap: "anywhere" }}>
          {SUPPORT.general}
        </Anchor>
        <Text size="sm" mt={6}>
          {t("channels.generalText")}
        </Text>
      </ChannelCard>
      <ChannelCard icon={<IconHeadset size={22} aria-hidden />} title={t("channels.supportTitle")}>
        <Anchor href={`mailto:${SUPPORT.support}`} fw={600} style={{ overflowWrap: "anywhere" }}>
          {SUPPORT.support}
        </Anchor>
        <Text size="sm" mt={6}>
          {t("channels.supportText")}
        </Text>
      </ChannelCard>
      <ChannelCard icon={<IconPhoneCall size={22} aria-hidden />} title={t("channels.emergencyTitle")}>
        <Anchor href={phones.emergencyPhone.href ?? undefined} fw={600} dir="ltr">
          {phones.emergencyPhone.text}
        </Anchor>
        <Text size="sm" mt={6}>
          {fillSlots(t("channels.emergencyText", { phone: slot("phone") }), {
            phone: (
              <Anchor href={phones.phone.href ?? undefined} dir="ltr">
                {phones.phone.text}
              </Anchor>
            ),
          })}
        </Text>
      </ChannelCard>
      <ChannelCard icon={<IconClock size={22} aria-hidden />} title={t("channels.hoursTitle")}>
        <SupportHours caption={t("channels.hoursTitle")} />
      </ChannelCard>
    </ResponsiveGrid>
  );
}

/** One info card: an icon, an h3 title and its content. */
function ChannelCard({
  icon,
  title,
  children,
}: {
  icon: React.ReactNode;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <Card withBorder padding="lg">
      <ThemeIcon variant="light" size={40} radius="md" mb="sm">
        {icon}
      </ThemeIcon>
      <Title order={3} fz="lg" mb={6}>
        {title}
      </Title>
      {children}
    </Card>
  );
}
