/**
 * POST /api/contact (spec §2 "Contact", §3 "Contact form fields"; issue 4 "Contact form"): the
 * contact form for API clients, stored and emailed to SUPPORT_EMAIL by the contact service
 * (server/contact). The contact page itself posts to its own action (app/routes/contact.tsx),
 * which calls the same service.
 */
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { CONTACT_CATEGORIES } from "../../lib/constants.ts";
import { CONTACT_MESSAGE_MAX, CONTACT_TEXTS, ContactSchema } from "../../lib/contact.ts";
import type { Config } from "../config.ts";
import type { ContactService } from "../contact/service.ts";
import { errorResponse, jsonBody, rateLimitedResponse } from "../http.ts";
import { requestMeta } from "./auth-middleware.ts";
import { jsonResponse } from "./openapi.ts";
import { PHONE_COUNTRY_DESCRIPTION, phoneCountryFromAcceptLanguage } from "./phone-country.ts";

/** Largest JSON body of POST /api/contact: 64 KB (5,000 characters of any script fit). */
export const CONTACT_BODY_LIMIT_BYTES = 64 * 1024;

const contactRoute = createRoute({
  method: "post",
  path: "/api/contact",
  operationId: "sendContactMessage",
  summary: "Send the contact form",
  description:
    "Stores the message and emails it to the support address with its category and priority. Required: name, " +
    `email, subject, category (${CONTACT_CATEGORIES.join(", ")}), message (at most ${CONTACT_MESSAGE_MAX} characters); ` +
    "optional phone, priority (low, medium, high, urgent; default medium). Limited to 10 per IP per hour. " +
    PHONE_COUNTRY_DESCRIPTION,
  middleware: [phoneCountryFromAcceptLanguage] as const,
  request: {
    body: jsonBody(ContactSchema, {
      maxBytes: CONTACT_BODY_LIMIT_BYTES,
      tooLargeMessage: CONTACT_TEXTS.tooLarge,
    }),
  },
  responses: {
    201: jsonResponse(z.object({ id: z.uuid() }), "Stored; the support team is emailed"),
    400: errorResponse("Invalid fields (`fieldErrors` per field) or a body that is not valid JSON"),
    413: errorResponse("Body larger than 64 KB"),
    415: errorResponse("Not JSON"),
    429: rateLimitedResponse("Too many messages from this IP; retry after Retry-After seconds"),
  },
});

/**
 * Registers POST /api/contact on `app`: 201 `{ id }`; 400 `{ message, fieldErrors }` for
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
    return c.json(await contact.submit(c.req.valid("json"), requestMeta(c, config)), 201);
  });
}
