/**
 * Outgoing email (docs/design.md §2 "Email"; issue 3: password resets, listing claims, notices).
 *
 * With SMTP_URL set, messages go through nodemailer's SMTP transport. Without it they are written
 * as RFC 822 `.eml` files to `${DATA_DIR}/outbox/`, and each file's path is logged, so a
 * developer can open the message and follow its link without a mail server.
 */
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { hasInternationalLocalPart, INTERNATIONAL_EMAIL_MESSAGE } from "../../lib/email-address.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { UnprocessableError } from "../errors.ts";
import type { Logger } from "../logger.ts";
import { relayAnnouncesSmtpUtf8, sendableAddress } from "./address.ts";

/**
 * One email. `to` is a single address; `text` is the plain-text body (always sent), `html` the
 * HTML part (the templates in server/email/templates give both; sent as multipart/alternative).
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

/** Sends email over SMTP or into the local outbox; see createMailer. */
export interface Mailer {
  /**
   * Sends now; rejects on failure, and with an UnprocessableError (INTERNATIONAL_EMAIL_MESSAGE)
   * for a recipient whose local part is not ASCII when the relay lacks SMTPUTF8.
   */
  send(message: MailMessage): Promise<void>;
  /**
   * True when mail can go to `address`: always for an ASCII local part and for the outbox; for a
   * non-ASCII local part (RFC 6531, "用户@例子.广告") only when the SMTP relay announces SMTPUTF8
   * (asked once per process, issue 14 §2). Forms check it before accepting an address.
   */
  acceptsAddress(address: string): Promise<boolean>;
  /**
   * Sends in the background: never throws, never delays the caller; logs failures (pino) and
   * returns at once. Used where response time must not reveal anything (forgot-password). Takes
   * the message or a promise of it (a template still rendering, server/email/templates); a
   * rejected promise is logged like a failed send, and `flush` waits for it too.
   */
  sendLater(message: MailMessage | Promise<MailMessage>): void;
  /** Waits for background sends to settle (tests, shutdown). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** Longest line RFC 5322 §2.1.1 allows, without its CRLF. */
const MAX_LINE_OCTETS = 998;

/** Timeouts for the SMTP relay (ms): a stuck relay must not hold a request for minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * Creates the process's mailer.
 *
 * - `SMTP_URL` (smtp:// or smtps://, credentials in the URL) set: sends through that relay, from
 *   `MAIL_FROM`. `send` rejects with nodemailer's error when the relay refuses or cannot be reached.
 * - unset: writes each message to `${DATA_DIR}/outbox/<ISO timestamp>-<random>.eml` (the folder is
 *   created on demand; colons and dots of the timestamp become dashes so the name is valid on every
 *   file system, and names still sort by time) and logs `{ path, to, subject }` at info. The plain
 *   text part is written unencoded (7bit, or 8bit for non-ASCII) so links stay intact when the file
 *   is opened in a text editor; quoted-printable would break long URLs with soft line breaks and
 *   turn every `=` of a query string into `=3D`.
 *
 * Internationalised addresses (issue 14 §2): an ASCII local part at an IDN domain is sent with
 * the domain's ASCII form ("user@exämple.de" -> "user@xn--exmple-cua.de"; no SMTPUTF8 needed); a
 * non-ASCII local part ("josé@exämple.de", "用户@例子.广告") goes out with SMTPUTF8 (nodemailer adds
 * it to MAIL FROM) when the relay announces it (asked once; a "no" is asked again next time), and
 * is refused with INTERNATIONAL_EMAIL_MESSAGE when it does not. The outbox writes such messages
 * as they are (RFC 6532 headers in UTF-8).
 *
 * `sendLater` starts the send and returns at once; a failure is logged at error with the recipient
 * and subject, never thrown. `flush` waits for every background send started so far; `close`
 * flushes, then closes the SMTP transport.
 */
export function createMailer(
  config: Pick<Config, "SMTP_URL" | "MAIL_FROM" | "DATA_DIR">,
  logger: Logger,
  clock: Clock,
): Mailer {
  const smtp = config.SMTP_URL
    ? nodemailer.createTransport({ url: config.SMTP_URL, ...SMTP_TIMEOUTS })
    : undefined;
  const builder = smtp ? undefined : nodemailer.createTransport({ streamTransport: true, buffer: true });
  const outbox = path.resolve(config.DATA_DIR, "outbox");
  const pending = new Set<Promise<void>>();
  let smtpUtf8: Promise<boolean> | undefined;

  async function acceptsAddress(address: string): Promise<boolean> {
    if (!smtp || !config.SMTP_URL || !hasInternationalLocalPart(address)) return true;
    smtpUtf8 ??= relayAnnouncesSmtpUtf8(config.SMTP_URL).then((yes) => {
      if (!yes) smtpUtf8 = undefined; // unreachable or no: ask again next time
      logger.info({ smtpUtf8: yes }, "SMTP relay SMTPUTF8 support");
      return yes;
    });
    return smtpUtf8;
  }

  async function send(message: MailMessage): Promise<void> {
    if (!(await acceptsAddress(message.to))) throw new UnprocessableError(INTERNATIONAL_EMAIL_MESSAGE);
    const mail = {
      from: config.MAIL_FROM,
      to: sendableAddress(message.to),
      subject: message.subject,
      text: message.text,
      ...(message.html !== undefined ? { html: message.html } : {}),
      ...(message.replyTo !== undefined ? { replyTo: sendableAddress(message.replyTo) } : {}),
    };
    if (smtp) {
      const info = await smtp.sendMail(mail);
      // No recipient or subject in the log (issue 27 §2: a subject can carry a case title).
      logger.info({ messageId: info.messageId }, "email sent");
      return;
    }
    if (!builder) throw new Error("mailer has neither an SMTP nor an outbox transport");
    const built = await buildOutboxMessage(builder, mail);
    // Owner-only: outbox emails hold private links (case tracking, password reset).
    await mkdir(outbox, { recursive: true, mode: 0o700 });
    const stamp = clock.now().toISOString().replace(/[:.]/g, "-");
    const file = path.join(outbox, `${stamp}-${randomBytes(4).toString("hex")}.eml`);
    await writeFile(file, built, { mode: 0o600 });
    logger.info({ path: file }, "email written to the outbox (SMTP_URL is not set)");
  }

  async function flush(): Promise<void> {
    while (pending.size > 0) await Promise.allSettled([...pending]);
  }

  return {
    send,
    acceptsAddress,
    sendLater(message) {
      const task = Promise.resolve(message).then(
        (m) =>
          send(m).catch((err: unknown) => {
            logger.error({ err }, "background email failed");
          }),
        (err: unknown) => {
          logger.error({ err }, "background email failed: its template did not render");
        },
      );
      pending.add(task);
      void task.finally(() => pending.delete(task));
    },
    flush,
    async close() {
      await flush();
      smtp?.close();
      builder?.close();
    },
  };
}

/**
 * Builds the outbox file with the text part readable as written (7bit/8bit, not
 * quoted-printable, so a link stays on one line). With HTML, the ready-made text node is the
 * text half of multipart/alternative. Text-only: nodemailer would make a lone raw node the whole
 * message and drop From, To and Subject, so the message is built normally and its body (the
 * only part) is replaced by the readable one, with the matching Content-Transfer-Encoding.
 */
async function buildOutboxMessage(
  builder: Transporter,
  mail: { text: string; html?: string } & Record<string, unknown>,
): Promise<Buffer> {
  const text = readableTextPart(mail.text);
  if (typeof text === "string") return (await builder.sendMail(mail)).message as Buffer;
  if (mail.html !== undefined) return (await builder.sendMail({ ...mail, text })).message as Buffer;
  const built = ((await builder.sendMail(mail)).message as Buffer).toString("utf8");
  const split = built.indexOf("\r\n\r\n");
  const bodyAt = text.raw.indexOf("\r\n\r\n");
  const partHeaders = text.raw.slice(0, bodyAt);
  const body = text.raw.slice(bodyAt + 4);
  const encoding = /Content-Transfer-Encoding: (\S+)/.exec(partHeaders)?.[1] ?? "8bit";
  const headers = built
    .slice(0, split)
    .replace(/^Content-Transfer-Encoding: .*$/im, `Content-Transfer-Encoding: ${encoding}`);
  return Buffer.from(`${headers}\r\n\r\n${body}`, "utf8");
}

/**
 * The plain-text part as a ready-made MIME node with a 7bit/8bit body, so the outbox file shows
 * the text as written. Falls back to nodemailer's own encoding (the plain string) when a line is
 * longer than RFC 5322 allows.
 */
function readableTextPart(text: string): string | { raw: string } {
  const body = text.replace(/\r?\n/g, "\r\n");
  if (body.split("\r\n").some((line) => Buffer.byteLength(line) > MAX_LINE_OCTETS)) return text;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: 7bit means printable ASCII, tab and line breaks
  const encoding = /^[\x09\x0a\x0d\x20-\x7e]*$/.test(body) ? "7bit" : "8bit";
  return {
    raw: `Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: ${encoding}\r\n\r\n${body}`,
  };
}
