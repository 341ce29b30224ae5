/**
 * API requests from the served OpenAPI document (issue 27 "From the served OpenAPI … generate
 * requests"): every path × method of `/api/openapi.json`, each request built from the
 * operation's declared parameters (path, query) and request bodies (JSON, multipart), valid or
 * hostile value by value (tests/fuzz/values.ts), in a hostile envelope (tests/fuzz/envelope.ts),
 * its body maybe damaged on the wire (tests/fuzz/bodies.ts).
 */
import fc from "fast-check";
import {
  contentType,
  type Damage,
  damage,
  damageJson,
  type FormField,
  type Framing,
  fileArbitrary,
  framing,
  multipart,
} from "./bodies.ts";
import type { Sendable } from "./check.ts";
import { type Envelope, envelope, envelopeHeaders } from "./envelope.ts";
import type { FuzzWorld } from "./harness.ts";
import {
  anyText,
  hostileKey,
  hostileObject,
  hostileValue,
  type JsonSchema,
  type KnownIds,
  knownId,
  type RefResolver,
  validValue,
} from "./values.ts";
import { pct } from "./wire.ts";

/** One operation of the document. */
export interface Operation {
  method: string;
  /** The document's path, e.g. `/api/cases/{id}`. */
  path: string;
  /** `METHOD path`, the property's name and count group. */
  name: string;
  params: { name: string; in: string; required: boolean; schema: JsonSchema }[];
  /** Media type → schema of the request body, when it takes one. */
  bodies: Record<string, JsonSchema>;
}

