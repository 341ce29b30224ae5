/**
 * The fuzzer's rules and its run (issue 27 "Assert: no 5xx, the one error shape on every 4xx,
 * nothing written on a refused request"): every generated request goes over the wire to the
 * world's server and its answer is checked —
 *
 * 1. never a 5xx, never a hang (30 s), never a connection closed without an answer;
 * 2. an API answer (`/api/…`) of 4xx is the one error body `{ message, fieldErrors? }`
 *    (ErrorShape, strict: nothing else) labelled application/json;
 * 3. a page answer never shows a stack trace (frames, file paths);
 * 4. an unsafe request (not GET/HEAD/OPTIONS) answered 4xx wrote no row (the write fingerprint
 *    of tests/fuzz/harness.ts) outside WRITES_ALLOWED_ON_REFUSAL.
 *
 * Runs are deterministic: the seed is FUZZ_SEED (default 27) plus a hash of the property's name;
 * FUZZ_RUNS scales every property's number of runs (default 1). A failure is shrunk by
 * fast-check and reported with the request as sent (replayable with `tests/fuzz/wire.ts send`)
 * and the seed and path that replay it (FUZZ_SEED, FUZZ_PATH, FUZZ_ONLY).
 */
import fc from "fast-check";
import { z } from "zod";
import type { FuzzWorld } from "./harness.ts";
import { unexpectedWrites } from "./harness.ts";
import { send, type WireRequest, type WireResponse } from "./wire.ts";

/** The one error body of every API 4xx, strict (server/http.ts ErrorResponseSchema). */
export const ErrorShape = z
  .object({ message: z.string().min(1), fieldErrors: z.record(z.string(), z.array(z.string())).optional() })
  .strict();

/** A stack frame or a source path in a page: what a person must never be shown. */
const STACK =
  /\n\s+at [^\n]*\(?[^\s()]+:\d+:\d+\)?|file:\/\/\/|\/node_modules\/|\bTypeError: |\bReferenceError: /;

/** The default seed: the issue's number. */
const BASE_SEED = Number(process.env.FUZZ_SEED ?? 27);
/** Multiplies every property's runs (FUZZ_RUNS=10 for a long local run). */
export const RUNS_FACTOR = Number(process.env.FUZZ_RUNS ?? 1);
/** Only properties whose name matches (a regular expression). */
/** FUZZ_DEBUG=1: print the most frequent refusals of each group (to see what the generator misses). */
const DEBUG = Boolean(process.env.FUZZ_DEBUG);
const ONLY = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : null;

/** How many findings per file are shrunk (the rest are reported as found). */
const SHRUNK_FINDINGS = 3;

/** A request ready to send and what it is, for the rules and the counts. */
export interface Sendable {
  wire: WireRequest;
  /** The count group, e.g. "api /api/cases" or "page GET /lawyer/:id". */
  group: string;
  /** Who sent it (for the report). */
  role: string;
}

/** Counts of a file's run: requests per group, answers per status class, and the findings. */
export class FuzzStats {
  readonly byGroup = new Map<string, number>();
  /** Answers per group and status, e.g. "api POST /api/contact" → { 201: 3, 400: 80 }. */
  readonly statusesByGroup = new Map<string, Map<number, number>>();
  readonly byStatus = new Map<string, number>();
  readonly failures: string[] = [];
  total = 0;
  /** Refusals whose writes were an earlier request's background work (not repeated when sent again). */
  backgroundWrites = 0;
  /** FUZZ_DEBUG: the most frequent refusals per group. */
  readonly notes = new Map<string, Map<string, number>>();

  /** Counts one refusal's text under its group (FUZZ_DEBUG). */
  note(group: string, text: string): void {
    const m = this.notes.get(group) ?? new Map<string, number>();
    m.set(text, (m.get(text) ?? 0) + 1);
    this.notes.set(group, m);
  }

  /** Counts one answer (`status` 0: none came) under its group. */
  record(group: string, status: number): void {
    this.total += 1;
    this.byGroup.set(group, (this.byGroup.get(group) ?? 0) + 1);
    const statuses = this.statusesByGroup.get(group) ?? new Map<number, number>();
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    this.statusesByGroup.set(group, statuses);
    const key = status ? `${String(status).slice(0, 1)}xx` : "none";
    this.byStatus.set(key, (this.byStatus.get(key) ?? 0) + 1);
  }

