/**
 * An HTTP/1.1 upload as most clients send one (issue 27 §2 "test with a real client on loopback"):
 * the whole body is written before anything is read, as browsers posting a form, curl without
 * a callback and Python's http.client/requests do, so an answer the server writes early and then
 * closes the connection on (EPIPE or ECONNRESET on the next write) is lost, exactly as it is for
 * them. With `expectContinue` the client sends `Expect: 100-continue` and waits for the interim
 * 100 (or a final answer, which it then reads without sending the body; RFC 9110 §10.1.1).
 */
import net from "node:net";

/** What the client got: the status and body of the final answer, or the socket error that ended it. */
export interface RawUploadResult {
  status: number | null;
  body: string;
  /** `EPIPE`, `ECONNRESET`, … when writing or reading failed; null when the answer arrived. */
  error: string | null;
  /** Bytes of the body written before the answer or the error. */
  sent: number;
}

/** One upload to `url` (http://host:port/path): `bytes` bytes of `fill`, after `head` (the request's other header lines). */
export function rawUpload(options: {
  url: string;
  method: string;
  headers: Record<string, string>;
  bytes: number;
  /** Declare Content-Length (default) or send the body chunked. */
  chunked?: boolean;
  expectContinue?: boolean;
  /** The first bytes of the body (e.g. a multipart part header), then zero bytes up to `bytes`. */
  prefix?: Buffer;
  /** The last bytes of the body (e.g. the closing boundary). */
  suffix?: Buffer;
}): Promise<RawUploadResult> {
  const url = new URL(options.url);
  const prefix = options.prefix ?? Buffer.alloc(0);
  const suffix = options.suffix ?? Buffer.alloc(0);
  const zeros = Math.max(0, options.bytes - prefix.length - suffix.length);
  const lines = [
    `${options.method} ${url.pathname}${url.search} HTTP/1.1`,
    `Host: ${url.host}`,
    ...Object.entries(options.headers).map(([k, v]) => `${k}: ${v}`),
    options.chunked
      ? "Transfer-Encoding: chunked"
      : `Content-Length: ${prefix.length + zeros + suffix.length}`,
    ...(options.expectContinue ? ["Expect: 100-continue"] : []),
  ];
  return new Promise((resolve) => {
    const socket = net.connect(Number(url.port), url.hostname);
    let received = Buffer.alloc(0);
    let sent = 0;
    let settled = false;
    const settle = (result: Omit<RawUploadResult, "sent">) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve({ ...result, sent });
    };
    /** The final answer in `received`, once complete (by Content-Length, or at the end of the stream). */
    const parse = (ended: boolean): { status: number; body: string; interim: boolean } | null => {
      const headEnd = received.indexOf("\r\n\r\n");
      if (headEnd < 0) return null;
      const head = received.subarray(0, headEnd).toString("latin1");
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      if (status === 100) return { status, body: "", interim: true };
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1];
      const body = received.subarray(headEnd + 4);
      if (length !== undefined && body.length >= Number(length))
        return { status, body: body.subarray(0, Number(length)).toString("utf8"), interim: false };
      return ended ? { status, body: body.toString("utf8"), interim: false } : null;
    };
    const read = () => {
      socket.on("data", (chunk: Buffer) => {
        received = Buffer.concat([received, chunk]);
        const answer = parse(false);
        if (answer && !answer.interim) settle({ status: answer.status, body: answer.body, error: null });
      });
      socket.on("end", () => {
        const answer = parse(true);
        settle(
          answer
            ? { status: answer.status, body: answer.body, error: null }
            : { status: null, body: "", error: "EOF" },
        );
      });
      socket.resume();
    };
    socket.on("error", (err: NodeJS.ErrnoException) =>
      settle({ status: null, body: "", error: err.code ?? err.message }),
    );
    const chunkOf = (data: Buffer) =>
      options.chunked
        ? Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from("\r\n")])
        : data;
    const writeBody = () => {
      const block = Buffer.alloc(64 * 1024);
      let zerosLeft = zeros;
      let stage = 0;
      const next = (): Buffer | null => {
        if (stage === 0) {
          stage = 1;
          if (prefix.length) return prefix;
        }
        if (stage === 1) {
          if (zerosLeft > 0) {
            const n = Math.min(block.length, zerosLeft);
            zerosLeft -= n;
            return block.subarray(0, n);
          }
          stage = 2;
          if (suffix.length) return suffix;
        }
        if (stage === 2) {
          stage = 3;
          return options.chunked ? Buffer.from("0\r\n\r\n") : null;
        }
        return null;
      };
      const pump = () => {
        for (;;) {
          if (settled) return;
          const piece = next();
          if (!piece) {
            read();
            return;
          }
          sent += piece.length;
          const more = socket.write(stage === 3 ? piece : chunkOf(piece));
          if (!more) {
            socket.once("drain", pump);
            return;
          }
        }
      };
      pump();
    };
    socket.once("connect", () => {
      socket.pause();
      socket.write(`${lines.join("\r\n")}\r\n\r\n`);
      if (!options.expectContinue) return writeBody();
      // Wait for the interim 100 Continue, or a final answer that makes the body unnecessary.
      const onHead = (chunk: Buffer) => {
        received = Buffer.concat([received, chunk]);
        const answer = parse(false);
        if (!answer) return;
        socket.off("data", onHead);
        if (answer.interim) {
          received = received.subarray(received.indexOf("\r\n\r\n") + 4);
          socket.pause();
          writeBody();
        } else settle({ status: answer.status, body: answer.body, error: null });
      };
      socket.on("data", onHead);
      socket.resume();
    });
  });
}
