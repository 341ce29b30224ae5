import pino from "pino";

/** JSON-lines logger (DESIGN.md §2). */
export type Logger = pino.Logger;

/**
 * Removes the bound parameters from a database error's text: drizzle's query errors read
 * "Failed query: …\nparams: …", and the parameters can hold a password hash, a token hash or a
 * person's details, which must not reach the logs (docs/security.md "Logs").
 */
export function withoutQueryParams(text: string): string {
  return text.replace(/\nparams: [^\n]*/g, "\nparams: [redacted]");
}

/** pino's error serializer, with the query parameters of database errors redacted. */
function serializeError(err: Error): pino.SerializedError {
  const out = pino.stdSerializers.err(err);
  if (typeof out.message === "string") out.message = withoutQueryParams(out.message);
  if (typeof out.stack === "string") out.stack = withoutQueryParams(out.stack);
  return out;
}

/** Creates the process logger at the given level ("silent" in tests), to stdout or `destination`. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options = {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: { err: serializeError },
  };
  return destination ? pino(options, destination) : pino(options);
}
