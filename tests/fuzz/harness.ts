/**
 * The fuzzer's world (issue 27 "a fuzzer in `npm test`"): the real app (API, and the pages
 * loaded through Vite when asked) on a loopback port over a fresh database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL), the six roles every request is sent as, a few rows to aim
 * at, and the write fingerprint that proves a refused request wrote nothing.
 *
 * The fingerprint: after the migrations, a row-level trigger on every table counts the rows each
 * INSERT, UPDATE and DELETE touches into `fuzz_writes` (table name → count; a rolled-back write
 * rolls its count back too). Reading that one small table before and after a request says which
 * tables the request wrote, updates included, at the cost of one query.
 */
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import { eq, sql } from "drizzle-orm";
import { SESSION_COOKIE } from "../../lib/account.ts";
import { createApp } from "../../server/app.ts";
import { systemClock } from "../../server/clock.ts";
import { loadConfig } from "../../server/config.ts";
import type { Database } from "../../server/db/client.ts";
import { userSessions, users } from "../../server/db/schema.ts";
import { createLogger } from "../../server/logger.ts";
import { hashToken, newToken } from "../../server/security/tokens.ts";
import { createServices, type Services } from "../../server/services.ts";
import { insertTestListing, TEST_PASSWORD } from "../support/api.ts";
import { canadaCarAccidentPayload } from "../support/assessments.ts";
import { casePayload } from "../support/case-fixtures.ts";
import { openTestDatabase } from "../support/db.ts";
import { enrolledStaffSession } from "../support/page-routes.ts";
import { loadPagesBuild, type PagesBuild } from "./pages-build.ts";

/** The roles every request is sent as (issue 27: "as every role"). */
export const ROLE_NAMES = ["anonymous", "client", "lawyer", "otherLawyer", "moderator", "admin"] as const;
/** One of ROLE_NAMES. */
export type RoleName = (typeof ROLE_NAMES)[number];

/** A signed-in role: its account and a session token that works (staff: past the second factor). */
export interface Role {
  name: RoleName;
  userId: string;
  token: string;
  staff: boolean;
}

/**
 * Tables a refused request may write, each for its reason (checked for every unsafe request that
 * answered 4xx):
 * - rate_limits: a refused attempt still counts against its limit (a wrong password, a refused
 *   upload, a 429 itself); that is the point of the limit (docs/security.md "Accounts", rate limits).
 * Nothing else: a run with an empty list found writes on refusals to this table only.
 */
export const WRITES_ALLOWED_ON_REFUSAL: Record<string, string> = {
  rate_limits: "a refused attempt still counts against its rate limit",
};

/** Ids of rows that exist, by a hint (see FuzzWorld.ids). */
export type KnownIds = (hint?: string) => string[];

/** The tables a hint names: itself, or tables named `…_hint` / `…_hints` / `hints`. */
export function tablesFor(hint: string, tables: Iterable<string>): string[] {
  const h = hint.toLowerCase();
  return [...tables].filter((t) => t === h || t === `${h}s` || t.endsWith(`_${h}`) || t.endsWith(`_${h}s`));
}

/** A running fuzz target. */
export interface FuzzWorld {
  baseUrl: string;
  port: number;
  /** The site's origin, sent as `Origin` on unsafe requests so they pass the cross-site check. */
  origin: string;
  database: Database;
  services: Services;
  roles: Record<Exclude<RoleName, "anonymous">, Role>;
  /** Listings: the lawyer's own, the other lawyer's, one nobody claimed. */
  listings: { own: number; other: number; unclaimed: number };
  /**
   * Ids of rows that exist (refreshed by refreshIds): of the tables `hint` names (a table, or a
   * path segment such as "cases" or "export", or "sessionId" for assessments), else of every
   * table with an `id` column.
   */
  ids: KnownIds;
  /** Reads the ids again (rows made by earlier requests become targets too). */
  refreshIds(): Promise<void>;
  /** Rows written per table so far (the fingerprint). */
  writes(): Promise<Map<string, number>>;
  /**
   * Exceptions nobody caught in this process since the world started (the server runs
   * in-process: such an exception would end a production server, server/main.ts).
   */
  uncaught: Error[];
  /** Makes sure each role's session still exists (a fuzzed logout ends one); mints a new one if not. */
  keepSessions(): Promise<void>;
  close(): Promise<void>;
}

