import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { english } from "../../tests/support/english.ts";
import { BAD_FORM_MESSAGE, NOT_A_FORM_MESSAGE, PAGE_FORM_LIMIT_BYTES, pageFormGuard } from "./page-forms.ts";

/** A page stand-in behind the guard, on a real loopback server: it reads the form like an action. */
describe("pageFormGuard (form posts to pages)", () => {
  let baseUrl: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const app = new Hono();
    app.use(
      "*",
      pageFormGuard({
        largerLimits: { "/upload": 2 * 1024 * 1024 },
        streamedMultipart: [{ path: /^\/lawyer\/[^/]+(?:\.data)?$/, urlencodedLimit: 32 * 1024 }],
      }),
    );
    app.all("*", async (c) => {
      if (c.req.method === "GET") return c.text("page");
      // A streamed page: the action reads the body itself (here: counts its bytes).
      if (c.req.path.startsWith("/lawyer/") && (c.req.header("Content-Type") ?? "").startsWith("multipart/"))
        return c.json({ bytes: (await c.req.arrayBuffer()).byteLength });
      const form = await c.req.raw.formData();
      return c.json({ fields: [...form.keys()] });
    });
    await new Promise<void>((resolve) => {
      const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => {
        baseUrl = `http://127.0.0.1:${info.port}`;
        close = () => new Promise((r) => server.close(() => r()));
        resolve();
      });
    });
  });
  afterAll(async () => {
    await close?.();
  });

  const post = (path: string, body: BodyInit | undefined, type?: string) =>
    fetch(`${baseUrl}${path}`, { method: "POST", body, headers: type ? { "Content-Type": type } : {} });

  it("lets small urlencoded and multipart forms through, and an empty form", async () => {
    const small = await post("/login", new URLSearchParams({ email: "a@example.com", password: "x" }));
    expect(await small.json()).toEqual({ fields: ["email", "password"] });
    const form = new FormData();
    form.set("name", "Ann");
    expect((await post("/login.data", form)).status).toBe(200);
    expect((await post("/logout", new URLSearchParams())).status).toBe(200);
    expect((await post("/logout", undefined)).status).toBe(415);
    expect((await fetch(`${baseUrl}/login`)).status).toBe(200);
  });

  it("answers 415 for JSON, text and multipart without a boundary (instead of a 500 from formData)", async () => {
    for (const [body, type] of [
      ['{"email":"a"}', "application/json"],
      ["email=a", "text/plain"],
      ["--x\r\n", "multipart/form-data"],
    ] as const) {
      const res = await post("/login", body, type);
      expect(res.status, type).toBe(415);
      expect(await res.json()).toEqual({ message: english(NOT_A_FORM_MESSAGE) });
    }
  });

  it("answers 400 for a multipart body that cannot be parsed", async () => {
    const res = await post("/signup", "this is not multipart", "multipart/form-data; boundary=abc");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: english(BAD_FORM_MESSAGE) });
  });

  it("answers 413, 415 and 400 in the language of Accept-Language, as every error (issue 14 §1)", async () => {
    const ask = (body: BodyInit, type: string, lang: string) =>
      fetch(`${baseUrl}/de/login`, {
        method: "POST",
        body,
        headers: { "Content-Type": type, "Accept-Language": lang },
      });
    const notForm = await ask('{"a":1}', "application/json", "de-DE,de;q=0.9");
    expect(notForm.status).toBe(415);
    expect(notForm.headers.get("Content-Language")).toBe("de");
    expect(await notForm.json()).toEqual({
      message:
        "Formulare müssen als application/x-www-form-urlencoded oder multipart/form-data gesendet werden.",
    });
    const tooLarge = await ask(
      new URLSearchParams({ bio: "x".repeat(PAGE_FORM_LIMIT_BYTES + 1) }).toString(),
      "application/x-www-form-urlencoded",
      "ar",
    );
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ message: "النموذج كبير جدًا (الحد الأقصى 16 KB)." });
    const unreadable = await ask("not multipart", "multipart/form-data; boundary=abc", "ar");
    expect(unreadable.status).toBe(400);
    expect(((await unreadable.json()) as { message: string }).message).not.toMatch(/[A-Za-z]{4}/);
  });

  it("answers 413 past 16 KB, also for a streamed body without Content-Length", async () => {
    const big = new URLSearchParams({ bio: "x".repeat(PAGE_FORM_LIMIT_BYTES + 1) });
    const res = await post("/login", big);
    expect(res.status).toBe(413);
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 20; i++)
          controller.enqueue(new TextEncoder().encode(`a${i}=${"y".repeat(1024)}&`));
        controller.close();
      },
    });
    const streamed = await fetch(`${baseUrl}/login`, {
      method: "POST",
      body: stream,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it("applies a path's larger limit to the path and its .data form only", async () => {
    const form = new FormData();
    form.set("logo", new Blob([new Uint8Array(1024 * 1024)]), "logo.png");
    expect((await post("/upload", form)).status).toBe(200);
    expect((await post("/upload.data", form)).status).toBe(200);
    expect((await post("/login", form)).status).toBe(413);
  });

  it("lets multipart posts to a streamed page through unread and unlimited; its url-encoded posts get their limit", async () => {
    const form = new FormData();
    form.set("documents", new Blob([new Uint8Array(3 * 1024 * 1024)]), "scan.pdf");
    for (const path of ["/lawyer/42", "/lawyer/42.data"]) {
      const res = await post(path, form);
      expect(res.status, path).toBe(200);
      expect(((await res.json()) as { bytes: number }).bytes).toBeGreaterThan(3 * 1024 * 1024);
    }
    // Not a form: still 415; a multipart body that does not parse is the action's to refuse.
    expect((await post("/lawyer/42", '{"a":1}', "application/json")).status).toBe(415);
    expect((await post("/lawyer/42", "junk", "multipart/form-data; boundary=abc")).status).toBe(200);
    const text = (n: number) => new URLSearchParams({ message: "x".repeat(n) });
    expect((await post("/lawyer/42", text(20 * 1024))).status).toBe(200);
    expect((await post("/lawyer/42", text(40 * 1024))).status).toBe(413);
    expect((await post("/lawyer/42/other", form)).status).toBe(413);
  });
});
