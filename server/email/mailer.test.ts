import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { INTERNATIONAL_EMAIL_MESSAGE } from "../../lib/email-address.ts";
import { parseMail, type SmtpCapture, startSmtpCapture } from "../../tests/doubles/smtp-capture.ts";
import { systemClock } from "../clock.ts";
import { UnprocessableError } from "../errors.ts";
import type { Logger } from "../logger.ts";
import { relayAnnouncesSmtpUtf8, sendableAddress } from "./address.ts";
import { createMailer } from "./mailer.ts";
import { passwordResetEmail } from "./templates/index.ts";

const MAIL_FROM = "LexAtlas <no-reply@lexatlas.example>";
/** Longer than a quoted-printable line (76) and full of `=`, which quoted-printable escapes as `=3D`. */
const LONG_URL = `http://127.0.0.1:5173/reset-password?token=${"Ab9_-".repeat(12)}&email=someone%40example.com&next=%2Fdashboard`;

/** A pino logger that keeps its JSON lines in memory. */
function memoryLogger(): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const address = server.address();
  await new Promise<void>((r) => server.close(() => r()));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

describe("mailer over SMTP", () => {
  let capture: SmtpCapture;
  beforeAll(async () => {
    capture = await startSmtpCapture();
  });
  afterAll(async () => {
    await capture.close();
  });

  it("delivers subject, recipient, reply-to, text and html, with a long link intact", async () => {
    const { logger } = memoryLogger();
    const mailer = createMailer(
      { SMTP_URL: capture.url, MAIL_FROM, DATA_DIR: "unused" },
      logger,
      systemClock,
    );
    await mailer.send({
      to: "Client@Example.com",
      subject: "Réinitialisez votre mot de passe – “LexAtlas”",
      text: `Bonjour Zoë,\n\nOpen this link to choose a new password:\n${LONG_URL}\n\nIt expires in 1 hour.`,
      html: `<p><a href="${LONG_URL}">Choose a new password</a></p>`,
      replyTo: "support@lexatlas.example",
    });
    await mailer.close();

    const mail = await capture.waitFor((m) => m.subject.startsWith("Réinitialisez"));
    expect(mail.to).toEqual(["Client@example.com"]); // nodemailer lowercases the domain
    expect(mail.headers.to).toBe("Client@example.com");
    expect(mail.subject).toBe("Réinitialisez votre mot de passe – “LexAtlas”");
    expect(mail.from).toBe(MAIL_FROM);
    expect(mail.envelopeFrom).toBe("no-reply@lexatlas.example");
    expect(mail.replyTo).toBe("support@lexatlas.example");
    expect(mail.text).toContain("Bonjour Zoë,\n\nOpen this link");
    expect(mail.text.split("\n")).toContain(LONG_URL);
    expect(mail.html).toContain(`href="${LONG_URL}"`);
  });

  it("sendLater returns at once and flush waits until the message has arrived", async () => {
    const { logger } = memoryLogger();
    const mailer = createMailer(
      { SMTP_URL: capture.url, MAIL_FROM, DATA_DIR: "unused" },
      logger,
      systemClock,
    );
    const before = capture.messages.length;
    mailer.sendLater({ to: "later@example.com", subject: "Later", text: "sent in the background" });
    expect(capture.messages.length).toBe(before);
    await mailer.flush();
    expect(capture.messages.at(-1)).toMatchObject({ to: ["later@example.com"], subject: "Later" });
    await mailer.close();
  });

  it("waitFor rejects after its timeout when no message matches", async () => {
    await expect(capture.waitFor((m) => m.subject === "never sent", 50)).rejects.toThrow(/No matching email/);
  });
});

