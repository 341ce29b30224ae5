/**
 * Send Message's fields and its success screen (spec §2 "Lawyer profile", §3 "CustomerMessage";
 * issue 4), shared by the dialog (SendMessageModal.tsx, controlled) and the in-page form that
 * works without JavaScript (SendMessageInPage.tsx, uncontrolled; issue 13 §4): your name, email,
 * phone (optional), subject and message, with the limits of lib/messages.ts. Mantine puts each
 * error next to its field and links it with aria-invalid and aria-describedby. Texts in the page's
 * language, errors through translateMessage (issue 14 §1).
 */
import { Stack, Text, Textarea, TextInput } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { numberFormat } from "../../../lib/i18n/intl-cache.ts";
import { translateMessage } from "../../../lib/i18n/message.ts";
import { type CustomerMessageField, MESSAGE_TEXT_MAX } from "../../../lib/messages.ts";
import { useLocale } from "../../i18n/locale";
import { EmailInput, NameInput, PhoneInput } from "../../ui/PersonInputs";
import { GridCell, ResponsiveGrid } from "../../ui/ResponsiveGrid";
import { ThemeIcon } from "../../ui/ThemeIcon";

/** What one field gets: its name, `value` with `onChange` (the dialog) or `defaultValue` (the page), its error. */
export interface MessageFieldBinding {
  name: CustomerMessageField;
  value?: string;
  defaultValue?: string;
  error?: string;
  disabled?: boolean;
  onChange?: (event: { currentTarget: { value: string } }) => void;
}

/**
 * The five fields. `bind(field)` answers each binding; `messageLength`, when known (the dialog),
 * counts the message's characters under it; `autoFocus` focuses the name when the dialog opens.
 */
export function MessageFields({
  bind: rawBind,
  messageLength,
  autoFocus,
}: {
  bind: (field: CustomerMessageField) => MessageFieldBinding;
  messageLength?: number;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation("messages");
  const locale = useLocale();
  const number = numberFormat(locale);
  const bind = (field: CustomerMessageField): MessageFieldBinding => {
    const b = rawBind(field);
    return b.error ? { ...b, error: translateMessage(t, b.error) } : b;
  };
  const max = number.format(MESSAGE_TEXT_MAX);
  const count =
    messageLength === undefined
      ? t("fields.upTo", { max })
      : t("fields.count", { count: number.format(messageLength), max });
  return (
    <ResponsiveGrid cols={12} spacing="md">
      <GridCell span={{ base: 12, sm: 6 }}>
        <NameInput
          label={t("fields.name")}
          required
          data-autofocus={autoFocus || undefined}
          {...bind("name")}
        />
      </GridCell>
      <GridCell span={{ base: 12, sm: 6 }}>
        <EmailInput
          label={t("fields.email")}
          required
          description={t("fields.emailHint")}
          {...bind("email")}
        />
      </GridCell>
      <GridCell span={{ base: 12, sm: 6 }}>
        <PhoneInput label={t("fields.phone")} {...bind("phone")} />
      </GridCell>
      <GridCell span={{ base: 12, sm: 6 }}>
        <TextInput label={t("fields.subject")} required maxLength={255} {...bind("subject")} />
      </GridCell>
      <GridCell span={12}>
        <Textarea
          label={t("fields.message")}
          required
          autosize
          minRows={5}
          maxRows={12}
          maxLength={MESSAGE_TEXT_MAX}
          description={`${count} ${t("fields.noDocuments")}`}
          {...bind("message")}
        />
      </GridCell>
    </ResponsiveGrid>
  );
}

/** The success screen (the spec's 'Message sent' text naming `lawyerName`); `children` is its Close control. */
export function MessageSent({ lawyerName, children }: { lawyerName: string; children: ReactNode }) {
  const { t } = useTranslation("messages");
  return (
    <Stack align="center" ta="center" gap="sm" py="md" role="status" data-testid="message-sent">
      <ThemeIcon size={56} radius="xl" color="green" variant="light">
        <IconCircleCheck size={32} aria-hidden />
      </ThemeIcon>
      <Text fw={700} fz="lg">
        {t("successTitle")}
      </Text>
      <Text maw={420}>{t("successBody", { name: lawyerName })}</Text>
      {children}
    </Stack>
  );
}
