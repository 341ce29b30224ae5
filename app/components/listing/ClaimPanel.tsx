/**
 * "We found a listing with your email" (issue 3: an account "can claim the listing whose contact
 * email is its own, after proving the address with an emailed link"): shows the listing so the
 * lawyer recognises it and a "Send verification link" button; once sent, "Check your email…"
 * with the address and a way to send the link again.
 */
import { Button, Card, Group, Stack, Text } from "@mantine/core";
import { IconMailForward, IconMapPin } from "@tabler/icons-react";
import { useFetcher } from "react-router";
import type { ClaimCandidate } from "../../../lib/listing-owner.ts";
import { FormAlert } from "../AccountForm";
import { LawyerAvatar } from "../LawyerAvatar";
import { LISTING_ACTION, type ListingActionResult } from "./listing-action";

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
  const fetcher = useFetcher<ListingActionResult>({ key: "listing-claim" });
  const result = fetcher.data?.intent === "claim" ? fetcher.data : undefined;
  const sending = fetcher.state !== "idle";
  const sent = (result?.ok ?? false) || (claimSentAt !== null && !(result && !result.ok));
  return (
    <Stack gap="md">
      <div>
        <Text fw={600}>We found a listing with your email</Text>
        <Text size="sm" c="dimmed">
          Is this your practice? Prove that <strong>{email}</strong> is yours and the listing is linked to
          your account, so you can edit it.
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
      {result && !result.ok && !sending && <FormAlert tone="error">{result.message}</FormAlert>}
      {sent && !sending && (
        <FormAlert tone="success" title="Check your email">
          We have sent a verification link to {email}. It works for 24 hours, once. Open it while signed in to
          this account.
        </FormAlert>
      )}
      <fetcher.Form method="post" action={LISTING_ACTION}>
        <input type="hidden" name="intent" value="claim" />
        <Group gap="sm">
          <Button
            type="submit"
            loading={sending}
            variant={sent ? "default" : "filled"}
            leftSection={<IconMailForward size={18} aria-hidden />}
          >
            {sent ? "Send the link again" : "Send verification link"}
          </Button>
        </Group>
      </fetcher.Form>
    </Stack>
  );
}
