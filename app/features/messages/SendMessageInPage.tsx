/**
 * Send Message in the profile page (issue 13 §4 "Send Message and Submit Case work without
 * JavaScript"; spec §2 "Lawyer profile", §3 "CustomerMessage"): what `/lawyer/{id}?form=message`
 * shows, server-rendered, for a visitor whose JavaScript has not run (or pressed Send Message
 * before the page was hydrated). The dialog's fields in a real `<form method="post">` posted to
 * the lawyer route's action (`intent` "message", message-page-action.ts). After a refused post
 * every error shows next to its field and what was typed is back; after success
 * (post/redirect/get, `&sent=1`) the dialog's success text shows here. With JavaScript the same
 * form posts through React Router, without a page load.
 */
import { Button, Group } from "@mantine/core";
import { IconSend } from "@tabler/icons-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { translateMessage } from "../../../lib/i18n/message.ts";
import type { CustomerMessageField } from "../../../lib/messages.ts";
import { useLocalizePath } from "../../i18n/locale";
import { InPageForm, InPageFormSection, useIntentPending } from "../../ui/InPageForm";
import { LocaleLink } from "../../ui/LocaleLink";
import { type MessageFieldBinding, MessageFields, MessageSent } from "./MessageFields";
import type { MessageFormFailure } from "./message-page-action.server";

/** The id of the section, the fragment the Send Message link and the form's action point at. */
export const MESSAGE_FORM_SECTION_ID = "send-message";

/** Props: the profile's lawyer, the signed-in user's prefill, and the outcome of the last post. */
export interface SendMessageInPageProps {
  lawyerId: number;
  lawyerName: string;
  prefill?: { name: string; email: string } | null;
  /** The action's answer to a refused post. */
  failure?: MessageFormFailure | null;
  /** The message was sent (the success view after the redirect). */
  sent?: boolean;
}

/** The in-page message form, or its success text (see the module comment). */
export function SendMessageInPage({ lawyerId, lawyerName, prefill, failure, sent }: SendMessageInPageProps) {
  const { t } = useTranslation("messages");
  const localize = useLocalizePath();
  const sending = useIntentPending("message");
  const profile = `/lawyer/${lawyerId}`;
  const values = failure?.values ?? {
    name: prefill?.name ?? "",
    email: prefill?.email ?? "",
    phone: "",
    subject: "",
    message: "",
  };
  // One object per answer (InPageForm moves the focus when it changes), its message translated.
  const shownFailure = useMemo(
    () => failure && { ...failure, message: translateMessage(t, failure.message) },
    [failure, t],
  );
  const bind = (field: CustomerMessageField): MessageFieldBinding => ({
    name: field,
    defaultValue: values[field],
    error: failure?.fieldErrors[field],
  });
  return (
    <InPageFormSection
      id={MESSAGE_FORM_SECTION_ID}
      headingId="message-form-heading"
      testId="message-form-in-page"
      title={t("dialogTitle", { name: lawyerName })}
    >
      {sent ? (
        <MessageSent lawyerName={lawyerName}>
          <Button component={LocaleLink} to={profile} mt="sm">
            {t("close")}
          </Button>
        </MessageSent>
      ) : (
        <InPageForm
          intent="message"
          action={localize(`${profile}?form=message#${MESSAGE_FORM_SECTION_ID}`)}
          labelledBy="message-form-heading"
          failure={shownFailure}
          alertTestId="message-form-error"
          gap="md"
        >
          <MessageFields bind={bind} />
          <Group justify="flex-end">
            <Button component={LocaleLink} to={profile} variant="default">
              {t("cancel")}
            </Button>
            <Button type="submit" loading={sending} leftSection={<IconSend size={18} aria-hidden />}>
              {t("submit")}
            </Button>
          </Group>
        </InPageForm>
      )}
    </InPageFormSection>
  );
}
