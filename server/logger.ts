/**
 * The process logger (docs/design.md §2: JSON lines, pino) and the one way an error reaches a log
 * (issue 27 §2 "Logs carry no personal data or query parameters"; OWASP ASVS 7.1.1/7.1.2 "the
 * application does not log credentials … or sensitive personal data"; GDPR Art. 5(1)(c) data
 * minimisation).
 *
 * - `serializeError` is pino's `serializers.err` and the only place an error becomes log text
 *   (also for page errors, background jobs, scripts: `errorSummary`). It keeps what finds the
 *   fault: the type, the message with values removed (`scrubMessage`), the code (SQLSTATE or
 *   Node's `ERR_…`), the database's identifiers (constraint, table, column …), the stack FRAMES
 *   and the cause chain; it drops everything else an error object carries — drizzle's `params`
 *   and `query`, PostgreSQL's `detail` ("Key (email)=(…)"), `where`, `hint`, a URL error's
 *   `input`, a request body …: it copies named fields, never "all enumerable properties".
 * - `redact` blanks the values of keys that hold secrets or personal data wherever a log call
 *   passes them by mistake (LOG_REDACT_KEYS, at the top level and two levels down).
 * - The destination (server/log-destination.ts) drops output when the reader is gone or slow: a
 *   log line never blocks the process or keeps it alive (issue 27 §3).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";
import { createLogDestination, type LogDestination } from "./log-destination.ts";

/** JSON-lines logger (docs/design.md §2). */
export type Logger = pino.Logger;

/** What `serializeError` writes for an error: named, value-free fields only. */
export interface SerializedError {
  /** The error's class ("DrizzleQueryError", "TypeError", "NotFoundError"…). */
  type: string;
  /** The message with values removed (scrubMessage). */
  message: string;
  /** SQLSTATE ("23505") or a Node/library code ("ECONNREFUSED", "ERR_INVALID_URL"). */
  code?: string;
  /** PostgreSQL's names of the objects involved (never values). */
  constraint?: string;
  table?: string;
  column?: string;
  schema?: string;
  dataType?: string;
  routine?: string;
  severity?: string;
  /** An HTTP status an error carries (DomainError, Hono's HTTPException). */
  status?: number;
  /** The stack's frames ("    at fn (file:line:col)"), without the message line(s). */
  stack?: string;
  /** The serialized `cause` (up to MAX_CAUSE_DEPTH levels). */
  cause?: SerializedError;
  /** An AggregateError's errors (at most MAX_AGGREGATED). */
  errors?: SerializedError[];
}

/** How many `cause` levels are followed (a cycle or a long chain ends there). */
const MAX_CAUSE_DEPTH = 5;
/** How many errors of an AggregateError are kept. */
const MAX_AGGREGATED = 5;
/** How many stack frames are kept per error. */
const MAX_FRAMES = 30;
/** Longest message kept (characters); the rest is cut. */
const MAX_MESSAGE = 600;
/** What replaces a removed value. */
export const REDACTED = "[redacted]";

/** A PostgreSQL identifier or type name as it appears quoted in its messages. */
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_$]{0,62}$/;
/** A code worth keeping: SQLSTATE (5 characters) or an upper-case symbol such as ECONNRESET. */
const CODE = /^[A-Z0-9_]{1,64}$/;
/** A class name worth keeping. */
const TYPE_NAME = /^[A-Za-z_$][\w$.]{0,79}$/;
/** An email address (also an internationalised one). */
const EMAIL = /[^\s@"'<>()[\],;:]+@[^\s@"'<>()[\],;:]+/gu;

/**
 * An error message without the values it may quote (issue 27 §2):
 *
 * - drizzle's "Failed query: <sql>\nparams: <values>": the `params:` part is cut to its end
 *   (a value may hold line breaks), string literals inside the SQL become '[redacted]';
 * - double-quoted text becomes "[redacted]" unless it is one of `keep` (the error's own
 *   constraint, table, column … names) or an upper-case symbol such as "UTF8": PostgreSQL
 *   quotes the value in `invalid input syntax for type uuid: "…"`, JSON.parse a snippet of its
 *   input;
 * - single-quoted text becomes '[redacted]' unless it is an identifier (a property name, as in
 *   "reading 'email'");
 * - "Received …" (Node's argument errors end with the value they were given) to the end;
 * - email addresses anywhere.
 *
 * The result is at most MAX_MESSAGE characters. Pure; never throws.
 */
export function scrubMessage(text: string, keep: ReadonlySet<string> = new Set()): string {
  let out = text;
  const params = out.indexOf("\nparams: ");
  if (out.startsWith("Failed query: ") && params >= 0) out = out.slice(0, params);
  if (out.startsWith("Failed query: ")) out = out.replace(/'(?:[^']|'')*'/g, `'${REDACTED}'`);
  out = out.replace(/"([^"]*)"/g, (whole, inner: string) =>
    keep.has(inner) || /^[A-Z][A-Z0-9_]{0,31}$/.test(inner) ? whole : `"${REDACTED}"`,
  );
  out = out.replace(/'([^'\n]*)'/g, (whole, inner: string) =>
    IDENTIFIER.test(inner) && !out.startsWith("Failed query: ") ? whole : `'${REDACTED}'`,
  );
  out = out.replace(/\bReceived\b[\s\S]*$/, `Received ${REDACTED}`);
  out = out.replace(EMAIL, REDACTED);
  return out.length > MAX_MESSAGE ? `${out.slice(0, MAX_MESSAGE)}…` : out;
}

