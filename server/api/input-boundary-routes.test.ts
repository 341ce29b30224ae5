/**
 * Issue 27 §2 "One input boundary", proved over the whole API: the test walks every operation of
 * the served OpenAPI document and puts text no field may hold (NUL; in JSON also a lone high and a
 * lone low surrogate) into each of its fields in turn: each top-level property of its JSON body,
 * each query parameter and each path parameter. As the first of anonymous, a client and a lawyer
 * that gets past the route's authentication and party checks (401, 403 and 404 try the next
 * one; the client and the lawyer are the two parties of a case), the answer must be 400 in the one error shape with
 * `fieldErrors` naming that field (a path parameter that the route's party check resolves first
 * may instead answer 404: an id that names nothing for the caller), never a 5xx, and nothing may
 * be written. A new route is covered without a line here; a new path parameter needs a value in
 * `pathValue` (the test fails and says so).
 *
 * Runs through the real server on loopback against a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL).
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newSessionId } from "../../lib/personality.ts";
import { insertTestListing, testApi } from "../../tests/support/api.ts";
import { casePayload } from "../../tests/support/case-fixtures.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { databaseFingerprint } from "../../tests/support/db-fingerprint.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import type { Database } from "../db/client.ts";
import { users } from "../db/schema.ts";

let database: Database;
let server: TestServer;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer(database.db, { env: { TRUST_PROXY: "true" } });
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

const { call, signUp } = testApi(() => server, { emailPrefix: "walk" });

/** The English message of the input boundary (validation:invalidCharacters). */
const INVALID_CHARACTERS = "This field contains characters that are not allowed.";

/** Texts no field may hold: NUL anywhere, and (JSON only: a URL cannot carry them) lone surrogates. */
const NUL_TEXT = "a\u0000b";
const JSON_TEXTS = [NUL_TEXT, "a\ud800b", "\udfffb"];

// biome-ignore lint/suspicious/noExplicitAny: an OpenAPI document is read field by field
type Json = any;

/** The fixtures the walk's requests use: a listing, its lawyer, a client and the client's case to it. */
interface Fixtures {
  lawyerId: number;
  caseId: string;
  tokens: { role: string; token?: string }[];
}
let fixtures: Fixtures;

beforeAll(async () => {
  const lawyer = await signUp({ role: "lawyer" });
  const lawyerId = await insertTestListing(database, lawyer.email);
  await database.db.update(users).set({ lawyerId, isVerified: true }).where(eq(users.id, lawyer.user.id));
  const client = await signUp();
  const sent = await call("POST", "/api/cases", { token: client.token, body: casePayload(lawyerId) });
  expect(sent.status, sent.text).toBe(201);
  fixtures = {
    lawyerId,
    caseId: sent.body.case.id,
    tokens: [
      { role: "anonymous" },
      { role: "client", token: client.token },
      { role: "lawyer", token: lawyer.token },
    ],
  };
});

/** The value a path parameter gets when it is not the one under test (an id the fixtures own). */
function pathValue(path: string, name: string): string {
  if (name === "id" && path.startsWith("/api/lawyers/")) return String(fixtures.lawyerId);
  if (name === "id" && path.startsWith("/api/cases/")) return fixtures.caseId;
  if (name === "sessionId") return newSessionId();
  if (name === "id" || name === "docId") return randomUUID();
  throw new Error(`No value for the path parameter {${name}} of ${path}: add one to pathValue`);
}

/** `schema` with its $ref resolved against the document. */
function resolve(doc: Json, schema: Json): Json {
  let s = schema;
  while (s?.$ref) s = doc.components.schemas[String(s.$ref).split("/").pop() as string];
  return s ?? {};
}

/** A value of the shape of `schema` that carries `text`: the text, a list of it, or an object keyed by it. */
function carrying(doc: Json, schema: Json, text: string): unknown {
  const s = resolve(doc, schema);
  const branches: Json[] = [s, ...(s.anyOf ?? []), ...(s.oneOf ?? [])].map((b) => resolve(doc, b));
  const types = new Set(branches.flatMap((b) => [b.type].flat()).filter(Boolean));
  if (types.has("string")) return text;
  if (types.has("array")) return [text];
  if (types.has("object")) return { [text]: text };
  return text;
}

/** One field to poison: where it goes and its name. */
interface Target {
  where: "json" | "query" | "path";
  name: string;
}

/** The operations of the document: method, path, parameters and the JSON body's properties. */
function operations(doc: Json) {
  const out: { method: string; path: string; targets: Target[]; bodySchema: Json }[] = [];
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    for (const [method, op] of Object.entries<Json>(item)) {
      const params: Json[] = (op.parameters ?? []).map((p: Json) =>
        p.$ref ? doc.components.parameters[String(p.$ref).split("/").pop() as string] : p,
      );
      const targets: Target[] = params
        .filter((p) => p.in === "query" || p.in === "path")
        .map((p) => ({ where: p.in, name: p.name }));
      const bodySchema = resolve(doc, op.requestBody?.content?.["application/json"]?.schema);
      for (const name of Object.keys(bodySchema.properties ?? {})) targets.push({ where: "json", name });
      out.push({ method: method.toUpperCase(), path, targets, bodySchema });
    }
  }
  return out;
}

describe(`every API route refuses text no field may hold (${TEST_ENGINE})`, () => {
  it("walks every operation of /api/openapi.json: 400 naming each poisoned field, never a 5xx, nothing written", async () => {
    const doc = (await call("GET", "/api/openapi.json")).body;
    const ops = operations(doc);
    expect(ops.length).toBeGreaterThan(50);
    const failures: string[] = [];
    let checked = 0;
    for (const op of ops) {
      const before = await databaseFingerprint(database.db);
      for (const target of op.targets) {
        const texts = target.where === "json" ? JSON_TEXTS : [NUL_TEXT];
        for (const text of texts) {
          const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) =>
            encodeURIComponent(
              target.where === "path" && target.name === name ? text : pathValue(op.path, name),
            ),
          );
          const query = target.where === "query" ? `?${target.name}=${encodeURIComponent(text)}` : "";
          const body =
            target.where === "json"
              ? { [target.name]: carrying(doc, op.bodySchema.properties[target.name], text) }
              : undefined;
          const answers: string[] = [];
          let named = false;
          for (const { role, token } of fixtures.tokens) {
            const r = await call(op.method, `${path}${query}`, {
              ...(token ? { token } : {}),
              ...(body ? { body } : {}),
            });
            answers.push(`${role} ${r.status} ${r.text.slice(0, 160)}`);
            if (r.status === 404 && target.where === "path") {
              named = true; // the party check of the route: an id that names nothing for the caller
              break;
            }
            // Not this caller's route (signed out, another role, not a party of the case): the next one.
            if (r.status === 401 || r.status === 403 || r.status === 404) continue;
            named =
              r.status === 400 &&
              Object.keys(r.body).every((k) => k === "message" || k === "fieldErrors") &&
              Array.isArray(r.body.fieldErrors?.[target.name]) &&
              r.body.fieldErrors[target.name].includes(INVALID_CHARACTERS);
            break;
          }
          checked += 1;
          if (!named)
            failures.push(
              `${op.method} ${op.path} ${target.where}:${target.name} ${JSON.stringify(text)}: ${answers.join(" | ")}`,
            );
        }
      }
      const after = await databaseFingerprint(database.db);
      if (JSON.stringify(after) !== JSON.stringify(before))
        failures.push(`${op.method} ${op.path} wrote to the database`);
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(150);
  }, 600_000);
});
