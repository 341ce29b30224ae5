/**
 * The Send Message dialog (spec §2 "Lawyer profile", §3 "CustomerMessage"; issue 4): name, email,
 * optional phone, subject and message, checked with the shared schema (lib/messages.ts) before
 * posting, with a fetcher, to the lawyer route's action, the one the in-page form posts to
 * (message-page-action.ts; `?dialog=1`, message-dialog.ts; issue 30). Errors show next to their
 * fields and what was typed stays; while sending the button says so and is disabled; on success
 * the dialog shows a confirmation and a toast says the same; a refusal without field errors (the
 * rate limit, a server failure, no connection) shows its message and a toast. Loaded on demand by
 * SendMessageDialog.tsx. Texts and toasts in the page's language; the server's messages through
 * translateMessage (issue 14 §1).
 */
import { Button, Group, Modal } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconSend } from "@tabler/icons-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { translateMessage } from "../../../lib/i18n/message.ts";
import {
  CUSTOMER_MESSAGE_FIELDS,
  type CustomerMessageField,
  CustomerMessageSchema,
  fieldErrorsOf,
} from "../../../lib/messages.ts";
import { useLocalizePath } from "../../i18n/locale";
import { FormAlert } from "../../ui/form";
import { FAILURE_TOAST_IDS, TOAST_A11Y } from "../../ui/toast";
import { type MessageFieldBinding, MessageFields, MessageSent } from "./MessageFields";
import { type MessageDialogAnswer, messageDialogAction } from "./message-dialog";

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
  const localize = useLocalizePath();
  const fetcher = useFetcher<MessageDialogAnswer>();
  const [values, setValues] = useState<Values>(() => initialValues(prefill));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const sending = fetcher.state !== "idle";

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

  const submit = (event: FormEvent) => {
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
    notifications.hide(FAILURE_TOAST_IDS.message);
    void fetcher.submit(
      { intent: "message", ...values },
      { method: "post", action: localize(messageDialogAction(lawyerId)) },
    );
  };

  // The action's answer (each post's answer is a new object): the success screen, or the errors.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || fetcher.state !== "idle") return;
    if ("sent" in answer) {
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
    const fields: Errors = answer.fieldErrors;
    setErrors(fields);
    setFormError(translateMessage(t, answer.message));
    focusFirstError(fields);
    if (!Object.keys(fields).length)
      notifications.show({
        id: FAILURE_TOAST_IDS.message,
        color: "red",
        title: t("failureTitle"),
        message: translateMessage(t, answer.message),
        ...TOAST_A11Y,
      });
  }, [fetcher.data, fetcher.state]);

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
