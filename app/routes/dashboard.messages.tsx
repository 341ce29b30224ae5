/**
 * /dashboard/messages?id=<message id> (issue 4 "Tracking and messages"; spec §3 "CustomerMessage",
 * "MessageReply"): one message of the lawyer's inbox, opened. The loader marks it read ("marked
 * read when opened") and shows it in full with the thread of earlier replies and a reply form;
 * the action stores a reply (emailed to the customer) or marks the message unread again. Only for
 * the lawyer of the listing the message was sent to: others get 403 (client accounts, lawyers
 * without a listing) or 404 (another listing's message, a malformed or unknown id). Plain forms:
 * everything works without JavaScript. Without `id` the address goes to the dashboard's inbox.
 * Issue 14: texts in the page's language (namespace "messages"), times for its locale, redirects
 * keep the locale, errors through translateMessage.
 */

import { Anchor, Button, Container, Group, Paper, Stack, Text, Textarea, Title } from "@mantine/core";
import { IconArrowLeft, IconMailOpened, IconSend } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { data, Form, isRouteErrorResponse, useNavigation, useRouteError } from "react-router";
import { numberFormat } from "../../lib/i18n/intl-cache.ts";
import { dirOf } from "../../lib/i18n/locales.ts";
import { msg, translateMessage } from "../../lib/i18n/message.ts";
import { MESSAGE_TEXT_MAX } from "../../lib/messages.ts";
import { servicesContext } from "../context";
import { isDomainError } from "../domain-error";
import { formatMessageTime, messagePath } from "../features/messages/InboxPanel";
import { type PageForm, readPageForm, refuseInvalidText } from "../form-input";
import { useTimeZone } from "../i18n/format";
import { getT } from "../i18n/i18n";
import { localizedRedirect, useLocale, useLocalizePath } from "../i18n/locale";
import { viewerPhone } from "../i18n/phone.server";
import { pageHeaders } from "../route-headers";
import { pageMeta, siteFromMatches } from "../seo";
import { requireUser } from "../session";
import { FormAlert } from "../ui/form";
import { LocaleLink } from "../ui/LocaleLink";
import type { Route } from "./+types/dashboard.messages";

/** The page's response headers: a 429's Retry-After passed through (app/route-headers.ts, issue 27 §2). */
export const headers = pageHeaders();

/**
 * Opens the message `?id=` of the signed-in lawyer's listing (marks it read) and answers it with
 * its replies and the notice of `?replied=` (after a reply). Signed-out visitors go to /login and
 * back; no `id` redirects to /dashboard#inbox.
 * @throws Response 403 for a client or a lawyer without a listing, 404 for any other listing's or
 *   an unknown or malformed id
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const id = url.searchParams.get("id");
  if (!id) throw localizedRedirect(request, "/dashboard#inbox");
  try {
    const message = await context.get(servicesContext).messages.open(user, id);
    const replied = url.searchParams.get("replied");
    // The customer's phone (E.164) for the lawyer reading it: national in their own region (issue 14 §2).
    const phone = message.customerPhone ? viewerPhone(message.customerPhone, request) : null;
    return { message, phone, replied: replied === "sent" || replied === "unsent" ? replied : null };
  } catch (error) {
    if (isDomainError(error)) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}

/** What the reply form's action answers on failure: the message (a catalog reference or text) and the typed reply. */
export interface ReplyFailure {
  error: string;
  reply: string;
}

/**
 * The message page's forms (field `intent`): `reply` with `reply` stores the reply, emails it and
 * redirects to the message with `?replied=sent` (or `unsent` when the email failed); `unread`
 * marks the message unread and goes back to the inbox. A failed reply answers 400 with the typed
 * text kept (ReplyFailure); 403/404 as the loader.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const { messages, logger } = context.get(servicesContext);
  const id = new URL(request.url).searchParams.get("id") ?? "";
  let form: PageForm;
  try {
    form = await readPageForm(request);
  } catch {
    return data<ReplyFailure>({ error: msg("messages:invalid"), reply: "" }, { status: 400 });
  }
  const intent = form.text("intent");
  const reply = form.text("reply") ?? "";
  try {
    refuseInvalidText(form);
    if (intent === "unread") {
      await messages.setRead(user, id, false);
      return localizedRedirect(request, "/dashboard#inbox");
    }
    if (intent !== "reply")
      return data<ReplyFailure>({ error: msg("messages:page.unknownForm"), reply }, { status: 400 });
    const result = await messages.reply(user, id, { reply });
    return localizedRedirect(
      request,
      `${messagePath(id)}&replied=${result.emailed ? "sent" : "unsent"}#replies`,
    );
  } catch (error) {
    if (!isDomainError(error)) {
      logger.error({ err: error }, "inbox form failed");
      return data<ReplyFailure>({ error: msg("messages:page.serverError"), reply }, { status: 500 });
    }
    if (error.status === 400) {
      return data<ReplyFailure>(
        { error: error.fieldMessages.reply ?? error.message, reply },
        { status: 400 },
      );
    }
    throw data({ message: error.message }, { status: error.status });
  }
}

/** Title "Message: …" in the page's language; noindex (a private page). */
export function meta({ matches, loaderData }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "messages");
  return pageMeta(site, {
    title: loaderData
      ? t("page.metaTitle", { subject: loaderData.message.subject })
      : t("page.metaTitleFallback"),
    description: t("page.metaDescription"),
    path: "/dashboard/messages",
    noindex: true,
  });
}

/** The back link to the dashboard's inbox. */
function BackToInbox() {
  const { t } = useTranslation("messages");
  const rtl = dirOf(useLocale()) === "rtl";
  return (
    <Anchor component={LocaleLink} to="/dashboard#inbox" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden style={rtl ? { transform: "scaleX(-1)" } : undefined} />{" "}
        {t("page.back")}
      </Group>
    </Anchor>
  );
}

/** The opened message, its replies and the reply form. */
export default function MessagePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("messages");
  const locale = useLocale();
  const timeZone = useTimeZone();
  const localize = useLocalizePath();
  const { message: m, phone, replied } = loaderData;
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "reply";
  const failure = actionData as ReplyFailure | undefined;
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
              defaultValue={failure?.reply ?? ""}
              error={failure?.error ? translateMessage(t, failure.error) : undefined}
              aria-invalid={failure?.error ? true : undefined}
            />
            <Group mt="md" justify="space-between">
              <Button type="submit" disabled={sending} leftSection={<IconSend size={18} aria-hidden />}>
                {sending ? t("page.sendingReply") : t("page.sendReply")}
              </Button>
            </Group>
          </Form>
        </section>
        <Form method="post" action={localize(messagePath(m.id))}>
          <input type="hidden" name="intent" value="unread" />
          <Button
            type="submit"
            variant="subtle"
            size="sm"
            leftSection={<IconMailOpened size={16} aria-hidden />}
          >
            {t("page.markUnread")}
          </Button>
        </Form>
      </Stack>
    </Container>
  );
}

/** 403 and 404 from the loader or action: a short explanation and the way back. */
export function ErrorBoundary() {
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
