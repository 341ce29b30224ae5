/**
 * The contact page's message form (spec §2 "Contact", §3 "Contact form fields", §4 "Contact
 * form", §5, §8; issue 4 "Contact form"): name, email, phone (optional), subject, category,
 * message and priority (default medium). It posts to the contact page's action
 * (app/routes/contact.tsx, contact-action.server.ts) through a fetcher, so the page stays put: while sending the button is
 * disabled and says 'Sending Message...'; then the success banner and toast show and the form
 * resets to empty with priority medium. A failure shows the spec's error toast and keeps what was
 * typed, with each field's message next to it. Without JavaScript the same form posts as plain
 * HTML and the page comes back with the banner, or with the errors and the typed values. Labels,
 * option labels (stored values stay the spec's) and toasts are in the page's language; messages
 * through translateMessage (issue 14 §1).
 */
import { Alert, Button, NativeSelect, Text, Textarea, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconCircleCheck, IconSend } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { CASE_PRIORITIES, CONTACT_CATEGORIES, CONTACT_RESPONSE_HOURS } from "../../../lib/constants.ts";
import {
  CONTACT_FIELDS,
  CONTACT_MESSAGE_MAX,
  type ContactField,
  ContactSchema,
} from "../../../lib/contact.ts";
import { numberFormat } from "../../../lib/i18n/intl-cache.ts";
import { translateMessage } from "../../../lib/i18n/message.ts";
import { fieldErrorsOf } from "../../../lib/messages.ts";
import { optionKey } from "../../../lib/option-key.ts";
import type { FormResult } from "../../form-result";
import { useLocale, useLocalizePath } from "../../i18n/locale";
import { FormAlert } from "../../ui/form";
import { EmailInput, NameInput, PhoneInput } from "../../ui/PersonInputs";
import { GridCell, ResponsiveGrid } from "../../ui/ResponsiveGrid";
import { FAILURE_TOAST_IDS, TOAST_A11Y } from "../../ui/toast";

/**
 * What the contact page's action answers (and the clientAction on a network failure): `{ ok:
 * true }`, or the one form contract's FormResult (app/form-result.ts) marked `ok: false`.
 */
export type ContactActionResult = { ok: true } | ({ ok: false; message: string } & FormResult<ContactField>);

type Values = Record<ContactField, string>;

/** The empty form: every field empty, priority medium (spec §4). */
export const EMPTY_CONTACT: Values = {
  name: "",
  email: "",
  phone: "",
  subject: "",
  category: "",
  message: "",
  priority: "medium",
};

/** Moves focus to the first field of `form` with an error. */
function focusFirstError(form: HTMLFormElement | null, found: Partial<Record<ContactField, string>>) {
  const first = CONTACT_FIELDS.find((f) => found[f]);
  if (first) requestAnimationFrame(() => form?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus());
}

/**
 * The form. `initial` is the answer of a form sent without JavaScript (the page's action data),
 * so the page shows its banner or its errors and typed values.
 */
