/**
 * An in-process SMTP server for integration tests (issue 3: reset and claim emails are really
 * sent): point the app's SMTP_URL at `url` and read what arrived in `messages`.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * One message as the capture server received it. `to` holds the envelope recipients (RCPT TO; the
 * server lowercases their domain), `from` and `replyTo` the decoded headers, `text`/`html` the decoded bodies with line breaks
 * as "\n" (a single-part message's text may end with one extra "\n"), `headers` the decoded top-level headers (lowercase names, first occurrence), `raw` the
 * message exactly as sent.
 */
export interface CapturedMail {
  from: string;
  envelopeFrom: string;
  to: string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  headers: Record<string, string>;
  raw: string;
  /** The client asked for SMTPUTF8 in MAIL FROM (RFC 6531). */
  smtpUtf8: boolean;
}

/** A running capture server; see startSmtpCapture. */
export interface SmtpCapture {
  /** `smtp://127.0.0.1:PORT`, for the SMTP_URL setting. */
  url: string;
  /** Every message received so far, oldest first. */
  messages: CapturedMail[];
  /**
   * Resolves with the first message (already received or arriving later) that matches the
   * predicate; rejects after `timeoutMs` (default 5000) naming the subjects seen.
   */
  waitFor(predicate: (m: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

/**
 * Starts an SMTP server on 127.0.0.1 on a free port: no TLS (STARTTLS is not offered), no
 * authentication needed (any AUTH is accepted), every message accepted and parsed. With
 * `smtpUtf8: false` the server does not announce SMTPUTF8 (a relay without RFC 6531).
 */
export async function startSmtpCapture({
  smtpUtf8 = true,
}: {
  smtpUtf8?: boolean;
} = {}): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const waiters = new Set<(m: CapturedMail) => void>();

  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    hideSMTPUTF8: !smtpUtf8,
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? "test" });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        const mail = parseMail(Buffer.concat(chunks), {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          smtpUtf8: Boolean((session.envelope as { smtpUtf8?: boolean }).smtpUtf8),
        });
        messages.push(mail);
        for (const waiter of [...waiters]) waiter(mail);
        callback();
      });
    },
  });

  const port = await new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      resolve((server.server.address() as AddressInfo).port);
    });
  });
  server.on("error", () => {}); // client errors after start are not the test's concern

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(predicate, timeoutMs = 5000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = (m: CapturedMail) => {
          if (!predicate(m)) return;
          waiters.delete(waiter);
          clearTimeout(timer);
          resolve(m);
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const seen = messages.map((m) => JSON.stringify(m.subject)).join(", ") || "none";
          reject(new Error(`No matching email within ${timeoutMs} ms (received: ${seen})`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A MIME entity: decoded headers and the undecoded body bytes (as a latin1 string). */
interface Entity {
  headers: Record<string, string>;
  body: string;
}

/**
 * Parses a raw RFC 822 message well enough for the messages nodemailer builds: unfolds and
 * decodes headers (RFC 2047 encoded words), walks multipart bodies, and decodes
 * quoted-printable, base64, 7bit and 8bit parts in their charset.
 */
export function parseMail(
  raw: Buffer,
  envelope: { from: string; to: string[]; smtpUtf8?: boolean },
): CapturedMail {
  const root = parseEntity(raw.toString("latin1"));
  let text: string | undefined;
  let html: string | undefined;
  const visit = (entity: Entity) => {
    const { type, params } = contentType(entity.headers["content-type"]);
    if (type.startsWith("multipart/") && params.boundary) {
      for (const part of splitMultipart(entity.body, params.boundary)) visit(parseEntity(part));
      return;
    }
    if ((entity.headers["content-disposition"] ?? "").toLowerCase().startsWith("attachment")) return;
    if (type === "text/plain" && text === undefined) text = decodeBody(entity, params.charset);
    if (type === "text/html" && html === undefined) html = decodeBody(entity, params.charset);
  };
  visit(root);
  const h = root.headers;
  return {
    from: h.from ?? "",
    envelopeFrom: envelope.from,
    to: envelope.to,
    subject: h.subject ?? "",
    text: text ?? "",
    ...(html !== undefined ? { html } : {}),
    ...(h["reply-to"] !== undefined ? { replyTo: h["reply-to"] } : {}),
    headers: h,
    raw: raw.toString("utf8"),
    smtpUtf8: envelope.smtpUtf8 ?? false,
  };
}

function parseEntity(source: string): Entity {
  const match = /\r?\n\r?\n/.exec(source);
  const head = match ? source.slice(0, match.index) : source;
  const body = match ? source.slice(match.index + match[0].length) : "";
  const headers: Record<string, string> = {};
  const unfolded = Buffer.from(head, "latin1")
    .toString("utf8")
    .replace(/\r?\n[ \t]+/g, " ");
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!(name in headers)) headers[name] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function contentType(value: string | undefined): { type: string; params: Record<string, string> } {
  const [type = "text/plain", ...rest] = (value ?? "text/plain").split(";");
  const params: Record<string, string> = {};
  for (const param of rest) {
    const eq = param.indexOf("=");
    if (eq < 0) continue;
    params[param.slice(0, eq).trim().toLowerCase()] = param
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, "$1");
  }
  return { type: type.trim().toLowerCase(), params };
}

function splitMultipart(body: string, boundary: string): string[] {
  const parts: string[] = [];
  const delimiter = `--${boundary}`;
  const lines = body.split(/\r?\n/);
  let current: string[] | undefined;
  for (const line of lines) {
    if (line === delimiter || line === `${delimiter}--`) {
      if (current) parts.push(current.join("\r\n"));
      current = line === delimiter ? [] : undefined;
      if (!current) break;
    } else if (current) {
      current.push(line);
    }
  }
  return parts;
}

function decodeBody(entity: Entity, charset = "utf-8"): string {
  const encoding = (entity.headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  let bytes: Buffer;
  if (encoding === "base64") {
    bytes = Buffer.from(entity.body.replace(/[^A-Za-z0-9+/=]/g, ""), "base64");
  } else if (encoding === "quoted-printable") {
    bytes = decodeQuotedPrintable(entity.body);
  } else {
    bytes = Buffer.from(entity.body, "latin1");
  }
  return decodeCharset(bytes, charset).replace(/\r\n/g, "\n");
}

function decodeQuotedPrintable(body: string): Buffer {
  const joined = body.replace(/=\r?\n/g, ""); // soft line breaks
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(joined.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

function decodeCharset(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return bytes.toString("utf8");
  }
}

/** Decodes RFC 2047 encoded words; whitespace between two adjacent encoded words is dropped. */
function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=)\s+(?==\?[^?]+\?[QqBb]\?[^?]*\?=)/g, "$1")
    .replace(
      /=\?([^?*]+)(?:\*[^?]*)?\?([QqBb])\?([^?]*)\?=/g,
      (_m, charset: string, kind: string, data: string) => {
        const bytes =
          kind.toUpperCase() === "B"
            ? Buffer.from(data, "base64")
            : decodeQuotedPrintable(data.replace(/_/g, " "));
        return decodeCharset(bytes, charset);
      },
    );
}
