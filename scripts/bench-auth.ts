/**
 * Account-enumeration timing benchmark (issue 3 "Password reset: … takes about the same time";
 * docs/security.md): `npm run bench:auth` (`-- --runs=N`, default 200).
 *
 * Starts the real HTTP server on 127.0.0.1 (random port) over a fresh in-memory PGlite database,
 * or over a fresh temporary PostgreSQL database when DATABASE_URL is set (an admin connection; the
 * database is dropped afterwards), with a real in-process SMTP server as SMTP_URL. Signs up one
 * account, then alternates requests whose answer must not reveal whether the account exists:
 *   - POST /api/auth/forgot-password for the existing email and for a fresh unknown one;
 *   - POST /api/auth/login with a wrong password for the existing email and for an unknown one.
 * Each request comes from its own X-Forwarded-For address (TRUST_PROXY) so rate limits never
 * answer instead. Prints the client round trip's median, p95 and mean per case and the difference
 * of medians. Exits non-zero if an answer is not the expected 200/401.
 */
// Issue 29: React's production build, as `npm start` (before anything imports React).
import "../server/runtime-defaults.ts";
import { openDatabase } from "../server/db/client.ts";
import { startSmtpCapture } from "../tests/doubles/smtp-capture.ts";
import { startTestServer } from "../tests/support/server.ts";
import { freshPostgres, percentile } from "./bench-support.ts";

const option = (name: string, fallback: number) =>
  Number(
    new RegExp(`^--${name}=(\\d+)$`).exec(process.argv.find((a) => a.startsWith(`--${name}=`)) ?? "")?.[1] ??
      fallback,
  );
const runs = option("runs", 200);
/** Pause between requests (ms), so background work of one request (the reset email) is done before the next. */
const gapMs = option("gap", 0);

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

async function main() {
  const postgres = await freshPostgres("lexatlas_bench_auth");
  const database = await openDatabase(postgres ? { databaseUrl: postgres.url } : { dataDir: "memory://" });
  const smtp = await startSmtpCapture();
  const server = await startTestServer(database.db, { env: { SMTP_URL: smtp.url, TRUST_PROXY: "true" } });
  let ipCounter = 0;
  const nextIp = () => {
    ipCounter += 1;
    return `198.18.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
  };
  const post = async (path: string, body: unknown, expected: number) => {
    const started = performance.now();
    const res = await fetch(`${server.baseUrl}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": nextIp() },
      body: JSON.stringify(body),
    });
    await res.arrayBuffer();
    const ms = performance.now() - started;
    if (res.status !== expected) throw new Error(`${path} answered ${res.status}, expected ${expected}`);
    return ms;
  };

  try {
    const email = "bench.account@example.org";
    await post(
      "/api/auth/signup",
      { email, password: "bench password 1", firstName: "B", lastName: "A" },
      201,
    );
    let unknownCounter = 0;
    const unknown = () => `nobody.${++unknownCounter}@example.org`;
    const cases = {
      "forgot-password, existing email": () => post("/api/auth/forgot-password", { email }, 200),
      "forgot-password, unknown email": () => post("/api/auth/forgot-password", { email: unknown() }, 200),
      "login, existing email, wrong password": () =>
        post("/api/auth/login", { email, password: "wrong password" }, 401),
      "login, unknown email": () =>
        post("/api/auth/login", { email: unknown(), password: "wrong password" }, 401),
    };
    const times = Object.fromEntries(Object.keys(cases).map((k) => [k, [] as number[]]));
    // Warm-up: JIT, argon2 dummy hash, connections.
    for (const run of Object.values(cases)) for (let i = 0; i < 3; i++) await run();
    for (let i = 0; i < runs; i++) {
      for (const [name, run] of Object.entries(cases)) {
        // The login-account limit (5 per 15 min) would answer 429 for the existing account; a
        // successful login between rounds clears it, as it does in production.
        if (name.startsWith("login, existing") && i % 4 === 0)
          await post("/api/auth/login", { email, password: "bench password 1" }, 200);
        if (gapMs > 0) await new Promise((r) => setTimeout(r, gapMs));
        times[name]?.push(await run());
      }
    }
    const engine = postgres ? "PostgreSQL" : "PGlite";
    console.log(
      `Account enumeration timing, ${runs} requests per case, ${gapMs} ms apart, ${engine}, client round trip (ms)`,
    );
    console.log("| Case | median | p95 | mean |");
    console.log("| --- | ---: | ---: | ---: |");
    for (const [name, xs] of Object.entries(times))
      console.log(
        `| ${name} | ${percentile(xs, 50).toFixed(2)} | ${percentile(xs, 95).toFixed(2)} | ${mean(xs).toFixed(2)} |`,
      );
    const diff = (a: string, b: string) =>
      Math.abs(percentile(times[a] ?? [], 50) - percentile(times[b] ?? [], 50)).toFixed(2);
    console.log(
      `Difference of medians: forgot-password ${diff("forgot-password, existing email", "forgot-password, unknown email")} ms, ` +
        `login ${diff("login, existing email, wrong password", "login, unknown email")} ms`,
    );
  } finally {
    await server.close();
    await smtp.close();
    await database.close();
    await postgres?.drop();
  }
}

await main();
