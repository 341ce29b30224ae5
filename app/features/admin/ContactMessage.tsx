/**
 * One contact message in the back office (issue 15 §1): sender, category, priority, the text,
 * its state, and a plain form that marks it handled or new again (works without JavaScript).
 */
import { Anchor, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { optionKey } from "../../../lib/option-key.ts";
import type { ContactMessageView } from "../../../server/staff/service.ts";
import { useFormats } from "../../i18n/format";
import { useLocalizePath } from "../../i18n/locale";
import { FormAlert } from "../../ui/form";
import { LocaleLink } from "../../ui/LocaleLink";
import { StatusBadge } from "./ContactInbox";

/** The opened message; `notice` is "handled" or "reopened" right after a change. */
export function ContactMessage({ message, notice }: { message: ContactMessageView; notice: string | null }) {
  const { t } = useTranslation("admin");
  const tContact = useTranslation("contact").t;
  const tCases = useTranslation("cases").t;
  const formats = useFormats();
  const localize = useLocalizePath();
  const handled = message.status === "handled";
  return (
    <Stack gap="md">
      <Anchor component={LocaleLink} to="/admin/contact">
        {t("contact.back")}
      </Anchor>
      {notice === "handled" && <FormAlert tone="success">{t("contact.markedHandled")}</FormAlert>}
      {notice === "reopened" && <FormAlert tone="success">{t("contact.reopened")}</FormAlert>}
      <Card withBorder padding="lg" radius="md" component="article" aria-labelledby="contact-subject">
        <Stack gap="xs">
          <Group justify="space-between" align="flex-start">
            <Title order={2} fz="h3" id="contact-subject">
              {message.subject}
            </Title>
            <StatusBadge status={message.status} />
          </Group>
          <Text>
            {message.name} · {t("contact.email")}:{" "}
            <Anchor href={`mailto:${message.email}`}>{message.email}</Anchor>
            {message.phone ? ` · ${t("contact.phone")}: ${message.phone}` : ""}
          </Text>
          <Text size="sm" c="dimmed">
            {t("contact.received")}: {formats.dateTime(message.createdAt)} ·{" "}
            {tContact(`categories.${optionKey(message.category)}`)} ·{" "}
            {tCases(`priorities.${message.priority}`)}
          </Text>
          <Text style={{ whiteSpace: "pre-wrap" }} mt="sm">
            {message.message}
          </Text>
          {handled && message.handledAt && (
            <Text size="sm" c="dimmed">
              {message.handledByEmail
                ? t("contact.handledBy", {
                    email: message.handledByEmail,
                    date: formats.dateTime(message.handledAt),
                  })
                : t("contact.handledBySomeone", { date: formats.dateTime(message.handledAt) })}
            </Text>
          )}
        </Stack>
      </Card>
      <Form method="post" action={localize(`/admin/contact/${message.id}`)}>
        <input type="hidden" name="status" value={handled ? "new" : "handled"} />
        <Button type="submit" variant={handled ? "default" : "filled"}>
          {handled ? t("contact.reopen") : t("contact.markHandled")}
        </Button>
      </Form>
    </Stack>
  );
}
