/**
 * Customer message routes (spec §2 "Lawyer profile" Send Message, §3 "CustomerMessage",
 * "MessageReply"; issue 4 "Tracking and messages"), declared with @hono/zod-openapi so
 * /api/openapi.json describes them. Handlers are thin: read the JSON body, call one messages
 * service function (server/messages), shape the answer. Expected failures answer JSON
 * `{ message, field?, errors? }` (errors: the message per field) with 400, 401, 403, 404, 413,
 * 415 or 429 (with Retry-After).
 */
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import {
  CustomerMessageSchema,
  MESSAGE_TEXT_MAX,
  MESSAGE_TEXTS,
  MessageReplySchema,
} from "../../lib/messages.ts";
import type { Config } from "../config.ts";
import { MessageError, type MessagesService } from "../messages/service.ts";
import { requestMeta, requireUser } from "./auth-middleware.ts";
import { documentedJsonBody, jsonResponse, SIGNED_IN_SECURITY } from "./openapi.ts";

/** Largest JSON body of a message or reply: 64 KB (5,000 characters of any script fit). */
export const MESSAGE_BODY_LIMIT_BYTES = 64 * 1024;

const ErrorSchema = z
  .object({
    message: z.string(),
    field: z.string().optional().openapi({ description: "The form field of the first problem" }),
    errors: z
      .record(z.string(), z.string())
      .optional()
      .openapi({ description: "The message per form field (invalid input)" }),
  })
  .openapi("MessageError");

const InboxItemSchema = z
  .object({
    id: z.uuid(),
    customerName: z.string(),
    customerEmail: z.string(),
    customerPhone: z.string().nullable(),
    subject: z.string(),
    preview: z.string().openapi({ description: "The first 140 characters, whitespace collapsed" }),
    isRead: z.boolean(),
    createdAt: z.string().openapi({ description: "ISO 8601" }),
    replyCount: z.number().int(),
  })
  .openapi("InboxItem");

const InboxSchema = z
  .object({
    lawyerId: z.number().int(),
    unreadCount: z.number().int(),
    total: z.number().int(),
    messages: z.array(InboxItemSchema).openapi({ description: "Unread first, then newest; at most 100" }),
  })
  .openapi("Inbox");

const DetailSchema = z
  .object({
    id: z.uuid(),
    lawyerId: z.number().int(),
    customerName: z.string(),
    customerEmail: z.string(),
    customerPhone: z.string().nullable(),
    subject: z.string(),
    message: z.string(),
    isRead: z.boolean(),
    createdAt: z.string(),
    replies: z.array(
      z.object({ id: z.uuid(), reply: z.string(), author: z.string(), createdAt: z.string() }),
    ),
  })
  .openapi("CustomerMessage");

const lawyerErrors = {
  401: jsonResponse(ErrorSchema, "Not signed in"),
  403: jsonResponse(ErrorSchema, "A client account, or a lawyer account not linked to a listing"),
};
const bodyErrors = {
  413: jsonResponse(ErrorSchema, "Body larger than 64 KB"),
  415: jsonResponse(ErrorSchema, "Not JSON"),
};
const IdParam = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) });

/** Route middleware: a signed-in caller before the body is read (401 otherwise). */
const signedInFirst: MiddlewareHandler = async (c, next) => {
  requireUser(c);
  await next();
};

/** 413 `{ message }` past MESSAGE_BODY_LIMIT_BYTES; the connection closes (the rest is unread). */
const jsonLimit = bodyLimit({
  maxSize: MESSAGE_BODY_LIMIT_BYTES,
  onError: (c) => {
    c.header("Connection", "close");
    return c.json({ message: MESSAGE_TEXTS.tooLarge }, 413);
  },
});

/** `Cache-Control: no-store` on every answer (personal data). */
const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  c.header("Cache-Control", "no-store");
};

const sendRoute = createRoute({
  method: "post",
  path: "/api/lawyers/{id}/messages",
  operationId: "sendMessageToLawyer",
  summary: "Send a message to a lawyer (Send Message)",
  description:
    "Anyone may send (spec §6). Stores a CustomerMessage for the lawyer's inbox and emails the listing's " +
    `address a notice. name, email and subject at most 255 characters, phone optional (50), message at most ${MESSAGE_TEXT_MAX} ` +
    "characters. Limited to 20 messages per IP per hour.",
  middleware: [jsonLimit] as const,
  request: { params: IdParam, body: documentedJsonBody(CustomerMessageSchema) },
  responses: {
    201: jsonResponse(z.object({ id: z.uuid() }), "Stored; the lawyer is notified"),
    400: jsonResponse(ErrorSchema, "Invalid fields (`errors` per field) or a body that is not JSON"),
    404: jsonResponse(ErrorSchema, "No lawyer with this id (also a malformed id)"),
    ...bodyErrors,
    429: {
      ...jsonResponse(ErrorSchema, "Too many messages from this IP; retry after Retry-After seconds"),
      headers: z.object({ "Retry-After": z.string().openapi({ description: "Seconds" }) }),
    },
  },
});

const inboxRoute = createRoute({
  method: "get",
  path: "/api/messages",
  operationId: "listMessages",
  summary: "My inbox (lawyer accounts with a listing)",
  description: "The messages sent to the caller's listing: unread first, then newest; at most 100.",
  middleware: [signedInFirst] as const,
  security: SIGNED_IN_SECURITY,
  responses: { 200: jsonResponse(InboxSchema, "The inbox"), ...lawyerErrors },
});