  /** The summary printed at the end of a file. */
  summary(title: string, seconds: number): string {
    const groups = [...this.byGroup].sort((a, b) => a[0].localeCompare(b[0]));
    const statuses = [...this.byStatus]
      .sort()
      .map(([k, n]) => `${k} ${n}`)
      .join(", ");
    return [
      `fuzz ${title}: ${this.total} requests in ${seconds.toFixed(1)} s (seed ${BASE_SEED}, runs ×${RUNS_FACTOR}); ${statuses}; ${this.failures.length} finding(s); ${this.backgroundWrites} write(s) by earlier background work set aside`,
      ...groups.map(([g, n]) => {
        const statuses = [...(this.statusesByGroup.get(g) ?? [])].sort((a, b) => a[0] - b[0]);
        const notes = [...(this.notes.get(g) ?? [])].sort((a, b) => b[1] - a[1]).slice(0, 4);
        return `  ${String(n).padStart(5)}  ${g.padEnd(48)} ${statuses.map(([st, k]) => `${st}×${k}`).join(" ")}${notes.map(([t, k]) => `\n         ${k}× ${t}`).join("")}`;
      }),
    ].join("\n");
  }
}

/** A stable 31-bit hash of a property name (its seed offset). */
function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return (h >>> 0) & 0x7fffffff;
}

/** The request in a form to read and to send again (body as text when it is UTF-8, else base64). */
export function describeRequest(r: WireRequest): string {
  const body = r.body ?? Buffer.alloc(0);
  const utf8 = body.toString("utf8");
  const printable = Buffer.from(utf8, "utf8").equals(body) && body.length <= 2000;
  return JSON.stringify(
    {
      method: r.method,
      target: r.target.length > 500 ? `${r.target.slice(0, 500)}…(${r.target.length} chars)` : r.target,
      headers: r.headers.map(([k, v]) => [k, v.length > 300 ? `${v.slice(0, 300)}…(${v.length} chars)` : v]),
      ...(r.chunked ? { chunked: true } : {}),
      ...(body.length === 0
        ? {}
        : printable
          ? { body: utf8 }
          : {
              bodyBase64:
                body.length <= 4000
                  ? body.toString("base64")
                  : `${body.subarray(0, 4000).toString("base64")}…(${body.length} bytes)`,
            }),
    },
    null,
    1,
  );
}

/** Checks one answer against rules 1–3; answers the broken rule, or null. */
export function brokenRule(request: WireRequest, response: WireResponse): string | null {
  const { status } = response;
  if (status >= 500) return `answered ${status}: ${response.text.slice(0, 300)}`;
  if (status < 100) return "answered no status line";
  const api = request.target.startsWith("/api/");
  // Node's own HTTP parser refuses some requests before the app sees them (400 or 431 without a
  // body, no X-Request-Id); the app's answers all carry X-Request-Id.
  const fromApp = response.headers.has("x-request-id");
  if (api && fromApp && status >= 400) {
    if (!/^application\/json\b/.test(response.headers.get("content-type") ?? ""))
      return `${status} is not JSON but ${response.headers.get("content-type")}: ${response.text.slice(0, 200)}`;
    // A HEAD answer has the headers of the GET without its body (RFC 9110 §9.3.2).
    if (request.method === "HEAD") return null;
    let body: unknown;
    try {
      body = JSON.parse(response.text);
    } catch {
      return `${status} body is not JSON: ${response.text.slice(0, 200)}`;
    }
    const shape = ErrorShape.safeParse(body);
    if (!shape.success) return `${status} body is not the one error shape: ${response.text.slice(0, 300)}`;
  }
  if (!api && STACK.test(response.text)) {
    const at = response.text.search(STACK);
    return `${status} page shows a stack trace or a source path: …${response.text.slice(Math.max(0, at - 100), at + 200)}…`;
  }
  return null;
}

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/** Waits until no row has been written for 2 × 25 ms (at most 3 s): work left after an answer is done. */
async function settle(world: FuzzWorld): Promise<void> {
  let last = JSON.stringify([...(await world.writes())]);
  let quiet = 0;
  for (let waited = 0; waited < 3000 && quiet < 2; waited += 25) {
    await new Promise((r) => setTimeout(r, 25));
    const now = JSON.stringify([...(await world.writes())]);
    quiet = now === last ? quiet + 1 : 0;
    last = now;
  }
}

