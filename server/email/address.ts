/**
 * Internationalised email addresses on the way out (issue 14 §2 "Email: internationalised
 * addresses (RFC 6531) accepted where the mail transport supports SMTPUTF8, a clear message
 * otherwise"): the domain's ASCII form for relays and headers that need it, and whether an SMTP
 * relay announces SMTPUTF8 in its EHLO answer.
 */
import { connect as connectTcp, type Socket } from "node:net";
import { connect as connectTls } from "node:tls";
import { domainToASCII } from "node:url";
import { hasInternationalLocalPart } from "../../lib/email-address.ts";

/**
 * `address` with its domain in ASCII (IDNA A-labels: "josé@exämple.de" ->
 * "josé@xn--exmple-cua.de") when the local part is ASCII or `keepUnicode` is false; an address
 * with a non-ASCII local part keeps its Unicode domain by default (it needs SMTPUTF8 anyway, and
 * RFC 6531 lets both sides of the @ be UTF-8). A domain Node cannot convert is kept as typed.
 */
export function sendableAddress(address: string, keepUnicode = true): string {
  const at = address.lastIndexOf("@");
  if (at < 0) return address;
  if (keepUnicode && hasInternationalLocalPart(address)) return address;
  const ascii = domainToASCII(address.slice(at + 1));
  return ascii ? `${address.slice(0, at)}@${ascii}` : address;
}

/** How long the EHLO probe may take before the relay counts as not announcing SMTPUTF8 (ms). */
const PROBE_TIMEOUT_MS = 10_000;

/**
 * True when the SMTP relay of `smtpUrl` (smtp:// or smtps://) lists SMTPUTF8 (RFC 6531 §3.1) in
 * its answer to EHLO; false when it does not, or cannot be reached within 10 s. Opens one
 * connection, reads the greeting, sends EHLO and QUIT; no authentication, nothing sent.
 */
export function relayAnnouncesSmtpUtf8(smtpUrl: string): Promise<boolean> {
  const url = new URL(smtpUrl);
  const secure = url.protocol === "smtps:";
  const port = Number(url.port) || (secure ? 465 : 587);
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  return new Promise((resolve) => {
    const socket: Socket = secure ? connectTls({ host, port, servername: host }) : connectTcp({ host, port });
    let buffer = "";
    let stage: "greeting" | "ehlo" | "done" = "greeting";
    const finish = (answer: boolean) => {
      if (stage === "done") return;
      stage = "done";
      clearTimeout(timer);
      socket.end("QUIT\r\n");
      resolve(answer);
    };
    const timer = setTimeout(() => finish(false), PROBE_TIMEOUT_MS);
    socket.setEncoding("utf8");
    socket.on("error", () => finish(false));
    socket.on("close", () => finish(false));
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      // A reply is complete at its last line: three digits and a space (RFC 5321 §4.2).
      const last = /(?:^|\r\n)(\d{3}) [^\r\n]*\r\n$/.exec(buffer);
      if (!last) return;
      const reply = buffer;
      buffer = "";
      if (stage === "greeting") {
        if (last[1] !== "220") return finish(false);
        stage = "ehlo";
        socket.write("EHLO lexatlas.invalid\r\n");
      } else if (stage === "ehlo") {
        finish(last[1] === "250" && /^250[ -]SMTPUTF8\b/im.test(reply));
      }
    });
  });
}