export function ContactForm({ initial }: { initial: ContactActionResult | undefined }) {
  const { t } = useTranslation("contact");
  const locale = useLocale();
  const action = useLocalizePath()("/contact");
  const fetcher = useFetcher<ContactActionResult>({ key: "contact" });
  const initialFailure = initial && !initial.ok ? initial : undefined;
  const [values, setValues] = useState<Values>({ ...EMPTY_CONTACT, ...initialFailure?.values });
  const [errors, setErrors] = useState<Partial<Record<ContactField, string>>>(
    initialFailure?.fieldErrors ?? {},
  );
  const [sent, setSent] = useState(initial?.ok === true);
  const [formError, setFormError] = useState<string | null>(initialFailure?.message ?? null);
  const formRef = useRef<HTMLFormElement>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const sending = fetcher.state !== "idle";

  // The fetcher's answer: banner + toast + reset, or errors + toast with the typed values kept.
  const handled = useRef<ContactActionResult | undefined>(undefined);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      setValues(EMPTY_CONTACT);
      setErrors({});
      setFormError(null);
      setSent(true);
      notifications.show({
        color: "green",
        title: t("form.successToastTitle"),
        message: t("form.successToastBody"),
        ...TOAST_A11Y,
      });
      requestAnimationFrame(() => bannerRef.current?.focus());
      return;
    }
    setErrors(result.fieldErrors);
    setFormError(result.message);
    notifications.show({
      id: FAILURE_TOAST_IDS.contact,
      color: "red",
      title: t("form.failureToastTitle"),
      message: t("form.failureToastBody"),
      ...TOAST_A11Y,
    });
    focusFirstError(formRef.current, result.fieldErrors);
  }, [fetcher.state, fetcher.data, t]);

  const set = (name: ContactField) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const parsed = ContactSchema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrorsOf(parsed.error) as Partial<Record<ContactField, string>>;
      setErrors(found);
      setFormError(t("form.invalid"));
      focusFirstError(formRef.current, found);
      return;
    }
    setSent(false);
    setFormError(null);
    notifications.hide(FAILURE_TOAST_IDS.contact);
    fetcher.submit(values, { method: "post", action });
  };

  const field = (name: ContactField) => ({
    name,
    value: values[name],
    onChange: set(name),
    error: errors[name] ? translateMessage(t, errors[name]) : undefined,
    "aria-invalid": errors[name] ? true : undefined,
  });

  return (
    <fetcher.Form
      method="post"
      action={action}
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      aria-label={t("form.label")}
    >
      {sent && (
        <Alert
          ref={bannerRef}
          tabIndex={-1}
          color="green"
          variant="light"
          role="status"
          icon={<IconCircleCheck size={20} aria-hidden />}
          mb="md"
          data-testid="contact-success"
        >
          <Text size="sm" c="var(--mantine-color-text)">
            {t("form.successBanner")}
          </Text>
        </Alert>
      )}
      {formError && !sending && <FormAlert tone="error">{translateMessage(t, formError)}</FormAlert>}
      <ResponsiveGrid cols={12} spacing="md">
        <GridCell span={{ base: 12, sm: 6 }}>
          <NameInput label={t("form.name")} required {...field("name")} />
        </GridCell>
        <GridCell span={{ base: 12, sm: 6 }}>
          <EmailInput label={t("form.email")} required {...field("email")} />
        </GridCell>
        <GridCell span={{ base: 12, sm: 6 }}>
          <PhoneInput label={t("form.phone")} description={t("form.optional")} {...field("phone")} />
        </GridCell>
        <GridCell span={{ base: 12, sm: 6 }}>
          <NativeSelect
            label={t("form.category")}
            required
            {...field("category")}
            data={[
              { value: "", label: t("form.chooseCategory") },
              ...CONTACT_CATEGORIES.map((c) => ({
                value: c,
                label: t(`categories.${optionKey(c)}`, { defaultValue: c }),
              })),
            ]}
          />
        </GridCell>
        <GridCell span={{ base: 12, sm: 6 }}>
          <TextInput label={t("form.subject")} required maxLength={255} {...field("subject")} />
        </GridCell>
        <GridCell span={{ base: 12, sm: 6 }}>
          <NativeSelect
            label={t("form.priority")}
            {...field("priority")}
            data={CASE_PRIORITIES.map((p) => ({
              value: p,
              label: t(`priorities.${p}`, { hours: CONTACT_RESPONSE_HOURS[p] }),
            }))}
          />
        </GridCell>
        <GridCell span={12}>
          <Textarea
            label={t("form.message")}
            required
            autosize
            minRows={6}
            maxRows={16}
            maxLength={CONTACT_MESSAGE_MAX}
            description={t("form.messageMax", {
              max: numberFormat(locale).format(CONTACT_MESSAGE_MAX),
            })}
            {...field("message")}
          />
        </GridCell>
      </ResponsiveGrid>
      <Button type="submit" mt="lg" disabled={sending} leftSection={<IconSend size={18} aria-hidden />}>
        {sending ? t("form.sending") : t("form.submit")}
      </Button>
    </fetcher.Form>
  );
}