describe("mailer with an unreachable SMTP relay", () => {
  it("send rejects; sendLater neither throws nor waits, and logs the failure", async () => {
    const { logger, lines } = memoryLogger();
    const port = await closedPort();
    const mailer = createMailer(
      { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM, DATA_DIR: "unused" },
      logger,
      systemClock,
    );
    const message = { to: "nobody@example.com", subject: "Reset your password", text: "x" };

    await expect(mailer.send(message)).rejects.toThrow();

    const isFailure = (l: Record<string, unknown>) => l.msg === "background email failed";
    expect(mailer.sendLater(message)).toBeUndefined();
    expect(lines.find(isFailure)).toBeUndefined(); // returned before the attempt ended
    await mailer.flush();
    const failure = lines.find(isFailure);
    expect(failure).toMatchObject({ level: 50 });
    expect(failure?.err).toBeDefined();
    // Issue 27 §2: no recipient and no subject (it can carry a case title) in the log.
    expect(JSON.stringify(lines)).not.toMatch(/nobody@example\.com|Reset your password/);
    await mailer.close();
  });
});

describe("mailer without SMTP_URL (outbox)", () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "lexatlas-mailer-"));
  });
  afterEach(() => {
    rmSync(path.join(dataDir, "outbox"), { recursive: true, force: true });
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("writes an .eml file with the link intact in plain text and logs its path", async () => {
    const { logger, lines } = memoryLogger();
    const mailer = createMailer({ SMTP_URL: undefined, MAIL_FROM, DATA_DIR: dataDir }, logger, systemClock);
    const text = `Hello Zoë,\n\nChoose a new password:\n${LONG_URL}\n`;
    await mailer.send({ to: "client@example.com", subject: "Reset your password", text, html: "<p>Hi</p>" });
    await mailer.close();

    const files = readdirSync(path.join(dataDir, "outbox"));
    expect(files).toHaveLength(1);
    const [file = ""] = files;
    expect(file).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-[0-9a-f]{8}\.eml$/);
    const absolute = path.join(dataDir, "outbox", file);
    // Only the owner may read it: outbox emails hold private links.
    expect(statSync(absolute).mode & 0o777).toBe(0o600);
    const raw = readFileSync(absolute);
    // Readable as it is on disk: the URL on one line, no quoted-printable escapes.
    expect(raw.toString("utf8").split(/\r?\n/)).toContain(LONG_URL);
    expect(raw.toString("utf8")).toContain("Hello Zoë,");
    // And a valid message whose decoded parts are what was sent.
    const parsed = parseMail(raw, { from: "", to: [] });
    expect(parsed).toMatchObject({
      subject: "Reset your password",
      to: [],
      from: MAIL_FROM,
      html: "<p>Hi</p>",
    });
    expect(parsed.headers.to).toBe("client@example.com");
    expect(parsed.text).toBe(text);

    expect(lines.find((l) => l.path === absolute)).toMatchObject({ level: 30 });
    // Issue 27 §2: no recipient and no subject in the log.
    expect(JSON.stringify(lines)).not.toMatch(/client@example\.com|Reset your password/);
  });

  it("sendLater takes a rendered template's promise; the .eml's first link is the text part's, intact", async () => {
    const mailer = createMailer(
      { SMTP_URL: undefined, MAIL_FROM, DATA_DIR: dataDir },
      memoryLogger().logger,
      systemClock,
    );
    const rendered = passwordResetEmail({ firstName: "Zoë <b>", link: LONG_URL });
    mailer.sendLater(rendered.then((mail) => ({ to: "template@example.com", ...mail })));
    await mailer.flush();
    await mailer.close();
    const [file = ""] = readdirSync(path.join(dataDir, "outbox"));
    const raw = readFileSync(path.join(dataDir, "outbox", file));
    // What tests/e2e/support/outbox.ts waitForLink does: the first link in the raw file.
    const first = /https?:\/\/[^\s/"<>]+(\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(raw.toString("utf8"));
    expect(first?.[1]).toBe(`/reset-password?token=${"Ab9_-".repeat(12)}`);
    expect(raw.toString("utf8")).toMatch(/Content-Type: multipart\/alternative/);
    const parsed = parseMail(raw, { from: "", to: [] });
    expect(parsed.subject).toBe("Reset your LexAtlas password");
    expect(parsed.text).toBe((await rendered).text);
    expect(parsed.html).toContain(`href="${LONG_URL.replace(/&/g, "&amp;")}"`);
    expect(parsed.html).toContain("Zoë &lt;b&gt;");
  });

  it("sendLater logs a template that failed to render, and flush still settles", async () => {
    const { logger, lines } = memoryLogger();
    const mailer = createMailer({ SMTP_URL: undefined, MAIL_FROM, DATA_DIR: dataDir }, logger, systemClock);
    mailer.sendLater(Promise.reject(new Error("render failed")));
    await mailer.flush();
    expect(lines.find((l) => String(l.msg).includes("did not render"))).toMatchObject({ level: 50 });
    await mailer.close();
  });

  it("keeps From, To and Subject on a text-only message, with the link readable", async () => {
    const mailer = createMailer(
      { SMTP_URL: undefined, MAIL_FROM, DATA_DIR: dataDir },
      memoryLogger().logger,
      systemClock,
    );
    const text = `Hello,\n\nChoose a new password:\n${LONG_URL}\n`;
    await mailer.send({ to: "text-only@example.com", subject: "Reset your LexAtlas password", text });
    await mailer.close();
    const [file = ""] = readdirSync(path.join(dataDir, "outbox"));
    const raw = readFileSync(path.join(dataDir, "outbox", file));
    const lines = raw.toString("utf8").split(/\r?\n/);
    expect(lines).toContain("To: text-only@example.com");
    expect(lines).toContain("Subject: Reset your LexAtlas password");
    expect(lines).toContain(LONG_URL);
    const parsed = parseMail(raw, { from: "", to: [] });
    expect(parsed).toMatchObject({ subject: "Reset your LexAtlas password", from: MAIL_FROM });
    expect(parsed.text).toBe(text);
  });

  it("falls back to nodemailer's encoding for a line longer than RFC 5322 allows, still decodable", async () => {
    const { logger } = memoryLogger();
    const mailer = createMailer({ SMTP_URL: undefined, MAIL_FROM, DATA_DIR: dataDir }, logger, systemClock);
    const text = `Very long line: ${"x".repeat(1200)}\nend`;
    await mailer.send({ to: "client@example.com", subject: "Long", text });
    await mailer.close();
    const [file = ""] = readdirSync(path.join(dataDir, "outbox"));
    const raw = readFileSync(path.join(dataDir, "outbox", file));
    expect(
      raw
        .toString("utf8")
        .split(/\r?\n/)
        .every((line) => line.length <= 998),
    ).toBe(true);
    expect(parseMail(raw, { from: "", to: [] }).text.replace(/\n$/, "")).toBe(text);
  });

  it("gives every message its own file", async () => {
    const { logger } = memoryLogger();
    const mailer = createMailer({ SMTP_URL: undefined, MAIL_FROM, DATA_DIR: dataDir }, logger, systemClock);
    for (let i = 0; i < 3; i++)
      mailer.sendLater({ to: `c${i}@example.com`, subject: `Message ${i}`, text: "x" });
    await mailer.flush();
    expect(readdirSync(path.join(dataDir, "outbox"))).toHaveLength(3);
    await mailer.close();
  });
});