/** The stack's frame lines ("    at …"), at most MAX_FRAMES, or undefined without any. */
function framesOf(stack: unknown): string | undefined {
  if (typeof stack !== "string") return undefined;
  const frames = stack.split("\n").filter((line) => /^\s+at\s/.test(line));
  return frames.length > 0 ? frames.slice(0, MAX_FRAMES).join("\n") : undefined;
}

/** A short string field of a database error (its identifiers), when it looks like one. */
function nameField(value: unknown): string | undefined {
  return typeof value === "string" && IDENTIFIER.test(value) ? value : undefined;
}

/**
 * The one serializer for errors (pino's `serializers.err`; issue 27 §2): anything thrown —
 * an Error, a string, an object — as a SerializedError with value-free fields only (see the
 * module comment). Pure; never throws; follows `cause` MAX_CAUSE_DEPTH levels deep.
 */
export function serializeError(value: unknown, depth = 0): SerializedError {
  if (!(value instanceof Error)) {
    // A thrown string or object may be anything a person typed: only its kind is kept.
    const type = value === null ? "null" : typeof value;
    return { type, message: `[a thrown ${type}, not an Error: not logged]` };
  }
  const e = value as Error & Record<string, unknown>;
  const names = {
    constraint: nameField(e.constraint),
    table: nameField(e.table),
    column: nameField(e.column),
    schema: nameField(e.schema),
    dataType: nameField(e.dataType),
    routine: nameField(e.routine),
  };
  const keep = new Set(Object.values(names).filter((n): n is string => n !== undefined));
  // PostgreSQL's errors (pg's DatabaseError, PGlite's minified class) carry a severity and a SQLSTATE.
  const fromDatabase =
    typeof e.severity === "string" && typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code);
  const ctor = e.constructor?.name;
  const type = fromDatabase
    ? "DatabaseError"
    : typeof ctor === "string" && TYPE_NAME.test(ctor) && ctor !== "Error"
      ? ctor
      : e.name;
  const out: SerializedError = {
    type: typeof type === "string" && TYPE_NAME.test(type) ? type : "Error",
    message: scrubMessage(typeof e.message === "string" ? e.message : "", keep),
  };
  const code = typeof e.code === "number" ? String(e.code) : e.code;
  if (typeof code === "string" && CODE.test(code)) out.code = code;
  for (const [key, name] of Object.entries(names))
    if (name) (out as unknown as Record<string, string>)[key] = name;
  if (typeof e.severity === "string" && /^[A-Z]{1,10}$/.test(e.severity)) out.severity = e.severity;
  if (typeof e.status === "number" && Number.isInteger(e.status)) out.status = e.status;
  const stack = framesOf(e.stack);
  if (stack) out.stack = stack;
  if (depth < MAX_CAUSE_DEPTH && e.cause !== undefined && e.cause !== value)
    out.cause = serializeError(e.cause, depth + 1);
  if (value instanceof AggregateError && Array.isArray(value.errors) && depth < MAX_CAUSE_DEPTH)
    out.errors = value.errors.slice(0, MAX_AGGREGATED).map((inner) => serializeError(inner, depth + 1));
  return out;
}

/**
 * One line for a person reading a terminal (the CLIs' "failed: …" lines): the error and its
 * causes as serializeError keeps them, e.g. "DrizzleQueryError: Failed query: select … ← error:
 * duplicate key value violates unique constraint "users_email_unique" (23505)".
 */
export function errorSummary(value: unknown): string {
  const parts: string[] = [];
  let e: SerializedError | undefined = serializeError(value);
  while (e) {
    parts.push(`${e.type}: ${e.message}${e.code ? ` (${e.code})` : ""}`);
    e = e.cause;
  }
  return parts.join(" ← ");
}

/**
 * Keys whose values never reach a log (pino `redact`, issue 27 §2), wherever a log call passes
 * them: credentials and tokens, and the personal data the product holds (contact details, what a
 * client wrote about their case, a message, a review, an address). Also matched one and two
 * levels down (`{ user: { email } }`, `{ req: { headers: { cookie } } }`).
 */
