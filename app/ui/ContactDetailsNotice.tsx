/**
 * The moderators' notice on a report's text (issue 27 §2 "links and contact details … in report
 * texts"): what lib/contact-details.ts found in it (links, email addresses, phone numbers), listed
 * as plain text so nothing is opened by a click. Reports reach only moderators, so their text is
 * kept as written; the notice says what to treat with care. Renders nothing when nothing was found.
 */
import { Alert, List, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { ContactDetail } from "../../lib/contact-details.ts";

/** The notice for `found` (the server's findContactDetails of the text); null when empty. */
export function ContactDetailsNotice({ found }: { found: readonly ContactDetail[] }) {
  const { t } = useTranslation("ui");
  if (found.length === 0) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      title={t("contactDetails.title")}
      data-testid="contact-details-notice"
    >
      <Text size="sm">{t("contactDetails.intro")}</Text>
      <List size="sm" mt={4}>
        {found.map((d) => (
          <List.Item key={`${d.kind}:${d.text}`} style={{ overflowWrap: "anywhere" }}>
            {t("contactDetails.item", { kind: t(`contactDetails.kinds.${d.kind}`), text: d.text })}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
