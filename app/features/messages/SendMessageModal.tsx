/**
 * The Send Message dialog (spec §2 "Lawyer profile", §3 "CustomerMessage"; issue 4): name, email,
 * optional phone, subject and message, checked with the API's own schema (lib/messages.ts)
 * before sending to POST /api/lawyers/{id}/messages. Errors show next to their fields and what
 * was typed stays; while sending the button says so and is disabled; on success the dialog shows
 * a confirmation and a toast says the same. Loaded on demand by SendMessageDialog.tsx. Texts and
 * toasts in the page's language; the server's messages through translateMessage (issue 14 §1).
 */
import { Button, Group, Modal } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconSend } from "@tabler/icons-react";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { readApiError } from "../../../lib/api-error.ts";
import type { Locale } from "../../../lib/i18n/locales.ts";
import { msg, translateMessage } from "../../../lib/i18n/message.ts";
import {
  CUSTOMER_MESSAGE_FIELDS,
  type CustomerMessageField,
  CustomerMessageSchema,
  fieldErrorsOf,
} from "../../../lib/messages.ts";
import { useLocale } from "../../i18n/locale";
import { FormAlert } from "../../ui/form";
import { FAILURE_TOAST_IDS, TOAST_A11Y } from "../../ui/toast";
import { type MessageFieldBinding, MessageFields, MessageSent } from "./MessageFields";

type Values = Record<CustomerMessageField, string>;
type Errors = Partial<Record<CustomerMessageField, string>>;

/** Props: the dialog's state, the lawyer the message goes to, and values to prefill. */
export interface SendMessageModalProps {
  opened: boolean;
  onClose: () => void;
  /** Called once the closing transition has ended (the button takes the focus back then). */
  onExited?: () => void;
  lawyerId: number;
  lawyerName: string;
  prefill: { name: string; email: string } | null;
}

/** The empty form, with the signed-in user's name and email when known. */
function initialValues(prefill: SendMessageModalProps["prefill"]): Values {
  return { name: prefill?.name ?? "", email: prefill?.email ?? "", phone: "", subject: "", message: "" };
}

/** The spec's failure text, "Failed to send message. Please try again." (a catalog reference). */
const FAILURE_BODY = msg("messages:failureBody");

/**
 * Sends the message. Answers null on success, else the errors per field and/or a message for the
 * whole form (network failures and server errors give the spec's failure text); messages are the
 * server's (references or text) or references, translated where shown. Sent with
 * `Accept-Language: locale`, the page's (issue 28 §2): the message keeps the language the visitor
 * wrote in on this page, and the lawyer's reply is framed in it.
 */
async function post(
  lawyerId: number,
  values: Values,
  locale: Locale,
): Promise<{ fields: Errors; form?: string } | null> {
  try {
    const res = await fetch(`/api/lawyers/${lawyerId}/messages`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", "Accept-Language": locale },
      credentials: "same-origin",
      body: JSON.stringify(values),
    });
    if (res.ok) return null;
    const body = readApiError(await res.json().catch(() => ({})));
    const fields: Errors = body.fieldErrors;
    if (res.status === 400 && Object.keys(fields).length > 0) return { fields };
    if (res.status < 500 && body.message) return { fields: {}, form: body.message };
    return { fields: {}, form: FAILURE_BODY };
  } catch {
    return { fields: {}, form: FAILURE_BODY };
  }
}

/** The dialog; see the module comment. */
export default function SendMessageModal({
  opened,
  onClose,
  onExited,
  lawyerId,
  lawyerName,
  prefill,
}: SendMessageModalProps) {
  const { t } = useTranslation("messages");
  const locale = useLocale();
  const [values, setValues] = useState<Values>(() => initialValues(prefill));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const set = (name: CustomerMessageField) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };

  /** Moves focus to the first field with an error. */
  const focusFirstError = (found: Errors) => {
    const first = CUSTOMER_MESSAGE_FIELDS.find((f) => found[f]);
    if (first)
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setFormError(null);
    const parsed = CustomerMessageSchema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrorsOf(parsed.error) as Errors;
      setErrors(found);
      setFormError(t("invalid"));
      focusFirstError(found);
      return;
    }
    setSending(true);
    notifications.hide(FAILURE_TOAST_IDS.message);
    const failure = await post(lawyerId, values, locale);
    setSending(false);
    if (!failure) {
      setSent(true);
      setErrors({});
      notifications.show({
        color: "green",
        title: t("successTitle"),
        message: t("successBody", { name: lawyerName }),
        ...TOAST_A11Y,
      });
      return;
    }
    setErrors(failure.fields);
    setFormError(failure.form ? translateMessage(t, failure.form) : t("invalid"));
    focusFirstError(failure.fields);
    if (!Object.keys(failure.fields).length)
      notifications.show({
        id: FAILURE_TOAST_IDS.message,
        color: "red",
        title: t("failureTitle"),
        message: translateMessage(t, failure.form ?? FAILURE_BODY),
        ...TOAST_A11Y,
      });
  };

  /** Closes the dialog; after a sent message the next opening starts with an empty form. */
  const close = () => {
    onClose();
    if (sent) {
      setSent(false);
      setValues(initialValues(prefill));
      setFormError(null);
    }
  };

  const field = (name: CustomerMessageField): MessageFieldBinding => ({
    name,
    value: values[name],
    onChange: set(name),
    error: errors[name],
    disabled: sending,
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      onExitTransitionEnd={onExited}
      title={t("dialogTitle", { name: lawyerName })}
      size="lg"
      centered
      closeButtonProps={{ "aria-label": t("close") }}
    >
      {sent ? (
        <MessageSent lawyerName={lawyerName}>
          <Button onClick={close} mt="sm" data-autofocus>
            {t("close")}
          </Button>
        </MessageSent>
      ) : (
        <form ref={formRef} onSubmit={submit} noValidate aria-label={t("formLabel", { name: lawyerName })}>
          {formError && <FormAlert tone="error">{formError}</FormAlert>}
          <MessageFields bind={field} messageLength={values.message.length} autoFocus />
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={close} disabled={sending}>
              {t("cancel")}
            </Button>
            <Button type="submit" disabled={sending} leftSection={<IconSend size={18} aria-hidden />}>
              {sending ? t("submitting") : t("submit")}
            </Button>
          </Group>
        </form>
      )}
    </Modal>
  );
}