describe("internationalised addresses (issue 14 §2: SMTPUTF8 where the relay supports it)", () => {
  let withUtf8: SmtpCapture;
  let withoutUtf8: SmtpCapture;
  let dataDir: string;
  beforeAll(async () => {
    withUtf8 = await startSmtpCapture();
    withoutUtf8 = await startSmtpCapture({ smtpUtf8: false });
    dataDir = mkdtempSync(path.join(tmpdir(), "lexatlas-mailer-idn-"));
  });
  afterAll(async () => {
    await withUtf8.close();
    await withoutUtf8.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("the relay probe reads SMTPUTF8 from the EHLO answer; an unreachable relay counts as no", async () => {
    expect(await relayAnnouncesSmtpUtf8(withUtf8.url)).toBe(true);
    expect(await relayAnnouncesSmtpUtf8(withoutUtf8.url)).toBe(false);
    expect(await relayAnnouncesSmtpUtf8(`smtp://127.0.0.1:${await closedPort()}`)).toBe(false);
  });

  it("a relay with SMTPUTF8: a Unicode local part is delivered with SMTPUTF8 in MAIL FROM", async () => {
    const mailer = createMailer(
      { SMTP_URL: withUtf8.url, MAIL_FROM, DATA_DIR: "unused" },
      memoryLogger().logger,
      systemClock,
    );
    expect(await mailer.acceptsAddress("用户@例子.广告")).toBe(true);
    await mailer.send({ to: "用户@例子.广告", subject: "您的案件", text: "你好" });
    await mailer.send({ to: "josé@exämple.de", subject: "Ihr Fall", text: "Hallo José" });
    await mailer.close();
    const chinese = await withUtf8.waitFor((m) => m.subject === "您的案件");
    expect(chinese.to).toEqual(["用户@例子.广告"]);
    expect(chinese.smtpUtf8).toBe(true);
    expect(chinese.text.trim()).toBe("你好");
    const german = await withUtf8.waitFor((m) => m.subject === "Ihr Fall");
    expect(german.to).toEqual(["josé@exämple.de"]);
    expect(german.smtpUtf8).toBe(true);
  });

  it("an ASCII local part at an IDN domain needs no SMTPUTF8: the domain goes as punycode", async () => {
    const mailer = createMailer(
      { SMTP_URL: withoutUtf8.url, MAIL_FROM, DATA_DIR: "unused" },
      memoryLogger().logger,
      systemClock,
    );
    expect(await mailer.acceptsAddress("info@exämple.de")).toBe(true);
    await mailer.send({ to: "info@exämple.de", subject: "IDN domain", text: "x" });
    await mailer.close();
    const mail = await withoutUtf8.waitFor((m) => m.subject === "IDN domain");
    // The capture server shows envelope domains in Unicode; the header shows what was sent.
    expect(mail.to).toEqual(["info@exämple.de"]);
    expect(mail.raw).toMatch(/^To: info@xn--exmple-cua\.de\r$/m);
    expect(mail.smtpUtf8).toBe(false);
  });

  it("a relay without SMTPUTF8: a Unicode local part is refused with a clear message, nothing sent", async () => {
    const mailer = createMailer(
      { SMTP_URL: withoutUtf8.url, MAIL_FROM, DATA_DIR: "unused" },
      memoryLogger().logger,
      systemClock,
    );
    expect(await mailer.acceptsAddress("用户@例子.广告")).toBe(false);
    const before = withoutUtf8.messages.length;
    const refused = mailer.send({ to: "用户@例子.广告", subject: "never", text: "x" });
    await expect(refused).rejects.toBeInstanceOf(UnprocessableError);
    await expect(refused).rejects.toThrow(INTERNATIONAL_EMAIL_MESSAGE);
    await mailer.close();
    expect(withoutUtf8.messages.length).toBe(before);
  });

  it("the outbox (no SMTP_URL) takes any address and keeps it intact", async () => {
    const mailer = createMailer(
      { SMTP_URL: undefined, MAIL_FROM, DATA_DIR: dataDir },
      memoryLogger().logger,
      systemClock,
    );
    expect(await mailer.acceptsAddress("用户@例子.广告")).toBe(true);
    await mailer.send({ to: "用户@例子.广告", subject: "Outbox", text: "你好" });
    await mailer.close();
    const [file = ""] = readdirSync(path.join(dataDir, "outbox"));
    const raw = readFileSync(path.join(dataDir, "outbox", file));
    expect(parseMail(raw, { from: "", to: [] }).headers.to).toBe("用户@例子.广告");
  });

  it("sendableAddress: ASCII domain unless the local part needs SMTPUTF8 anyway", () => {
    expect(sendableAddress("info@exämple.de")).toBe("info@xn--exmple-cua.de");
    expect(sendableAddress("用户@例子.广告")).toBe("用户@例子.广告");
    expect(sendableAddress("用户@例子.广告", false)).toBe("用户@xn--fsqu00a.xn--4rr70v");
    expect(sendableAddress("client@example.com")).toBe("client@example.com");
  });
});