export const LOG_REDACT_KEYS = [
  "authorization",
  "cookie",
  "set-cookie",
  "password",
  "newPassword",
  "currentPassword",
  "token",
  "sessionToken",
  "trackingToken",
  "accessToken",
  "secret",
  "email",
  "to",
  "replyTo",
  "subject",
  "phone",
  "businessPhone",
  "firstName",
  "lastName",
  "clientName",
  "clientEmail",
  "clientPhone",
  "description",
  "body",
  "text",
  "details",
  "address",
  "place",
  "ip",
  "query",
  "params",
  "detail",
] as const;

/** pino's redaction paths for LOG_REDACT_KEYS (top level, one and two levels down). */
function redactPaths(): string[] {
  const key = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? `.${k}` : `["${k}"]`);
  return LOG_REDACT_KEYS.flatMap((k) => {
    const top = key(k).replace(/^\./, "");
    return [top, `*${key(k)}`, `*.*${key(k)}`];
  });
}

/**
 * The request a piece of work belongs to (issue 27 §2), set by the request log
 * (server/ops/request-log.ts) around each request: its id, written on every line logged while
 * the request runs, and the errors logged at error level meanwhile, which the request's own line
 * names as its cause.
 */
export interface RequestLogContext {
  requestId: string;
  /** Errors reported or logged at error level during the request (the request line's causes). */
  causes: unknown[];
}

/** The RequestLogContext of the running request (undefined outside requests). */
export const requestLogContext = new AsyncLocalStorage<RequestLogContext>();

/** How many causes a request keeps (the first is its line's `err`, the others `more`). */
export const MAX_REQUEST_CAUSES = 5;

/** Adds `error` to the request's causes (the same error once, at most MAX_REQUEST_CAUSES). */
export function addRequestCause(context: RequestLogContext, error: unknown): void {
  if (!context.causes.includes(error) && context.causes.length < MAX_REQUEST_CAUSES)
    context.causes.push(error);
}

/** pino's level number for "error". */
const ERROR_LEVEL = 50;

/**
 * The pino options of every logger: the level, ISO timestamps, the one error serializer (also
 * under the keys `error` and `reason`, which some callers use), the redaction paths, and the
 * running request's id on every line (requestLogContext).
 */
function loggerOptions(level: string): pino.LoggerOptions {
  return {
    level,
    mixin: () => {
      const request = requestLogContext.getStore();
      return request ? { requestId: request.requestId } : {};
    },
    hooks: {
      logMethod(args, method, logLevel) {
        const [first, ...rest] = args as unknown[];
        // An error logged at error level during a request is also that request's cause.
        const request = logLevel >= ERROR_LEVEL ? requestLogContext.getStore() : undefined;
        if (first instanceof Error) {
          if (request) addRequestCause(request, first);
          // `logger.error(err)` makes pino write err.message, unscrubbed, as the line's msg: the
          // error goes under `err` (the serializer) and its scrubbed message becomes the msg.
          const msg = typeof rest[0] === "string" ? rest : [serializeError(first).message];
          return method.apply(this, [{ err: first }, ...msg] as Parameters<typeof method>);
        }
        const err = (first as { err?: unknown } | null)?.err;
        if (request && err !== undefined) addRequestCause(request, err);
        return method.apply(this, args);
      },
    },
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: {
      err: serializeError,
      error: serializeError,
      reason: serializeError,
    },
    redact: { paths: redactPaths(), censor: REDACTED },
  };
}

/**
 * Creates the process logger at the given level ("silent" in tests), to `destination` or else
 * to stdout through createLogDestination (drops output when stdout's reader is gone or slow;
 * issue 27 §3).
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(loggerOptions(level), destination ?? stdoutDestination());
}

let stdout: LogDestination | undefined;
/** The process's one stdout destination (every logger of the process shares its backlog). */
function stdoutDestination(): LogDestination {
  stdout ??= createLogDestination(process.stdout);
  return stdout;
}

let processLogger: Logger | undefined;

/**
 * Makes `logger` the one that logBackgroundError writes to (server/main.ts, at start). Until
 * then (tools, tests) background errors go to stderr through the same serializer.
 */
export function setProcessLogger(logger: Logger): void {
  processLogger = logger;
}

/**
 * Logs a failure of work no request waits for (a background build, a snapshot) at error level,
 * with the one serializer: for modules that have no logger of their own (server/search,
 * server/matching).
 */
export function logBackgroundError(err: unknown, message: string): void {
  fallbackLogger ??= pino(loggerOptions("error"), createLogDestination(process.stderr));
  (processLogger ?? fallbackLogger).error({ err }, message);
}
let fallbackLogger: Logger | undefined;

/**
 * Logs something a background task worked around at warn level (issue 29: a snapshot file that
 * is corrupt or truncated is ignored and rebuilt), through the same logger as logBackgroundError.
 */
export function logBackgroundWarning(fields: Record<string, unknown>, message: string): void {
  fallbackWarnLogger ??= pino(loggerOptions("warn"), createLogDestination(process.stderr));
  (processLogger ?? fallbackWarnLogger).warn(fields, message);
}
let fallbackWarnLogger: Logger | undefined;
