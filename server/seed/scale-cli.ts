/**
 * `npm run seed:scale -- --lawyers N [--seed S]` (issue 18 §1; docs/operations.md "Loading a
 * large data set"): opens DATABASE_URL or DATA_DIR like every command (openCliDatabase), runs
 * loadScaleData with a progress bar (cli-progress) on a terminal and plain lines otherwise, and
 * stops after the chunk being written on Ctrl-C (SIGINT) or SIGTERM so the same command resumes.
 *
 * Exit codes: 0 loaded (or already loaded), 64 bad arguments, 78 bad configuration, 75 the PGlite
 * folder is held by a running server, 1 refused (listings not made by seed:scale, PGlite above
 * 100,000, another load running) or failed, 130 interrupted (resumable).
 */
import cliProgress from "cli-progress";
import { hashPassword } from "../accounts/passwords.ts";
import { openCliDatabase } from "../db/cli-database.ts";
import { DEFAULT_SEED } from "./generate.ts";
import {
  loadScaleData,
  ScaleInterruptedError,
  type ScaleOptions,
  type ScaleProgress,
  ScaleRefusedError,
} from "./scale.ts";

/** Where the command writes, and whether that is a terminal (tests pass a buffer). */
export interface ScaleCliIo {
  out: NodeJS.WritableStream & { isTTY?: boolean };
  err: NodeJS.WritableStream;
}

/** Parsed arguments, or the usage error to print. */
export function parseScaleArgs(
  argv: readonly string[],
): { lawyers: number; seed: number; chunkSize?: number } | { error: string } {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const m = /^--(lawyers|seed|chunk-size)(?:=(.*))?$/.exec(arg);
    if (!m) return { error: `Unknown argument: ${arg}` };
    const value = m[2] ?? argv[++i];
    if (value === undefined) return { error: `--${m[1]} needs a value` };
    values.set(m[1] as string, value);
  }
  const int = (name: string, min: number, max: number): number | string => {
    const raw = values.get(name);
    if (raw === undefined) return NaN;
    const n = Number(raw.replace(/_/g, ""));
    return Number.isInteger(n) && n >= min && n <= max
      ? n
      : `--${name} must be an integer from ${min} to ${max}`;
  };
  if (!values.has("lawyers")) return { error: "--lawyers N is required" };
  const lawyers = int("lawyers", 1, 100_000_000);
  if (typeof lawyers === "string") return { error: lawyers };
  const seed = values.has("seed") ? int("seed", 0, 0xffffffff) : DEFAULT_SEED;
  if (typeof seed === "string") return { error: seed };
  const chunkSize = values.has("chunk-size") ? int("chunk-size", 1, 1_000_000) : undefined;
  if (typeof chunkSize === "string") return { error: chunkSize };
  return { lawyers, seed, ...(chunkSize !== undefined ? { chunkSize } : {}) };
}

const USAGE = "Usage: npm run seed:scale -- --lawyers N [--seed S]";

const PHASES: Record<ScaleProgress["phase"], string> = {
  chunks: "writing chunks",
  final: "moving into the directory (one transaction)",
  analyze: "ANALYZE",
  search: "refreshing the search data",
  done: "done",
};

/**
 * A progress reporter: a cli-progress bar on a terminal; otherwise one plain line per finished
 * chunk and per phase ("seed:scale 20000/100000 listings (20%), chunk 2/10, 12 s").
 */
export function progressReporter(io: ScaleCliIo): { onProgress: (p: ScaleProgress) => void; stop(): void } {
  const started = performance.now();
  const secs = () => `${Math.round((performance.now() - started) / 1000)} s`;
  if (io.out.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        format:
          "seed:scale [{bar}] {percentage}% | {value}/{total} listings | {phase} | {duration_formatted} (eta {eta_formatted})",
        stream: io.out,
        hideCursor: true,
      },
      cliProgress.Presets.shades_classic,
    );
    let begun = false;
    return {
      onProgress(p) {
        if (!begun) {
          bar.start(p.lawyers, p.lawyersDone, { phase: PHASES[p.phase] });
          begun = true;
        } else bar.update(p.lawyersDone, { phase: PHASES[p.phase] });
      },
      stop: () => begun && bar.stop(),
    };
  }
  let lastPhase = "";
  return {
    onProgress(p) {
      if (p.phase === "chunks") {
        const pct = Math.floor((100 * p.lawyersDone) / p.lawyers);
        io.out.write(
          `seed:scale ${p.lawyersDone}/${p.lawyers} listings (${pct}%), chunk ${p.chunksDone}/${p.chunks}, ${secs()}\n`,
        );
      } else if (p.phase !== lastPhase) io.out.write(`seed:scale ${PHASES[p.phase]}, ${secs()}\n`);
      lastPhase = p.phase;
    },
    stop() {},
  };
}

/**
 * Runs the command with `argv` (after `--`) and `env`; answers the exit code (see the module).
 * `load` and `signal` are for tests (an injected interruption); the command wires SIGINT/SIGTERM.
 */
export async function runSeedScale(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  io: ScaleCliIo,
  extra: Partial<Pick<ScaleOptions, "signal" | "hashPassword" | "clock" | "worker">> = {},
): Promise<number> {
  const args = parseScaleArgs(argv);
  if ("error" in args) {
    io.err.write(`${args.error}\n${USAGE}\n`);
    return 64;
  }
  const opened = await openCliDatabase(env);
  if ("code" in opened) {
    io.err.write(`${opened.message}\n`);
    return opened.code;
  }
  const { database } = opened;
  const reporter = progressReporter(io);
  try {
    const result = await loadScaleData(database.db, {
      ...args,
      hashPassword,
      ...extra,
      onProgress: reporter.onProgress,
      onNotice: (m) => io.out.write(`${m}\n`),
    });
    reporter.stop();
    if (result.alreadyLoaded) {
      io.out.write(
        `The database already holds this load (${result.lawyers} listings, seed ${result.seed}): nothing to do.\n`,
      );
      return 0;
    }
    const s = (n: number) => (n / 1000).toFixed(1);
    io.out.write(
      `Loaded ${result.lawyers} listings (seed ${result.seed}) in ${s(result.ms.total)} s: chunks ${s(result.ms.chunks)} s (${result.writtenChunks} written${result.resumedChunks ? `, ${result.resumedChunks} resumed` : ""}), final ${s(result.ms.final)} s, analyze ${s(result.ms.analyze)} s, search data ${s(result.ms.search)} s.\n`,
    );
    io.out.write(
      `Final step: ${Object.entries(result.finalSteps)
        .map(([k, v]) => `${k} ${s(v)} s`)
        .join(", ")}.\n`,
    );
    return 0;
  } catch (e) {
    reporter.stop();
    if (e instanceof ScaleInterruptedError) {
      io.err.write(`${e.message}\n`);
      return 130;
    }
    if (e instanceof ScaleRefusedError || e instanceof RangeError) {
      io.err.write(`${e.message}\n`);
      return 1;
    }
    io.err.write(`seed:scale failed: ${(e as Error).message}\nRun the same command to resume.\n`);
    return 1;
  } finally {
    await database.close();
  }
}