const openRoute = createRoute({
  method: "get",
  path: "/api/messages/{id}",
  operationId: "getMessage",
  summary: "Open a message (marks it read)",
  description: "One message of the caller's listing with its replies; opening it marks it read.",
  middleware: [signedInFirst] as const,
  security: SIGNED_IN_SECURITY,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(DetailSchema, "The message, now read"),
    ...lawyerErrors,
    404: jsonResponse(ErrorSchema, "No such message for this listing (also a malformed id)"),
  },
});

const replyRoute = createRoute({
  method: "post",
  path: "/api/messages/{id}/replies",
  operationId: "replyToMessage",
  summary: "Reply to a message",
  description:
    `Stores a MessageReply (at most ${MESSAGE_TEXT_MAX} characters), marks the message read and emails the reply ` +
    "to the customer (plain text, Reply-To the listing's public email). `emailed` is false when the reply was " +
    "stored but the email could not be sent.",
  middleware: [signedInFirst, jsonLimit] as const,
  security: SIGNED_IN_SECURITY,
  request: { params: IdParam, body: documentedJsonBody(MessageReplySchema) },
  responses: {
    201: jsonResponse(z.object({ message: DetailSchema, emailed: z.boolean() }), "Stored and sent"),
    400: jsonResponse(ErrorSchema, "An empty or too long reply, or a body that is not JSON"),
    ...lawyerErrors,
    404: jsonResponse(ErrorSchema, "No such message for this listing (also a malformed id)"),
    ...bodyErrors,
  },
});

/** True when the request says its body is JSON (`Content-Type: application/json`). */
function isJson(c: Context): boolean {
  return /^application\/json\s*(;|$)/i.test(c.req.header("Content-Type") ?? "");
}

/**
 * The JSON body of a request (call isJson first: another type is a 415).
 * @throws MessageError 400 for a body that does not parse
 */
async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new MessageError(400, MESSAGE_TEXTS.notJson);
  }
}

/** Runs a handler's work; a MessageError becomes JSON `{ message, field?, errors? }` (Retry-After on 429). */
async function answer<T>(c: Context, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof MessageError)) throw err;
    if (err.status === 429 && err.retryAfterSeconds !== undefined)
      c.header("Retry-After", String(Math.max(1, Math.ceil(err.retryAfterSeconds))));
    return c.json(
      {
        message: err.message,
        ...(err.field ? { field: err.field } : {}),
        ...(err.fields ? { errors: err.fields } : {}),
      },
      err.status,
    ) as never;
  }
}

/** A listing id from the path: a canonical positive 32-bit integer, else null (answered 404). */
function lawyerIdOf(raw: string): number | null {
  return /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
}

/**
 * Registers the messages routes on `app` (issue 4):
 * - POST /api/lawyers/{id}/messages (CustomerMessageSchema) → 201 `{ id }`; 400 `{ message,
 *   field, errors }`, 404 unknown or malformed lawyer id, 413 over 64 KB, 415 not JSON, 429 past
 *   'message-ip' with Retry-After.
 * - GET /api/messages → 200 the inbox; 401; 403 client account or lawyer without a listing.
 * - GET /api/messages/{id} → 200 the message with replies, now read; 401, 403, 404 (malformed id,
 *   unknown, another listing's).
 * - POST /api/messages/{id}/replies `{ reply }` → 201 `{ message, emailed }`; 400, 401, 403, 404,
 *   413, 415.
 * Every answer is `Cache-Control: no-store`. Requires `authenticate` on /api/* (server/app.ts).
 */
export function registerMessageRoutes(
  // biome-ignore lint/suspicious/noExplicitAny: any Hono env
  app: OpenAPIHono<any>,
  {
    messages,
    config,
  }: { messages: MessagesService; config: Pick<Config, "PUBLIC_URL" | "TRUST_PROXY" | "PORT" | "HOST"> },
): void {
  app.use("/api/messages", noStore);
  app.use("/api/messages/*", noStore);
  app.use("/api/lawyers/:id/messages", noStore);

  app.openapi(sendRoute, (c) =>
    answer(c, async () => {
      const lawyerId = lawyerIdOf(c.req.param("id"));
      if (lawyerId === null) throw new MessageError(404, MESSAGE_TEXTS.unknownLawyer);
      if (!isJson(c)) return c.json({ message: MESSAGE_TEXTS.notJson }, 415) as never;
      const body = await readJson(c);
      const { ip } = requestMeta(c, config);
      return c.json(await messages.send(lawyerId, body, { ip }), 201);
    }),
  );

  app.openapi(inboxRoute, (c) =>
    answer(c, async () => c.json(await messages.inbox(requireUser(c).user), 200)),
  );

  app.openapi(openRoute, (c) =>
    answer(c, async () => c.json(await messages.open(requireUser(c).user, c.req.param("id")), 200)),
  );

  app.openapi(replyRoute, (c) =>
    answer(c, async () => {
      const { user } = requireUser(c);
      if (!isJson(c)) return c.json({ message: MESSAGE_TEXTS.notJson }, 415) as never;
      const body = await readJson(c);
      return c.json(await messages.reply(user, c.req.param("id"), body), 201);
    }),
  );
}