/** SQL that installs the write counter on every table of the public schema. */
const FINGERPRINT_SQL = [
  "CREATE TABLE IF NOT EXISTS fuzz_writes (tbl text PRIMARY KEY, n bigint NOT NULL)",
  `CREATE OR REPLACE FUNCTION fuzz_note_write() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO fuzz_writes AS w VALUES (TG_TABLE_NAME, 1) ON CONFLICT (tbl) DO UPDATE SET n = w.n + 1;
     RETURN NULL;
   END $$`,
  `DO $$ DECLARE t text; BEGIN
     FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'fuzz_writes' LOOP
       EXECUTE format('CREATE TRIGGER fuzz_write AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION fuzz_note_write()', t);
     END LOOP;
   END $$`,
];

/** Installs the write counter (FINGERPRINT_SQL) on every table of `database` as it is now. */
export async function installWriteCounter(database: Database): Promise<void> {
  for (const statement of FINGERPRINT_SQL) await database.db.execute(sql.raw(statement));
}

/** Rows written per table since installWriteCounter (tables never written are absent). */
export async function readWrites(database: Database): Promise<Map<string, number>> {
  const result = await database.db.execute(sql.raw("SELECT tbl, n FROM fuzz_writes"));
  return new Map(rowsOf(result).map((r) => [String(r.tbl), Number(r.n)]));
}

/**
 * Starts the world: a fresh database with the write counter, the app (`pages`: the pages too,
 * loaded through Vite) on 127.0.0.1 with TRUST_PROXY (each request names its own client address,
 * so per-address limits do not end the run), the roles and the rows to aim at.
 */
