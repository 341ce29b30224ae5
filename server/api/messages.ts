/**
 * Customer message routes (spec §2 "Lawyer profile" Send Message, §3 "CustomerMessage",
 * "MessageReply"; issue 4 "Tracking and messages"), declared with @hono/zod-openapi so
 * /api/openapi.json describes them. The JSON bodies are declared with the shared
 * schemas of lib/messages.ts, which validate them; handlers are thin: call one messages service
 * function (server/messages), shape the answer. Expected failures are DomainErrors, answered as
 * `{ message, fieldErrors? }` (server/http.ts) with 400, 401, 403, 404, 413, 415 or 429 (with
 * Retry-After).
 */

import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { isLawyerId } from "../../lib/ids.ts";
import {
  CustomerMessageSchema,
  MESSAGE_TEXT_MAX,
  MESSAGE_TEXTS,
  MessageReplySchema,
} from "../../lib/messages.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { NotFoundError } from "../errors.ts";
import { errorResponse, jsonBody, rateLimitedResponse } from "../http.ts";
import { apiLocale } from "../i18n.ts";
import type { MessagesService } from "../messages/service.ts";
import { optionalUser, requestMeta, requireUser } from "./auth-middleware.ts";
import { jsonResponse, signedInRoute } from "./openapi.ts";
import { LISTING_PHONE_COUNTRY_DESCRIPTION, phoneCountryDefaults } from "./phone-country.ts";

/** Largest JSON body of a message or reply: 64 KB (5,000 characters of any script fit). */
export const MESSAGE_BODY_LIMIT_BYTES = 64 * 1024;

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
  401: errorResponse("Not signed in"),
  403: errorResponse("A client account, or a lawyer account not linked to a listing"),
};
const bodyErrors = {
  413: errorResponse("Body larger than 64 KB"),
  415: errorResponse("Not JSON"),
};
const IdParam = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) });

/** Route middleware: a signed-in caller before the body is read (401 otherwise). */
const signedInFirst: MiddlewareHandler = async (c, next) => {
  requireUser(c);
  await next();
};

/** The body rules of a message or reply (server/http.ts jsonBody): 64 KB. */
const BODY_RULES = { maxBytes: MESSAGE_BODY_LIMIT_BYTES, tooLargeMessage: MESSAGE_TEXTS.tooLarge } as const;

/** A listing id from the path: a canonical positive 32-bit integer, else null (answered 404). */
function lawyerIdOf(raw: string): number | null {
  return /^[1-9]\d{0,9}$/.test(raw) && isLawyerId(Number(raw)) ? Number(raw) : null;
}

/** Route middleware: a malformed lawyer id is 404 before the body is validated (as an unknown one). */
const knownLawyerId: MiddlewareHandler = async (c, next) => {
  if (lawyerIdOf(c.req.param("id") ?? "") === null) throw new NotFoundError(MESSAGE_TEXTS.unknownLawyer);
  await next();
};

/** `Cache-Control: no-store` on every answer (personal data). */
const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  c.header("Cache-Control", "no-store");
};

/**
 * The Send Message route; its middleware reads a listing's country from `db` for a national phone
 * sent without `phoneCountry` or an Accept-Language region (issue 28 §4).
 */
const sendRouteWith = (db: Pick<Db, "select">) =>
  createRoute({
    method: "post",
    path: "/api/lawyers/{id}/messages",
    operationId: "sendMessageToLawyer",
    summary: "Send a message to a lawyer (Send Message)",
    description:
      "Anyone may send (spec §6). Stores a CustomerMessage for the lawyer's inbox and emails the listing's " +
      `address a notice. name, email and subject at most 255 characters, phone optional (50), message at most ${MESSAGE_TEXT_MAX} ` +
      "characters. Limited to 20 messages per IP per hour. " +
      LISTING_PHONE_COUNTRY_DESCRIPTION,
    middleware: [knownLawyerId, phoneCountryDefaults({ db, lawyerIdOf: (c) => c.req.param("id") })] as const,
    request: { params: IdParam, body: jsonBody(CustomerMessageSchema, BODY_RULES) },
    responses: {
      201: jsonResponse(z.object({ id: z.uuid() }), "Stored; the lawyer is notified"),
      400: errorResponse("Invalid fields (`fieldErrors` per field) or a body that is not valid JSON"),
      404: errorResponse("No lawyer with this id (also a malformed id)"),
      ...bodyErrors,
      429: rateLimitedResponse("Too many messages from this IP; retry after Retry-After seconds"),
    },
  });

