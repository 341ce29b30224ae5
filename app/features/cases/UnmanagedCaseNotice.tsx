/**
 * The case form's notice that nobody manages the listing (issue 28 §4: "the case form ... say[s]
 * that the listing is not managed yet and what LexAtlas will do"), shown in the dialog and the
 * in-page form before the first step: no answer can be promised; the firm's published address is
 * told without the client's details; the description and documents wait encrypted until the lawyer
 * claims the listing and accepts; the case can go to another lawyer at any time
 * (server/cases/emails.ts, server/responses/resend.ts).
 */
import { IconInfoCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Notice } from "../../ui/Notice";

/** The notice for the lawyer `name` (text: cases catalog `unmanagedNotice`). */
export function UnmanagedCaseNotice({ name }: { name: string }) {
  const { t } = useTranslation("cases");
  return (
    <Notice color="orange" icon={<IconInfoCircle aria-hidden />} role="note" data-testid="case-unmanaged">
      {t("unmanagedNotice", { name })}
    </Notice>
  );
}
