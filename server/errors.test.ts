/**
 * The one error hierarchy and its HTTP mapping (issue 13 §3): each class's status, field errors
 * in either form, Retry-After only for RateLimitedError, and the 400 of a failed zod validation.
 */

import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { english } from "../tests/support/english.ts";
import {
  ConflictError,
  ForbiddenError,
  isDomainError,
  NotFoundError,
  PayloadTooLargeError,
  RateLimitedError,
  UnauthorizedError,
  UnprocessableError,
  UnsupportedMediaTypeError,
  ValidationError,
} from "./errors.ts";
import {
  BAD_JSON_MESSAGE,
  errorHandler,
  NOT_JSON_MESSAGE,
  NOT_OBJECT_MESSAGE,
  validationErrorOf,
} from "./http.ts";
import { createLogger } from "./logger.ts";

/** The answer of an app whose one route throws `err`. */
async function answerTo(err: unknown) {
  const app = new Hono();
  app.onError(errorHandler(createLogger("silent")));
  app.get("/", () => {
    throw err;
  });
  const res = await app.request("/");
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

describe("DomainError", () => {
  it("each class stands for one status and keeps its name", () => {
    const cases = [
      [new ValidationError("m"), 400],
      [new UnauthorizedError("m"), 401],
      [new ForbiddenError("m"), 403],
      [new NotFoundError("m"), 404],
      [new ConflictError("m"), 409],
      [new PayloadTooLargeError("m"), 413],
      [new UnsupportedMediaTypeError("m"), 415],
      [new UnprocessableError("m"), 422],
      [new RateLimitedError("m", 1), 429],
    ] as const;
    for (const [err, status] of cases) {
      expect(err.status).toBe(status);
      expect(err.name).toBe(err.constructor.name);
      expect(isDomainError(err)).toBe(true);
    }
    expect(isDomainError(new Error("x"))).toBe(false);
  });

  it("takes a field name or messages per field, and reads them back", () => {
    const one = new ValidationError("Enter your name.", "name");
    expect(one.fieldErrors).toEqual({ name: ["Enter your name."] });
    expect(one.field).toBe("name");
    const many = new ValidationError("Fix these.", { name: "Enter your name.", bio: ["Too long.", "NUL."] });
    expect(many.fieldErrors).toEqual({ name: ["Enter your name."], bio: ["Too long.", "NUL."] });
    expect(many.fieldMessages).toEqual({ name: "Enter your name.", bio: "Too long." });
    expect(new NotFoundError("Gone.").fieldErrors).toBeUndefined();
    expect(new RateLimitedError("Wait.", 0.2).retryAfterSeconds).toBe(1);
  });
});

describe("errorHandler", () => {
  it("answers the one error body with the class's status; Retry-After only on 429", async () => {
    const bad = await answerTo(new ValidationError("Enter your name.", "name"));
    expect(bad).toMatchObject({
      status: 400,
      body: { message: "Enter your name.", fieldErrors: { name: ["Enter your name."] } },
    });
    expect(bad.headers.get("Retry-After")).toBeNull();
    const limited = await answerTo(new RateLimitedError("Too many.", 90.5));
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: "Too many." });
    expect(limited.headers.get("Retry-After")).toBe("91");
    expect((await answerTo(new UnauthorizedError("Sign in."))).headers.get("WWW-Authenticate")).toMatch(
      /^Bearer/,
    );
    expect((await answerTo(new PayloadTooLargeError("Big."))).headers.get("Connection")).toBe("close");
  });

  it("maps Hono's own exceptions to the hierarchy, and anything else to a 500 without details", async () => {
    expect((await answerTo(new HTTPException(415, { message: "Unsupported Media Type" }))).body).toEqual({
      message: english(NOT_JSON_MESSAGE),
    });
    expect(
      (await answerTo(new HTTPException(400, { message: "Malformed JSON in request body" }))).body,
    ).toEqual({
      message: english(BAD_JSON_MESSAGE),
    });
    const boom = await answerTo(new Error("database password is hunter2"));
    expect(boom.status).toBe(500);
    expect(JSON.stringify(boom.body)).not.toContain("hunter2");
  });
});

describe("validationErrorOf", () => {
  const schema = z
    .object({
      name: z.string({ error: "Enter your name." }),
      age: z.number().int(),
      tags: z.array(z.string()),
    })
    .strict();

  it("keeps every field's messages, the first as the message; bare zod messages name their field", () => {
    const r = schema.safeParse({ age: 1.5, tags: [1], extra: true });
    if (r.success) throw new Error("expected a failure");
    const err = validationErrorOf(r.error.issues);
    expect(err.status).toBe(400);
    expect(err.message).toBe("Enter your name.");
    expect(Object.keys(err.fieldErrors ?? {})).toEqual(["name", "age", "tags", "extra"]);
    expect(english(err.fieldErrors?.tags?.[0] ?? "")).toBe("tags.0: Enter text.");
    expect(err.fieldErrors?.extra?.map(english)).toEqual(["Unknown field: extra"]);
  });

  it("says so when the body is not an object, and keeps a rule over the whole body", () => {
    const notObject = schema.safeParse([]);
    if (notObject.success) throw new Error("expected a failure");
    expect(validationErrorOf(notObject.error.issues).message).toBe(NOT_OBJECT_MESSAGE);
    const some = z
      .object({ a: z.string().optional() })
      .refine((v) => v.a !== undefined, "Send at least one field.");
    const empty = some.safeParse({});
    if (empty.success) throw new Error("expected a failure");
    expect(validationErrorOf(empty.error.issues)).toMatchObject({
      message: "Send at least one field.",
      fieldErrors: undefined,
    });
  });
});
