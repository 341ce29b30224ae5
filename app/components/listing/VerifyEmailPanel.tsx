/**
 * "Verify your email" (security review of issue 3): the first step of creating a listing. A new
 * listing shows the account's email in the directory (and its JSON-LD), so the lawyer first
 * proves the address with an emailed single-use link; the "Create your listing" form follows once
 * the link has been opened (app/components/MyListing.tsx). Shows the address, a "Send
 * verification link" button and, once sent, "Check your email…" with a way to send it again.
 */
import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconMailForward } from "@tabler/icons-react";
import { useFetcher } from "react-router";
import { FormAlert } from "../AccountForm";
import { LISTING_ACTION, type ListingActionResult } from "./listing-action";

/**
 * The verify step for the account's `email`; `sentAt` (ISO 8601) is when a verification link that
 * still works was sent, else null. Posts intent `verify-email` to /dashboard/listing.
 */
export function VerifyEmailPanel({ email, sentAt }: { email: string; sentAt: string | null }) {
  const fetcher = useFetcher<ListingActionResult>({ key: "listing-verify-email" });
  const result = fetcher.data?.intent === "verify-email" ? fetcher.data : undefined;
  const sending = fetcher.state !== "idle";
  const sent = (result?.ok ?? false) || (sentAt !== null && !(result && !result.ok));
  return (
    <Stack gap="md">
      <div>
        <Title order={3} fz="h4">
          Verify your email
        </Title>
        <Text size="sm" c="dimmed">
          Step 1 of 2. No listing in the directory uses your email yet. Your listing will show{" "}
          <strong>{email}</strong> as its contact email, so first prove that it is yours: we send a link to
          it. Then you can create your listing.
        </Text>
      </div>
      {result && !result.ok && !sending && <FormAlert tone="error">{result.message}</FormAlert>}
      {sent && !sending && (
        <FormAlert tone="success" title="Check your email">
          We have sent a verification link to {email}. It works for 24 hours, once. Open it while signed in to
          this account.
        </FormAlert>
      )}
      <fetcher.Form method="post" action={LISTING_ACTION}>
        <input type="hidden" name="intent" value="verify-email" />
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
