/**
 * Issue 29 "npm start renders with React's production build ... production strictness of the
 * configuration must not depend on the same switch": the two switches of server/runtime-env.ts
 * (NODE_ENV for React's build, DEPLOYMENT for the configuration's rules), their defaults, and the
 * real `node server/main.ts` started as the README's one command starts it.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig, strictConfiguration } from "./config.ts";
import { applyRuntimeDefaults } from "./runtime-env.ts";
import { assertProductionContact } from "./site/company.ts";

const KEY = Buffer.alloc(32, 7).toString("base64");

/** An environment value as an operator may leave it: unset, empty, a known value or anything. */
const value = (known: string[]) =>
  fc.oneof(fc.constant(undefined), fc.constant(""), fc.constantFrom(...known), fc.string({ maxLength: 12 }));

describe("applyRuntimeDefaults (issue 29)", () => {
  it("renders with React's production build unless NODE_ENV says otherwise, and never changes how strict a configuration is", () => {
    fc.assert(
      fc.property(
        value(["production", "development", "test"]),
        fc.oneof(fc.constant(undefined), fc.constant(""), fc.constantFrom("production", "local")),
        (nodeEnv, deployment) => {
          const before = { NODE_ENV: nodeEnv, DEPLOYMENT: deployment };
          const after = applyRuntimeDefaults({ ...before });
          // React's build: an operator's NODE_ENV is kept; unset or empty becomes production.
          expect(after.NODE_ENV).toBe(nodeEnv ? nodeEnv : "production");
          // Strictness: exactly what the operator's own settings meant (empty counts as unset,
          // as loadConfig reads it), whatever NODE_ENV the defaults filled in for React.
          const meant = strictConfiguration({
            NODE_ENV: nodeEnv || undefined,
            DEPLOYMENT: deployment || undefined,
          });
          expect(strictConfiguration(after)).toBe(meant);
          // Applying the defaults twice changes nothing more.
          expect(applyRuntimeDefaults({ ...after })).toEqual(after);
        },
      ),
    );
  });

  it("keeps a deployment that set only NODE_ENV=production strict, and the README's start local", () => {
    expect(applyRuntimeDefaults({ NODE_ENV: "production" })).toEqual({ NODE_ENV: "production" });
    expect(strictConfiguration({ NODE_ENV: "production" })).toBe(true);
    expect(applyRuntimeDefaults({})).toEqual({ NODE_ENV: "production", DEPLOYMENT: "local" });
    expect(applyRuntimeDefaults({ NODE_ENV: "production", DEPLOYMENT: "local" })).toEqual({
      NODE_ENV: "production",
      DEPLOYMENT: "local",
    });
  });
});

describe("the configuration's rules follow DEPLOYMENT (issue 29; issue 17 §3, issue 19 §5)", () => {
  it("DEPLOYMENT=production requires DOCUMENT_MASTER_KEY and says which switch asked for it", () => {
    expect(() => loadConfig({ DEPLOYMENT: "production" })).toThrow(ConfigError);
    expect(() => loadConfig({ DEPLOYMENT: "production" })).toThrow(
      /DOCUMENT_MASTER_KEY: is required when DEPLOYMENT=production/,
    );
    expect(() => loadConfig({ DEPLOYMENT: "production", DOCUMENT_MASTER_KEY: KEY })).not.toThrow();
  });

  it("DEPLOYMENT=local allows the development key file and the examples even with NODE_ENV=production", () => {
    const config = loadConfig({ NODE_ENV: "production", DEPLOYMENT: "local" });
    expect(strictConfiguration(config)).toBe(false);
    expect(() => assertProductionContact(config)).not.toThrow();
  });

  it("without DEPLOYMENT, NODE_ENV=production is still strict (the rule before issue 29)", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/is required when NODE_ENV=production/);
    expect(() =>
      assertProductionContact(loadConfig({ NODE_ENV: "production", DOCUMENT_MASTER_KEY: KEY })),
    ).toThrow(/NODE_ENV=production without DEMO_MODE=true/);
  });

  it("DEPLOYMENT=production refuses the example company details unless DEMO_MODE", () => {
    const strict = loadConfig({ DEPLOYMENT: "production", DOCUMENT_MASTER_KEY: KEY });
    expect(() => assertProductionContact(strict)).toThrow(/DEPLOYMENT=production without DEMO_MODE=true/);
    expect(() =>
      assertProductionContact(
        loadConfig({ DEPLOYMENT: "production", DOCUMENT_MASTER_KEY: KEY, DEMO_MODE: "true" }),
      ),
    ).not.toThrow();
  });

  it("names DEPLOYMENT when its value is not one of the two", () => {
    expect(() => loadConfig({ DEPLOYMENT: "prod" })).toThrow(/DEPLOYMENT: must be "production" or "local"/);
  });
});

describe("node server/main.ts (issue 29)", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  /** Runs the real entry with `env` only (no inherited NODE_ENV); answers its exit and output. */
  function start(env: Record<string, string>, until?: RegExp) {
    const dataDir = mkdtempSync(path.join(tmpdir(), "lexatlas-runtime-"));
    dirs.push(dataDir);
    const child = spawn(process.execPath, [path.join(import.meta.dirname, "main.ts")], {
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        DATA_DIR: dataDir,
        PORT: "0",
        HOST: "127.0.0.1",
        SEED_LAWYERS: "0",
        LOG_LEVEL: "info",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    const exited = new Promise<number | null>((resolve) => {
      const onData = (d: Buffer) => {
        out += String(d);
        if (until?.test(out)) child.kill("SIGTERM");
      };
      child.stdout.on("data", onData);
      child.stderr.on("data", onData);
      child.on("exit", (code) => resolve(code));
    });
    return { exited, output: () => out };
  }

  it("starts as the README's one command does (nothing set): React's production build, local rules", async () => {
    const run = start({}, /LexAtlas is running at/);
    expect(await run.exited).toBe(0);
    const runtime = run
      .output()
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map(
        (l) => JSON.parse(l) as { msg?: string; reactBuild?: string; deployment?: string; nodeEnv?: string },
      )
      .find((l) => l.msg === "runtime");
    expect(runtime).toMatchObject({ reactBuild: "production", nodeEnv: "production", deployment: "local" });
  }, 240_000);

  it("stops with exit code 78 naming DOCUMENT_MASTER_KEY when DEPLOYMENT=production has none", async () => {
    const run = start({ DEPLOYMENT: "production" });
    expect(await run.exited).toBe(78);
    expect(run.output()).toMatch(/DOCUMENT_MASTER_KEY: is required when DEPLOYMENT=production/);
  }, 120_000);
});
