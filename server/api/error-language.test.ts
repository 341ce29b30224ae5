/**
 * Every 4xx `message` follows `Accept-Language` (issue 14 §1), through the real server and the
 * one error pipeline (server/http.ts): German, Japanese and Arabic answers, English without the
 * header and for an unsupported language, translated `fieldErrors`, and the `Content-Language`
 * and `Vary` headers that say so. The document describes the header on every route.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../tests/support/db.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import type { Database } from "../db/client.ts";

let database: Database;
let server: TestServer;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer(database.db);
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

/** POST /api/auth/login with `body` and optional Accept-Language. */
async function login(body: unknown, acceptLanguage?: string) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (acceptLanguage) headers["Accept-Language"] = acceptLanguage;
  const res = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: "POST",
    headers,
    body: JSON.stringify(body),
  });
  return { res, body: (await res.json()) as { message: string; fieldErrors?: Record<string, string[]> } };
}

const WRONG = { email: "nobody@example.com", password: "not the password 1" };

describe("4xx messages by Accept-Language (issue 14 §1)", () => {
  it("answers a 401 in English without the header, with Content-Language and Vary", async () => {
    const { res, body } = await login(WRONG);
    expect(res.status).toBe(401);
    expect(body.message).toBe("Invalid email or password.");
    expect(res.headers.get("Content-Language")).toBe("en");
    expect(res.headers.get("Vary")).toMatch(/Accept-Language/);
  });

  it("answers in German, Japanese and Arabic", async () => {
    const de = await login(WRONG, "de-DE,de;q=0.9,en;q=0.5");
    expect(de.res.status).toBe(401);
    expect(de.body.message).toBe("E-Mail-Adresse oder Passwort ist falsch.");
    expect(de.res.headers.get("Content-Language")).toBe("de");
    const ja = await login(WRONG, "ja");
    expect(ja.body.message).toBe("メールアドレスまたはパスワードが正しくありません。");
    expect(ja.res.headers.get("Content-Language")).toBe("ja");
    const ar = await login(WRONG, "ar-EG");
    expect(ar.body.message).toBe("البريد الإلكتروني أو كلمة المرور غير صحيحة.");
    expect(ar.res.headers.get("Content-Language")).toBe("ar");
  });

  it("falls back to English for a language LexAtlas does not speak", async () => {
    const { res, body } = await login(WRONG, "zz, xx-YY;q=0.5");
    expect(body.message).toBe("Invalid email or password.");
    expect(res.headers.get("Content-Language")).toBe("en");
  });

  it("translates every field error of a failed validation, with ICU arguments", async () => {
    const signup = async (acceptLanguage?: string) => {
      const headers: Record<string, string> = { "Content-Type": "application/json" };
      if (acceptLanguage) headers["Accept-Language"] = acceptLanguage;
      const res = await fetch(`${server.baseUrl}/api/auth/signup`, {
        method: "POST",
        headers,
        body: JSON.stringify({ email: "not an email", password: "short", firstName: "A", lastName: "B" }),
      });
      return {
        status: res.status,
        body: (await res.json()) as { message: string; fieldErrors: Record<string, string[]> },
      };
    };
    const en = await signup();
    expect(en.status).toBe(400);
    expect(en.body.fieldErrors.email).toEqual(["Please enter a valid email address."]);
    expect(en.body.fieldErrors.password?.[0]).toMatch(/^Password must be at least \d+ characters\.$/);
    const de = await signup("de");
    expect(de.body.fieldErrors.email).toEqual(["Bitte geben Sie eine gültige E-Mail-Adresse ein."]);
    expect(de.body.fieldErrors.password?.[0]).toMatch(
      /^Das Passwort muss mindestens \d+ Zeichen lang sein\.$/,
    );
    expect(de.body.message).toBe(de.body.fieldErrors.email?.[0]);
    const ar = await signup("ar");
    expect(ar.body.fieldErrors.email).toEqual(["يرجى إدخال عنوان بريد إلكتروني صالح."]);
  });

  it("translates zod's own messages (a wrong type, a number out of range, a value not in a list) in German and Arabic", async () => {
    const post = async (acceptLanguage?: string) => {
      const headers: Record<string, string> = { "Content-Type": "application/json" };
      if (acceptLanguage) headers["Accept-Language"] = acceptLanguage;
      const res = await fetch(`${server.baseUrl}/api/analytics/events`, {
        method: "POST",
        headers,
        body: JSON.stringify({ type: "contact", lawyerId: "seven", channel: "fax" }),
      });
      return {
        status: res.status,
        body: (await res.json()) as { message: string; fieldErrors: Record<string, string[]> },
      };
    };
    const en = await post();
    expect(en.status).toBe(400);
    expect(en.body.fieldErrors.lawyerId).toEqual(["lawyerId: Enter a number."]);
    expect(en.body.fieldErrors.channel?.[0]).toMatch(/^channel: Choose one of: call, /);
    const de = await post("de-DE");
    expect(de.body.message).toBe("lawyerId: Bitte geben Sie eine Zahl ein.");
    expect(de.body.fieldErrors.channel?.[0]).toMatch(/^channel: Bitte wählen Sie eines von: call, /);
    const ar = await post("ar");
    expect(ar.body.fieldErrors.lawyerId).toEqual(["lawyerId: أدخل رقمًا."]);
    expect(JSON.stringify([en.body, de.body, ar.body])).not.toMatch(/Invalid input|Invalid option|received/);
  });

  it("translates the pipeline's own answers (an unknown route, a body that is not JSON)", async () => {
    const res = await fetch(`${server.baseUrl}/api/no-such-route`, { headers: { "Accept-Language": "fr" } });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toBe(
      "Aucune route d’API pour GET /api/no-such-route",
    );
    const bad = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept-Language": "ja" },
      body: "{not json",
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe(
      "リクエスト本文が有効なJSONではありません。",
    );
  });

  it("documents Accept-Language on every operation and Content-Language on every 4xx", async () => {
    const doc = (await (await fetch(`${server.baseUrl}/api/openapi.json`)).json()) as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { $ref?: string }[];
            responses: Record<string, { headers?: Record<string, unknown> }>;
          }
        >
      >;
      components: { parameters: Record<string, { name: string; in: string }> };
    };
    expect(doc.components.parameters.AcceptLanguage).toMatchObject({ name: "Accept-Language", in: "header" });
    let operations = 0;
    for (const methods of Object.values(doc.paths))
      for (const op of Object.values(methods)) {
        operations++;
        expect(op.parameters?.map((p) => p.$ref)).toContain("#/components/parameters/AcceptLanguage");
        for (const [status, response] of Object.entries(op.responses))
          if (/^4\d\d$/.test(status))
            expect(Object.keys(response.headers ?? {}), status).toContain("Content-Language");
      }
    expect(operations).toBeGreaterThan(20);
  });
});
