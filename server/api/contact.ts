/**
 * POST /api/contact (spec §2 "Contact", §3 "Contact form fields"; issue 4 "Contact form"): the
 * contact form for API clients, stored and emailed to SUPPORT_EMAIL by the contact service
 * (server/contact). The contact page itself posts to its own action (app/routes/contact.tsx),
 * which calls the same service.
 */
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { CONTACT_CATEGORIES } from "../../lib/constants.ts";
import { CONTACT_MESSAGE_MAX, CONTACT_TEXTS, ContactSchema } from "../../lib/contact.ts";
import type { Config } from "../config.ts";
import { ContactError, type ContactService } from "../contact/service.ts";
import { requestMeta } from "./auth-middleware.ts";
import { documentedJsonBody, jsonResponse } from "./openapi.ts";

/** Largest JSON body of POST /api/contact: 64 KB (5,000 characters of any script fit). */
export const CONTACT_BODY_LIMIT_BYTES = 64 * 1024;

const ErrorSchema = z
  .object({
    message: z.string(),
    field: z.string().optional(),
    errors: z.record(z.string(), z.string()).optional().openapi({ description: "The message per field" }),
  })
  .openapi("ContactError");

const contactRoute = createRoute({
  method: "post",
  path: "/api/contact",
  operationId: "sendContactMessage",
  summary: "Send the contact form",
  description:
    "Stores the message and emails it to the support address with its category and priority. Required: name, " +
    `email, subject, category (${CONTACT_CATEGORIES.join(", ")}), message (at most ${CONTACT_MESSAGE_MAX} characters); ` +
    "optional phone, priority (low, medium, high, urgent; default medium). Limited to 10 per IP per hour.",
  middleware: [
    bodyLimit({
      maxSize: CONTACT_BODY_LIMIT_BYTES,
      onError: (c) => {
        c.header("Connection", "close");
        return c.json({ message: CONTACT_TEXTS.tooLarge }, 413);
      },
    }),
  ] as const,
  request: {
    body: documentedJsonBody(ContactSchema),
  },
  responses: {
    201: jsonResponse(z.object({ id: z.uuid() }), "Stored; the support team is emailed"),
    400: jsonResponse(ErrorSchema, "Invalid fields (`errors` per field) or a body that is not JSON"),
    413: jsonResponse(ErrorSchema, "Body larger than 64 KB"),
    415: jsonResponse(ErrorSchema, "Not JSON"),
    429: {
      ...jsonResponse(ErrorSchema, "Too many messages from this IP; retry after Retry-After seconds"),
      headers: z.object({ "Retry-After": z.string().openapi({ description: "Seconds" }) }),
    },
  },
});

/** JSON answer of a ContactError: `{ message, field?, errors? }`, Retry-After on 429. */
function contactErrorResponse(c: Context, err: ContactError): Response {
  if (err.status === 429 && err.retryAfterSeconds !== undefined)
    c.header("Retry-After", String(Math.max(1, Math.ceil(err.retryAfterSeconds))));
  return c.json(
    {
      message: err.message,
      ...(err.field ? { field: err.field } : {}),
      ...(err.fields ? { errors: err.fields } : {}),
    },
    err.status,
  );
}

/**
 * Registers POST /api/contact on `app`: 201 `{ id }`; 400 `{ message, field, errors }` for
 * invalid fields or a body that does not parse, 413 over 64 KB, 415 not JSON, 429 past
 * 'contact-ip' with Retry-After. Answers are `Cache-Control: no-store`.
 */
export function registerContactRoutes(
  // biome-ignore lint/suspicious/noExplicitAny: any Hono env
  app: OpenAPIHono<any>,
  {
    contact,
    config,
  }: { contact: ContactService; config: Pick<Config, "PUBLIC_URL" | "TRUST_PROXY" | "PORT" | "HOST"> },
): void {
  app.openapi(contactRoute, async (c) => {
    c.header("Cache-Control", "no-store");
    if (!/^application\/json\s*(;|$)/i.test(c.req.header("Content-Type") ?? ""))
      return c.json({ message: CONTACT_TEXTS.notJson }, 415);
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json({ message: CONTACT_TEXTS.notJson }, 400);
    }
    try {
      return c.json(await contact.submit(body, requestMeta(c, config)), 201);
    } catch (err) {
      if (err instanceof ContactError) return contactErrorResponse(c, err) as never;
      throw err;
    }
  });
}
