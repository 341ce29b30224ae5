/**
 * A logger whose output a test reads (issue 27 §2): the real logger of server/logger.ts (its one
 * error serializer and redaction) writing its JSON lines into memory instead of stdout.
 */
import { Writable } from "node:stream";
import { createLogger, type Logger } from "../../server/logger.ts";

/** One JSON log line as pino writes it. */
// biome-ignore lint/suspicious/noExplicitAny: log lines are checked field by field
export type LogLine = Record<string, any>;

/** What captureLog answers: the logger, the raw text written so far and its lines parsed. */
export interface LogCapture {
  logger: Logger;
  text(): string;
  lines(): LogLine[];
}

/** A logger at `level` (default "debug": every request line) over an in-memory destination. */
export function captureLog(level = "debug"): LogCapture {
  const chunks: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const text = () => chunks.join("");
  return {
    logger: createLogger(level, sink),
    text,
    lines: () =>
      text()
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as LogLine),
  };
}
