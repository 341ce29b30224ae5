/**
 * /dashboard/messages?id=<message id> (issue 4 "Tracking and messages"; spec §3 "CustomerMessage",
 * "MessageReply"): one message of the lawyer's inbox, opened. The loader marks it read ("marked
 * read when opened") and shows it in full with the thread of earlier replies and a reply form;
 * the action stores a reply (emailed to the customer) or marks the message unread again. Only for
 * the lawyer of the listing the message was sent to: others get 403 (client accounts, lawyers
 * without a listing) or 404 (another listing's message, a malformed or unknown id). Plain forms:
 * everything works without JavaScript. Without `id` the address goes to the dashboard's inbox.
 */
import { Anchor, Button, Container, Group, Paper, Stack, Text, Textarea, Title } from "@mantine/core";
import { IconArrowLeft, IconMailOpened, IconSend } from "@tabler/icons-react";
import { data, Form, isRouteErrorResponse, Link, redirect, useNavigation, useRouteError } from "react-router";
import { MESSAGE_TEXT_MAX, MESSAGE_TEXTS } from "../../lib/messages.ts";
import { servicesContext } from "../context";
import { isDomainError } from "../domain-error";
import { formatMessageTime, messagePath } from "../features/messages/InboxPanel";
import { telHref } from "../features/profile/profile";
import { pageMeta, siteFromMatches } from "../seo";
import { requireUser } from "../session";
import { FormAlert } from "../ui/form";
import type { Route } from "./+types/dashboard.messages";

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
  if (!id) throw redirect("/dashboard#inbox");
  try {
    const message = await context.get(servicesContext).messages.open(user, id);
    const replied = url.searchParams.get("replied");
    return { message, replied: replied === "sent" || replied === "unsent" ? replied : null };
  } catch (error) {
    if (isDomainError(error)) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}

/** What the reply form's action answers on failure: the message and the typed reply. */
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
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data<ReplyFailure>({ error: MESSAGE_TEXTS.invalid, reply: "" }, { status: 400 });
  }
  const intent = form.get("intent");
  const reply = typeof form.get("reply") === "string" ? (form.get("reply") as string) : "";
  try {
    if (intent === "unread") {
      await messages.setRead(user, id, false);
      return redirect("/dashboard#inbox");
    }
    if (intent !== "reply") return data<ReplyFailure>({ error: "Unknown form.", reply }, { status: 400 });
    const result = await messages.reply(user, id, { reply });
    return redirect(`${messagePath(id)}&replied=${result.emailed ? "sent" : "unsent"}#replies`);
  } catch (error) {
    if (!isDomainError(error)) {
      logger.error({ err: error }, "inbox form failed");
      return data<ReplyFailure>(
        { error: "Something went wrong on our side. Please try again.", reply },
        { status: 500 },
      );
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

/** Title "Message from …"; noindex (a private page). */
export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta(siteFromMatches(matches), {
    title: loaderData ? `Message: ${loaderData.message.subject}` : "Message",
    description: "A message from your LexAtlas inbox.",
    path: "/dashboard/messages",
    noindex: true,
  });
}

/** The back link to the dashboard's inbox. */
function BackToInbox() {
  return (
    <Anchor component={Link} to="/dashboard#inbox" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden /> Back to inbox
      </Group>
    </Anchor>
  );
}

/** The opened message, its replies and the reply form. */
export default function MessagePage({ loaderData, actionData }: Route.ComponentProps) {
  const { message: m, replied } = loaderData;
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
            Received {formatMessageTime(m.createdAt)}
          </Text>
        </div>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="message-from">
          <Text fw={700} id="message-from" style={{ overflowWrap: "anywhere" }}>
            From {m.customerName}
          </Text>
          <Group gap="md" mt={2}>
            <Anchor href={`mailto:${m.customerEmail}`} size="sm" style={{ overflowWrap: "anywhere" }}>
              {m.customerEmail}
            </Anchor>
            {m.customerPhone && (
              <Anchor href={telHref(m.customerPhone)} size="sm">
                {m.customerPhone}
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
            Replies
          </Title>
          {replied === "sent" && <FormAlert tone="success">{MESSAGE_TEXTS.replySent}</FormAlert>}
          {replied === "unsent" && (
            <FormAlert tone="error">
              Your reply is saved, but the email to the client could not be sent. Please write to{" "}
              {m.customerEmail} directly.
            </FormAlert>
          )}
          {m.replies.length === 0 ? (
            <Text size="sm" c="dimmed" mb="md">
              You have not replied yet.
            </Text>
          ) : (
            <Stack component="ol" gap="sm" p={0} m={0} mb="md" style={{ listStyle: "none" }}>
              {m.replies.map((r) => (
                <Paper component="li" key={r.id} withBorder p="md" radius="md" bg="gray.0">
                  <Text size="sm" fw={600}>
                    {r.author} · <span style={{ fontWeight: 400 }}>{formatMessageTime(r.createdAt)}</span>
                  </Text>
                  <Text mt={4} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                    {r.reply}
                  </Text>
                </Paper>
              ))}
            </Stack>
          )}

          <Form method="post" action={messagePath(m.id)} noValidate aria-label="Reply">
            <input type="hidden" name="intent" value="reply" />
            <Textarea
              key={m.replies.length}
              name="reply"
              label="Your reply"
              description={`Sent by email to ${m.customerEmail}, at most ${MESSAGE_TEXT_MAX.toLocaleString("en-US")} characters. Replies to it come to your listing's email.`}
              required
              autosize
              minRows={4}
              maxRows={14}
              maxLength={MESSAGE_TEXT_MAX}
              defaultValue={failure?.reply ?? ""}
              error={failure?.error}
              aria-invalid={failure?.error ? true : undefined}
            />
            <Group mt="md" justify="space-between">
              <Button type="submit" disabled={sending} leftSection={<IconSend size={18} aria-hidden />}>
                {sending ? "Sending reply..." : "Send reply"}
              </Button>
            </Group>
          </Form>
        </section>
        <Form method="post" action={messagePath(m.id)}>
          <input type="hidden" name="intent" value="unread" />
          <Button
            type="submit"
            variant="subtle"
            size="sm"
            leftSection={<IconMailOpened size={16} aria-hidden />}
          >
            Mark as unread
          </Button>
        </Form>
      </Stack>
    </Container>
  );
}

/** 403 and 404 from the loader or action: a short explanation and the way back. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const text =
    status === 403
      ? ((isRouteErrorResponse(error) && (error.data as { message?: string })?.message) ??
        MESSAGE_TEXTS.notLawyer)
      : status === 404
        ? "This message does not exist, or it was sent to another listing."
        : "We encountered an unexpected error. Please try refreshing the page.";
  return (
    <Container size="sm" py={80}>
      <title>{status === 404 ? `${MESSAGE_TEXTS.notFound} | LexAtlas` : "Inbox | LexAtlas"}</title>
      <Stack align="center" ta="center" gap="md" role="alert">
        <Title order={1}>
          {status === 404 ? MESSAGE_TEXTS.notFound : status === 403 ? "No inbox" : "Something went wrong"}
        </Title>
        <Text c="dimmed">{text}</Text>
        <Button component={Link} to="/dashboard">
          Go to the dashboard
        </Button>
      </Stack>
    </Container>
  );
}