/**
 * Sends one request and applies the rules; throws an Error naming the broken rule and the
 * request (fast-check then shrinks the case). Records the answer in `stats`.
 */
export async function sendAndCheck(world: FuzzWorld, s: Sendable, stats: FuzzStats): Promise<WireResponse> {
  const unsafe = !SAFE.has(s.wire.method.toUpperCase());
  const before = unsafe ? await world.writes() : null;
  let response: WireResponse;
  try {
    response = await send(world.port, s.wire);
  } catch (err) {
    stats.record(s.group, 0);
    throw new Error(`${s.group} as ${s.role}: ${(err as Error).message}\n${describeRequest(s.wire)}`);
  }
  stats.record(s.group, response.status);
  // Work the request started may throw just after its answer (a stream's error without a listener).
  await new Promise((r) => setImmediate(r));
  const thrown = world.uncaught.splice(0);
  if (thrown.length)
    throw new Error(
      `${s.group} as ${s.role}: answered ${response.status}, then the server threw an exception nobody caught (a production server exits on it): ${thrown.map((e) => e.stack ?? e.message).join("\n")}\n${describeRequest(s.wire)}`,
    );
  if (DEBUG && response.status >= 400)
    stats.note(s.group, `${response.status} ${response.text.slice(0, 120)}`);
  const broken = brokenRule(s.wire, response);
  if (broken) throw new Error(`${s.group} as ${s.role}: ${broken}\n${describeRequest(s.wire)}`);
  if (before && response.status >= 400 && response.status < 500) {
    let written = unexpectedWrites(before, await world.writes());
    if (Object.keys(written).length) {
      // Work an earlier request left running (an email, a reset link written after its answer)
      // may land now: let it finish, then send the same request again and judge that one.
      await settle(world);
      const again = await world.writes();
      const second = await send(world.port, s.wire).catch(() => null);
      written =
        second && second.status >= 400 && second.status < 500
          ? unexpectedWrites(again, await world.writes())
          : {};
      if (!Object.keys(written).length) stats.backgroundWrites += 1;
    }
    if (Object.keys(written).length)
      throw new Error(
        `${s.group} as ${s.role}: refused with ${response.status} (${response.text.slice(0, 160)}) but wrote ${JSON.stringify(written)}\n${describeRequest(s.wire)}`,
      );
  }
  if (unsafe && response.status < 400) {
    await world.keepSessions();
    await settle(world);
  }
  return response;
}

/**
 * Runs one property: `numRuns` × RUNS_FACTOR cases of `arbitrary`, each turned into a request by
 * `toRequest` and checked by sendAndCheck. A failure (shrunk) is added to `stats.failures` with
 * how to replay it; the run goes on with the next property, so one defect hides no other.
 */
export async function fuzzProperty<T>(
  world: FuzzWorld,
  stats: FuzzStats,
  name: string,
  arbitrary: fc.Arbitrary<T>,
  toRequest: (value: T) => Sendable,
  numRuns: number,
): Promise<void> {
  if (ONLY && !ONLY.test(name)) return;
  const seed = (BASE_SEED + hash(name)) | 0;
  const path = process.env.FUZZ_PATH;
  const result = await fc.check(
    fc.asyncProperty(arbitrary, async (value) => {
      await sendAndCheck(world, toRequest(value), stats);
    }),
    {
      numRuns: Math.max(1, Math.round(numRuns * RUNS_FACTOR)),
      seed,
      ...(path && ONLY ? { path } : {}),
      // Shrinking sends requests too: the first SHRUNK_FINDINGS findings of a file are shrunk,
      // within a time bound, later ones reported as found, so a defect that fails many routes
      // (a cookie every page reads) costs seconds, not the CI's time.
      ...(stats.failures.length < SHRUNK_FINDINGS
        ? { interruptAfterTimeLimit: 45_000 }
        : { endOnFailure: true }),
      markInterruptAsFailure: false,
    },
  );
  if (result.failed) {
    const error =
      result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
    stats.failures.push(
      `${name}\n${error}\n(replay: FUZZ_SEED=${BASE_SEED} FUZZ_ONLY='^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$' FUZZ_PATH='${result.counterexamplePath}' npx vitest run <this file>)`,
    );
  }
}
