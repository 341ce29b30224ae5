/**
 * The opened message of a lawyer's inbox (/dashboard/messages?id=…; issue 4 "Tracking and
 * messages"; spec §3 "CustomerMessage", "MessageReply"; app/routes/dashboard.messages.tsx renders
 * it with message-thread.server.ts's data): the message in full, the thread of earlier replies, a
 * reply form and "mark unread". Plain forms posted to the route's action: everything works
 * without JavaScript. Texts in the page's language (namespace "messages"), times for its locale,
 * errors through translateMessage (issue 14).
 */
import { Anchor, Button, Container, Group, Paper, Stack, Text, Textarea, Title } from "@mantine/core";
import { IconMailOpened, IconSend } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Form, isRouteErrorResponse, useNavigation, useRouteError } from "react-router";
import { numberFormat } from "../../../lib/i18n/intl-cache.ts";
import { translateMessage } from "../../../lib/i18n/message.ts";
import { MESSAGE_TEXT_MAX } from "../../../lib/messages.ts";
import type { FormResult } from "../../form-result";
import { useTimeZone } from "../../i18n/format";
import { useLocale, useLocalizePath } from "../../i18n/locale";
import { BackArrow } from "../../ui/BackArrow";
import { FormAlert } from "../../ui/form";
import { IntentButton } from "../../ui/IntentButton";
import { LocaleLink } from "../../ui/LocaleLink";
import { formatMessageTime, messagePath } from "./InboxPanel";
import type { MessagePageData } from "./message-thread.server";

/**
 * What the reply form's action answers on failure: the one form-failure shape (app/form-result.ts
 * FormResult, issue 30), its message (a catalog reference or text) next to the reply or above the
 * form, and the typed reply in `values`.
 */
export type ReplyFailure = FormResult<"reply">;

/** The back link to the dashboard's inbox. */
function BackToInbox() {
  const { t } = useTranslation("messages");
  return (
    <Anchor component={LocaleLink} to="/dashboard#inbox" size="sm">
      <Group gap={4} component="span">
        <BackArrow size={16} /> {t("page.back")}
      </Group>
    </Anchor>
  );
}

/** The opened message, its replies and the reply form. */
export function MessagePage({
  data: loaderData,
  failure,
}: {
  data: MessagePageData;
  /** The action's answer to a refused reply. */
  failure?: ReplyFailure | null;
}) {
  const { t } = useTranslation("messages");
  const locale = useLocale();
  const timeZone = useTimeZone();
  const localize = useLocalizePath();
  const { message: m, phone, replied } = loaderData;
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "reply";
  // The reply is the form's one field: every refusal shows next to it.
  const replyError = failure ? (failure.fieldErrors.reply ?? failure.message) : undefined;
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <BackToInbox />
        <div>
          <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: "anywhere" }}>
            {m.subject}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {t("page.received", { time: formatMessageTime(m.createdAt, locale, timeZone) })}
          </Text>
        </div>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="message-from">
          <Text fw={700} id="message-from" style={{ overflowWrap: "anywhere" }}>
            {t("page.from", { name: m.customerName })}
          </Text>
          <Group gap="md" mt={2}>
            <Anchor href={`mailto:${m.customerEmail}`} size="sm" style={{ overflowWrap: "anywhere" }}>
              {m.customerEmail}
            </Anchor>
            {phone && (
              <Anchor href={phone.href ?? undefined} size="sm" dir="ltr">
                {phone.text}
              </Anchor>
            )}
          </Group>
          <Text
            mt="md"
            style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
            data-testid="message-text"
          >
            {m.message}
          </Text>
        </Paper>

        <section aria-labelledby="replies">
          <Title order={2} fz="h3" id="replies" mb="sm">
            {t("page.replies")}
          </Title>
          {replied === "sent" && <FormAlert tone="success">{t("page.replySent")}</FormAlert>}
          {replied === "unsent" && (
            <FormAlert tone="error">{t("page.replyUnsent", { email: m.customerEmail })}</FormAlert>
          )}
          {m.replies.length === 0 ? (
            <Text size="sm" c="dimmed" mb="md">
              {t("page.noReplies")}
            </Text>
          ) : (
            <Stack component="ol" gap="sm" p={0} m={0} mb="md" style={{ listStyle: "none" }}>
              {m.replies.map((r) => (
                <Paper component="li" key={r.id} withBorder p="md" radius="md" bg="gray.0">
                  <Text size="sm" fw={600}>
                    {r.author} ·{" "}
                    <span style={{ fontWeight: 400 }}>
                      {formatMessageTime(r.createdAt, locale, timeZone)}
                    </span>
                  </Text>
                  <Text mt={4} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                    {r.reply}
                  </Text>
                </Paper>
              ))}
            </Stack>
          )}

          <Form
            method="post"
            action={localize(messagePath(m.id))}
            noValidate
            aria-label={t("page.replyForm")}
          >
            <input type="hidden" name="intent" value="reply" />
            <Textarea
              key={m.replies.length}
              name="reply"
              label={t("page.yourReply")}
              description={t("page.replyHint", {
                email: m.customerEmail,
                max: numberFormat(locale).format(MESSAGE_TEXT_MAX),
              })}
              required
              autosize
              minRows={4}
              maxRows={14}
              maxLength={MESSAGE_TEXT_MAX}
              defaultValue={failure?.values.reply ?? ""}
              error={replyError ? translateMessage(t, replyError) : undefined}
              aria-invalid={replyError ? true : undefined}
            />
            <Group mt="md" justify="space-between">
              <Button type="submit" disabled={sending} leftSection={<IconSend size={18} aria-hidden />}>
                {sending ? t("page.sendingReply") : t("page.sendReply")}
              </Button>
            </Group>
          </Form>
        </section>
        <IntentButton
          action={localize(messagePath(m.id))}
          intent="unread"
          variant="subtle"
          size="sm"
          leftSection={<IconMailOpened size={16} aria-hidden />}
        >
          {t("page.markUnread")}
        </IntentButton>
      </Stack>
    </Container>
  );
}

/** 403 and 404 from the loader or action: a short explanation and the way back (the route's ErrorBoundary). */
export function MessageErrorPage() {
  const { t } = useTranslation("messages");
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const serverText = isRouteErrorResponse(error) ? (error.data as { message?: string })?.message : undefined;
  const text =
    status === 403
      ? serverText
        ? translateMessage(t, serverText)
        : t("page.notLawyer")
      : status === 404
        ? t("page.notFoundText")
        : t("page.errorText");
  const heading =
    status === 404 ? t("page.notFound") : status === 403 ? t("page.noInbox") : t("page.errorTitle");
  return (
    <Container size="sm" py={80}>
      <title>{`${status === 404 ? t("page.notFound") : t("page.inboxTitle")} | LexAtlas`}</title>
      <Stack align="center" ta="center" gap="md" role="alert">
        <Title order={1}>{heading}</Title>
        <Text c="dimmed">{text}</Text>
        <Button component={LocaleLink} to="/dashboard">
          {t("page.goDashboard")}
        </Button>
      </Stack>
    </Container>
  );
}