/** The operations of an OpenAPI document (`$ref`'d parameters resolved). */
export function operationsOf(doc: JsonSchema): { operations: Operation[]; resolve: RefResolver } {
  const resolve: RefResolver = (ref) => {
    let node: JsonSchema = doc;
    for (const part of ref.replace(/^#\//, "").split("/"))
      node = node?.[part.replace(/~1/g, "/").replace(/~0/g, "~")];
    if (!node) throw new Error(`unresolved ${ref}`);
    return node;
  };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries<JsonSchema>(doc.paths ?? {})) {
    for (const [method, op] of Object.entries<JsonSchema>(item)) {
      if (!["get", "put", "post", "delete", "patch"].includes(method)) continue;
      const params = (op.parameters ?? []).map((p: JsonSchema) => (p.$ref ? resolve(p.$ref) : p));
      const bodies: Record<string, JsonSchema> = {};
      for (const [type, media] of Object.entries<JsonSchema>(op.requestBody?.content ?? {}))
        bodies[type] = media.schema ?? {};
      operations.push({
        method: method.toUpperCase(),
        path,
        name: `${method.toUpperCase()} ${path}`,
        params: params.map((p: JsonSchema) => ({
          name: p.name,
          in: p.in,
          required: Boolean(p.required),
          schema: p.schema ?? {},
        })),
        bodies,
      });
    }
  }
  return { operations, resolve };
}

/** A path segment that is not an id: negative, too big for any integer, a traversal, very long, encoded oddly. */
const HOSTILE_SEGMENTS = [
  "-1",
  "0",
  "1e309",
  "99999999999999999999",
  "1.5",
  "NaN",
  "../",
  "..%2F..%2Fetc%2Fpasswd",
  "%2e%2e",
  "%00",
  "%E0%A4%A",
  "%",
  "x".repeat(3000),
  "00000000-0000-0000-0000-000000000000",
  "00000000-0000-4000-8000-00000000000G",
  "%20",
  "null",
  "__proto__",
  "constructor",
  "%F0%9F%98%80",
  "a;b=c",
];

/** One generated API request before it is put on the wire. */
interface ApiCase {
  envelope: Envelope;
  path: Record<string, string>;
  query: [string, string][];
  /** The media type chosen among the operation's, or none (no body). */
  media: string | null;
  value: unknown;
  damage: Damage;
  framing: Framing;
  label: string | null;
  chunked: boolean;
  files: NonNullable<FormField["file"]>[];
}

/** Text for a query or form value from any generated value. */
function asText(v: unknown): string {
  if (typeof v === "string") return v;
  if (v === undefined) return "";
  return typeof v === "object" ? JSON.stringify(v) : String(v);
}

/** The arbitrary of requests to `op` (see the module comment). */
export function operationCases(op: Operation, resolve: RefResolver, known: KnownIds): fc.Arbitrary<ApiCase> {
  const pathModel: Record<string, fc.Arbitrary<string>> = {};
  for (const p of op.params.filter((p) => p.in === "path")) {
    // The table a path parameter names: the segment before it (`/api/cases/{id}` → cases), or
    // the parameter itself (`{sessionId}`, `{docId}` → documents).
    const segments = op.path.split("/");
    const before = segments[segments.indexOf(`{${p.name}}`) - 1] ?? "";
    const hint = p.name === "sessionId" ? "sessionids" : p.name === "docId" ? "documents" : before;
    pathModel[p.name] = fc.oneof(
      { weight: 4, arbitrary: knownId(known, hint) },
      { weight: 1, arbitrary: knownId(known) },
      { weight: 2, arbitrary: validValue(p.schema, resolve, known).map(asText) },
      { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS) },
    );
  }
  const queryParams = op.params.filter((p) => p.in === "query");
  const queryPair = fc.oneof(
    ...(queryParams.length
      ? [
          {
            weight: 4,
            arbitrary: fc.constantFrom(...queryParams).chain((p) =>
              fc
                .oneof(
                  {
                    weight: 3,
                    arbitrary: validValue(p.schema, resolve, known, 0, p.name).map((v) =>
                      Array.isArray(v) ? v.map(asText).join(",") : asText(v),
                    ),
                  },
                  { weight: 2, arbitrary: hostileValue(p.schema, resolve).map(asText) },
                )
                .map((v) => [p.name, v] as [string, string]),
            ),
          },
        ]
      : []),
    { weight: 1, arbitrary: fc.tuple(hostileKey(), anyText(30)) },
  );
  const medias = Object.keys(op.bodies);
  const bodyValue = (media: string) => {
    const schema = op.bodies[media] ?? {};
    return fc.oneof(
      { weight: 3, arbitrary: validValue(schema, resolve, known) },
      { weight: 4, arbitrary: hostileObject(schema, resolve, known) },
      { weight: 1, arbitrary: hostileValue(schema, resolve) },
    );
  };
  const body = medias.length
    ? fc.constantFrom(...medias).chain((media) =>
        fc.record({
          media: fc.constant<string | null>(media),
          value: bodyValue(media),
          damage: damage(),
          framing: framing(),
          label: contentType(
            media === "multipart/form-data" ? "multipart/form-data; boundary=fuzzboundary" : media,
          ),
          chunked: fc.oneof(
            { weight: 9, arbitrary: fc.constant(false) },
            { weight: 1, arbitrary: fc.constant(true) },
          ),
          files:
            media === "multipart/form-data"
              ? fc.array(fileArbitrary(), { maxLength: 3 })
              : fc.constant<NonNullable<FormField["file"]>[]>([]),
        }),
      )
    : fc.record({
        media: fc.constant<string | null>(null),
        // A body sent to a route that takes none.
        value: fc.oneof(
          { weight: 9, arbitrary: fc.constant(undefined) },
          { weight: 1, arbitrary: fc.constant({ unexpected: true }) },
        ),
        damage: fc.constant("none" as Damage),
        framing: fc.constant("none" as Framing),
        label: fc.constant<string | null>("application/json"),
        chunked: fc.constant(false),
        files: fc.constant<NonNullable<FormField["file"]>[]>([]),
      });
  return fc
    .record({
      envelope: envelope(),
      path: fc.record(pathModel),
      query: fc.oneof(
        { weight: 1, arbitrary: fc.constant<[string, string][]>([]) },
        { weight: 2, arbitrary: fc.array(queryPair, { maxLength: 4 }) },
      ),
      body,
    })
    .map(({ body: b, ...rest }) => ({ ...rest, ...b }));
}