const inboxRoute = signedInRoute(signedInFirst, {
  method: "get",
  path: "/api/messages",
  operationId: "listMessages",
  summary: "My inbox (lawyer accounts with a listing)",
  description: "The messages sent to the caller's listing: unread first, then newest; at most 100.",
  responses: { 200: jsonResponse(InboxSchema, "The inbox"), ...lawyerErrors },
});

const openRoute = signedInRoute(signedInFirst, {
  method: "get",
  path: "/api/messages/{id}",
  operationId: "getMessage",
  summary: "Open a message (marks it read)",
  description: "One message of the caller's listing with its replies; opening it marks it read.",
  request: { params: IdParam },
  responses: {
    200: jsonResponse(DetailSchema, "The message, now read"),
    ...lawyerErrors,
    404: errorResponse("No such message for this listing (also a malformed id)"),
  },
});

const replyRoute = signedInRoute(signedInFirst, {
  method: "post",
  path: "/api/messages/{id}/replies",
  operationId: "replyToMessage",
  summary: "Reply to a message",
  description:
    `Stores a MessageReply (at most ${MESSAGE_TEXT_MAX} characters), marks the message read and emails the reply ` +
    "to the customer (plain text, Reply-To the listing's public email). `emailed` is false when the reply was " +
    "stored but the email could not be sent.",
  request: { params: IdParam, body: jsonBody(MessageReplySchema, BODY_RULES) },
  responses: {
    201: jsonResponse(z.object({ message: DetailSchema, emailed: z.boolean() }), "Stored and sent"),
    400: errorResponse("An empty or too long reply, or a body that is not valid JSON"),
    ...lawyerErrors,
    404: errorResponse("No such message for this listing (also a malformed id)"),
    ...bodyErrors,
  },
});

/**
 * Registers the messages routes on `app` (issue 4):
 * - POST /api/lawyers/{id}/messages (CustomerMessageSchema) → 201 `{ id }`; 400 `{ message,
 *   fieldErrors }`, 404 unknown or malformed lawyer id, 413 over 64 KB, 415 not JSON, 429 past
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
    db,
  }: {
    messages: MessagesService;
    config: Pick<Config, "PUBLIC_URL" | "TRUST_PROXY" | "PORT" | "HOST">;
    /** Issue 28 §4: where the listing's country is read for a national phone. */
    db: Pick<Db, "select">;
  },
): void {
  app.use("/api/messages", noStore);
  app.use("/api/messages/*", noStore);
  app.use("/api/lawyers/:id/messages", noStore);

  app.openapi(sendRouteWith(db), async (c) => {
    const lawyerId = Number(c.req.valid("param").id);
    const { ip } = requestMeta(c, config);
    return c.json(
      await messages.send(lawyerId, c.req.valid("json"), {
        ip,
        locale: apiLocale(c.req.header("Accept-Language")),
        // Issue 17 §4: a signed-in sender's message belongs to the account (export, erasure).
        senderUserId: optionalUser(c)?.user.id ?? null,
      }),
      201,
    );
  });

  app.openapi(inboxRoute, async (c) => c.json(await messages.inbox(requireUser(c).user), 200));

  app.openapi(openRoute, async (c) =>
    c.json(await messages.open(requireUser(c).user, c.req.valid("param").id), 200),
  );

  app.openapi(replyRoute, async (c) => {
    const { user } = requireUser(c);
    return c.json(await messages.reply(user, c.req.valid("param").id, c.req.valid("json")), 201);
  });
}