export async function startFuzzWorld(opts: { pages: boolean }): Promise<FuzzWorld> {
  const database = await openTestDatabase();
  const uncaught: Error[] = [];
  const monitor = (err: Error) => uncaught.push(err);
  process.on("uncaughtExceptionMonitor", monitor);
  const dataDir = mkdtempSync(path.join(tmpdir(), "lexatlas-fuzz-"));
  const services = createServices({
    clock: systemClock,
    db: database.db,
    config: loadConfig({ LOG_LEVEL: "silent", DATA_DIR: dataDir, TRUST_PROXY: "true" }),
    logger: createLogger("silent"),
  });
  let pages: PagesBuild | undefined;
  if (opts.pages) pages = await loadPagesBuild();
  const app = await createApp({ services, pages: pages?.build ?? false });
  const server = await new Promise<{ port: number; close(): Promise<void> }>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) =>
      resolve({ port: info.port, close: () => new Promise<void>((r) => s.close(() => r())) }),
    );
  });
  const baseUrl = `http://127.0.0.1:${server.port}`;
  const db = database.db;

  let counter = 0;
  const account = async (role: "user" | "lawyer", listing?: number): Promise<Role> => {
    counter += 1;
    const email = `fuzz.${role}.${counter}@example.org`;
    const session = await services.accounts.signUp(
      { email, password: TEST_PASSWORD, firstName: "Fuzz", lastName: "Role", role },
      { ip: `198.51.100.${counter}`, origin: baseUrl },
    );
    if (listing !== undefined)
      await db.update(users).set({ lawyerId: listing }).where(eq(users.email, email));
    return {
      name: role === "user" ? "client" : "lawyer",
      userId: session.user.id,
      token: session.token,
      staff: false,
    };
  };
  const own = await insertTestListing(database, "fuzz.lawyer.2@example.org", { name: "Lara Own" });
  const other = await insertTestListing(database, "fuzz.lawyer.3@example.org", { name: "Otto Other" });
  const unclaimed = await insertTestListing(database, "nobody@example.org", { name: "Una Claimed" });
  const client = await account("user");
  const lawyer = await account("lawyer", own);
  const otherLawyer = { ...(await account("lawyer", other)), name: "otherLawyer" as const };
  const staff = async (role: "moderator" | "admin"): Promise<Role> => {
    counter += 1;
    const email = `fuzz.${role}.${counter}@example.org`;
    const { token } = await enrolledStaffSession({
      services,
      database,
      origin: baseUrl,
      role,
      email,
      loginIp: `10.27.0.${counter}`,
    });
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return { name: role, userId: row?.id ?? "", token, staff: true };
  };
  const roles = {
    client,
    lawyer,
    otherLawyer,
    moderator: await staff("moderator"),
    admin: await staff("admin"),
  };

  // Rows to aim at: a case from the client to the lawyer, a message to the lawyer, a contact
  // message, an assessment; the ids of everything are read from the tables below.
  const post = (pathname: string, body: unknown, token?: string) =>
    fetch(`${baseUrl}${pathname}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Origin: baseUrl,
        "X-Forwarded-For": `192.0.2.${++counter % 250}`,
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
  await post("/api/cases", casePayload(own), client.token);
  await post(`/api/lawyers/${own}/messages`, {
    name: "Dana Visitor",
    email: "dana@example.org",
    subject: "A question",
    message: "Do you take cases in Ontario?",
  });
  await post("/api/personality/assessment", canadaCarAccidentPayload());
  await post("/api/contact", {
    name: "Dana Visitor",
    email: "dana@example.org",
    subject: "Hello",
    message: "A question about the directory.",
    category: "General Inquiry",
    priority: "medium",
  });

  await installWriteCounter(database);

  let byTable = new Map<string, string[]>();
  let all: string[] = [];
  const ids: KnownIds = (hint) => {
    if (!hint) return all;
    const found = tablesFor(hint, byTable.keys()).flatMap((t) => byTable.get(t) ?? []);
    return found.length ? found : all;
  };
  const refreshIds = async () => {
    const tables = await db.execute(
      sql.raw(
        "SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'id' ORDER BY table_name",
      ),
    );
    const found = new Map<string, string[]>();
    for (const row of rowsOf(tables)) {
      const table = String(row.table_name);
      const result = await db.execute(
        sql.raw(`SELECT id::text AS id FROM "${table}" ORDER BY id::text LIMIT 4`),
      );
      found.set(
        table,
        rowsOf(result).map((r) => String(r.id)),
      );
    }
    const sessions = await db.execute(
      sql.raw("SELECT session_id FROM client_personalities ORDER BY session_id LIMIT 4"),
    );
    found.set(
      "sessionids",
      rowsOf(sessions).map((r) => String(r.session_id)),
    );
    byTable = found;
    all = [...new Set([...found.values()].flat())].sort();
  };
  await refreshIds();

  const writes = () => readWrites(database);

  const keepSessions = async () => {
    for (const role of Object.values(roles)) {
      const [found] = await db
        .select({ id: userSessions.id })
        .from(userSessions)
        .where(eq(userSessions.sessionToken, hashToken(role.token)));
      if (found) continue;
      const token = newToken();
      await db.insert(userSessions).values({
        userId: role.userId,
        sessionToken: hashToken(token),
        expiresAt: new Date(Date.now() + 30 * 86_400_000),
        secondFactorAt: role.staff ? new Date() : null,
      });
      role.token = token;
    }
  };

  return {
    baseUrl,
    port: server.port,
    origin: baseUrl,
    database,
    services,
    roles,
    listings: { own, other, unclaimed },
    ids,
    refreshIds,
    writes,
    keepSessions,
    uncaught,
    async close() {
      process.off("uncaughtExceptionMonitor", monitor);
      await server.close();
      await pages?.close();
      await services.mailer.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The rows of a drizzle `execute` answer on either driver (PGlite: `.rows`; node-postgres: `.rows`). */
function rowsOf(result: unknown): Record<string, unknown>[] {
  const r = result as { rows?: Record<string, unknown>[] } | Record<string, unknown>[];
  return Array.isArray(r) ? r : (r.rows ?? []);
}

/** The Cookie header value that signs `role` in (none for anonymous). */
export function sessionCookieOf(role: Role | undefined): string | undefined {
  return role ? `${SESSION_COOKIE}=${role.token}` : undefined;
}

/** The tables written between two fingerprints, with their row counts, minus the allowed ones. */
export function unexpectedWrites(
  before: Map<string, number>,
  after: Map<string, number>,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [table, n] of after) {
    const delta = n - (before.get(table) ?? 0);
    if (delta > 0 && !(table in WRITES_ALLOWED_ON_REFUSAL)) out[table] = delta;
  }
  return out;
}
