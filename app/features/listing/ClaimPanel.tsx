/**
 * "We found a listing with your email" (issue 3: an account "can claim the listing whose contact
 * email is its own, after proving the address with an emailed link"): shows the listing so the
 * lawyer recognises it and a "Send verification link" button; once sent, "Check your email…"
 * with the address and a way to send the link again.
 */
import { Card, Group, Text } from "@mantine/core";
import { IconMapPin } from "@tabler/icons-react";
import { Trans, useTranslation } from "react-i18next";
import type { ClaimCandidate } from "../../../lib/listing-owner.ts";
import { LawyerAvatar } from "../profile";
import { SendLinkPanel } from "./SendLinkPanel";

/** The claim panel for `candidate`; `claimSentAt` (ISO 8601) when a working link was sent. */
export function ClaimPanel({
  email,
  candidate,
  claimSentAt,
}: {
  email: string;
  candidate: ClaimCandidate;
  claimSentAt: string | null;
}) {
  const { t } = useTranslation("listing");
  return (
    <SendLinkPanel intent="claim" email={email} sentAt={claimSentAt}>
      <div>
        <Text fw={600}>{t("claim.title")}</Text>
        <Text size="sm" c="dimmed">
          <Trans t={t} i18nKey="claim.text" values={{ email }} components={{ strong: <strong /> }} />
        </Text>
      </div>
      <Card withBorder padding="md" radius="md" bg="gray.0">
        <Group gap="md" wrap="nowrap">
          <LawyerAvatar name={candidate.name} logo={null} size={56} />
          <div style={{ minWidth: 0 }}>
            <Text fw={600}>{candidate.name}</Text>
            {candidate.firm && <Text size="sm">{candidate.firm}</Text>}
            <Text size="sm" c="dimmed">
              <IconMapPin size={14} aria-hidden style={{ verticalAlign: "-2px" }} /> {candidate.location}
            </Text>
          </div>
        </Group>
      </Card>
    </SendLinkPanel>
  );
}
