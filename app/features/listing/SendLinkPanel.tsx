/**
 * The "send a link, then check your email" panel of My listing (issue 3 and its security review):
 * a heading and explanation, a "Send verification link" button that posts `intent` to
 * /dashboard/listing and, once a link has been sent, "Check your email…" with the address and a
 * way to send it again. Shared by the claim step (ClaimPanel) and the verify-email step
 * (VerifyEmailPanel), which differ only in what they explain and what they send.
 */
import { Button, Group, Stack } from "@mantine/core";
import { IconMailForward } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { formFailureOf } from "../../form-result";
import { useLocalizePath } from "../../i18n/locale";
import { FormAlert, useTranslateMessage } from "../../ui/form";
import { LISTING_ACTION, type ListingActionResult, type ListingFormFailure } from "./listing-action";

/**
 * The panel for the account's `email`. `intent` is the form intent it posts (its fetcher is keyed
 * `listing-<intent>`); `sentAt` (ISO 8601) is when a link that still works was sent, else null.
 * A failed send shows the action's message and the button says "Send verification link" again
 * until a send succeeds. `children` come first (the heading, text and anything to recognise).
 */
export function SendLinkPanel({
  intent,
  email,
  sentAt,
  children,
}: {
  intent: "claim" | "verify-email";
  email: string;
  sentAt: string | null;
  children: ReactNode;
}) {
  const fetcher = useFetcher<ListingActionResult>({ key: `listing-${intent}` });
  const { t } = useTranslation("listing");
  const message = useTranslateMessage();
  const localize = useLocalizePath();
  const result = fetcher.data?.intent === intent ? fetcher.data : undefined;
  const sending = fetcher.state !== "idle";
  const failed = formFailureOf<ListingFormFailure>(result);
  const sent = (result?.ok ?? false) || (sentAt !== null && !failed);
  return (
    <Stack gap="md">
      {children}
      {failed && !sending && <FormAlert tone="error">{message(failed.message)}</FormAlert>}
      {sent && !sending && (
        <FormAlert tone="success" title={t("sendLink.sentTitle")}>
          {t("sendLink.sentText", { email })}
        </FormAlert>
      )}
      <fetcher.Form method="post" action={localize(LISTING_ACTION)}>
        <input type="hidden" name="intent" value={intent} />
        <Group gap="sm">
          <Button
            type="submit"
            loading={sending}
            variant={sent ? "default" : "filled"}
            leftSection={<IconMailForward size={18} aria-hidden />}
          >
            {sent ? t("sendLink.again") : t("sendLink.send")}
          </Button>
        </Group>
      </fetcher.Form>
    </Stack>
  );
}