/** The wire request of a generated case. */
export function apiRequest(op: Operation, c: ApiCase, world: FuzzWorld): Sendable {
  let target = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const v = c.path[name] ?? "1";
    // Hostile segments are sent as written (they are already escaped where needed); others encoded.
    return /%|^\.\.\/$/.test(v) ? v : pct(v);
  });
  if (c.query.length) target += `?${c.query.map(([k, v]) => `${pct(k)}=${pct(v)}`).join("&")}`;
  const unsafe = !["GET", "HEAD"].includes(op.method);
  const headers = envelopeHeaders(c.envelope, world, unsafe);
  let body: Buffer | undefined;
  if (c.value !== undefined) {
    if (c.media === "multipart/form-data") {
      const fields: FormField[] = [];
      const value = c.value;
      if (value && typeof value === "object" && !Array.isArray(value))
        for (const [k, v] of Object.entries(value)) fields.push({ name: k, value: asText(v) });
      else fields.push({ name: "value", value: asText(value) });
      for (const file of c.files)
        fields.push({ name: op.path.includes("logo") ? "logo" : "documents", value: "", file });
      body = multipart(fields, "fuzzboundary", c.framing);
    } else {
      let text: string;
      try {
        text = JSON.stringify(c.value) ?? "null";
      } catch {
        text = "null";
      }
      const field = c.value && typeof c.value === "object" ? (Object.keys(c.value)[0] ?? "x") : "x";
      body = damageJson(text, c.damage, field);
    }
    if (c.label !== null) headers.push(["Content-Type", c.label]);
  }
  return {
    wire: {
      method: op.method,
      target,
      headers,
      ...(body ? { body } : {}),
      ...(c.chunked && body ? { chunked: true } : {}),
    },
    group: `api ${op.name}`,
    role: `${c.envelope.role} (${c.envelope.auth})`,
  };
}

/** Methods a server meets, standard or not (not CONNECT: Node closes it without an answer when no `connect` listener exists, by design). */
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND", "get"];

/** Targets outside the document: operations, SEO, flags, unknown and odd paths. */
const SITE_TARGETS = [
  "/api/openapi.json",
  "/healthz",
  "/readyz",
  "/metrics",
  "/robots.txt",
  "/sitemap.xml",
  "/sitemaps/1.xml",
  "/sitemaps/99999999999999999999.xml",
  "/flags/ca.svg",
  "/flags/..%2F..%2Fpackage.json",
  "/api",
  "/api/",
  "/api/no-such-route",
  "/api/lawyers/1/../../auth/me",
  "/assets/../../package.json",
  "/%2e%2e/%2e%2e/etc/passwd",
  "//evil.example/x",
  "http://evil.example/api/auth/me",
  "*",
  "/?%E0%A4%A=%",
  `/${"a".repeat(6000)}`,
];

/** Requests to SITE_TARGETS with any method, in a hostile envelope, sometimes with a body. */
export function siteCases(): fc.Arbitrary<{
  envelope: Envelope;
  method: string;
  target: string;
  body: boolean;
}> {
  return fc.record({
    envelope: envelope(),
    method: fc.constantFrom(...METHODS),
    target: fc.constantFrom(...SITE_TARGETS),
    body: fc.boolean(),
  });
}

/** The wire request of a site case. */
export function siteRequest(
  c: { envelope: Envelope; method: string; target: string; body: boolean },
  world: FuzzWorld,
): Sendable {
  const unsafe = !["GET", "HEAD", "OPTIONS"].includes(c.method);
  const headers = envelopeHeaders(c.envelope, world, unsafe);
  if (c.body) headers.push(["Content-Type", "application/json"]);
  return {
    wire: {
      method: c.method,
      target: c.target,
      headers,
      ...(c.body ? { body: Buffer.from('{"a":1}') } : {}),
    },
    group: `site ${c.method}`,
    role: `${c.envelope.role} (${c.envelope.auth})`,
  };
}
