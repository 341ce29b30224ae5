/**
 * "Verify your email" (security review of issue 3): the first step of creating a listing. A new
 * listing shows the account's email in the directory (and its JSON-LD), so the lawyer first
 * proves the address with an emailed single-use link; the "Create your listing" form follows once
 * the link has been opened (app/features/listing/MyListing.tsx). Shows the address, a "Send
 * verification link" button and, once sent, "Check your email…" with a way to send it again.
 */
import { Text, Title } from "@mantine/core";
import { Trans, useTranslation } from "react-i18next";
import { SendLinkPanel } from "./SendLinkPanel";

/**
 * The verify step for the account's `email`; `sentAt` (ISO 8601) is when a verification link that
 * still works was sent, else null. Posts intent `verify-email` to /dashboard/listing.
 */
export function VerifyEmailPanel({ email, sentAt }: { email: string; sentAt: string | null }) {
  const { t } = useTranslation("listing");
  return (
    <SendLinkPanel intent="verify-email" email={email} sentAt={sentAt}>
      <div>
        <Title order={3} fz="h4">
          {t("verify.title")}
        </Title>
        <Text size="sm" c="dimmed">
          <Trans t={t} i18nKey="verify.text" values={{ email }} components={{ strong: <strong /> }} />
        </Text>
      </div>
    </SendLinkPanel>
  );
}
