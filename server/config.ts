import { z } from "zod";

/**
 * The process configuration: one zod-validated object read once at boot (DESIGN.md §3).
 * A bad value stops start-up with a message naming the variable.
 */
const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" })
    .optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  PUBLIC_URL: z.url().optional(),
  SEED_LAWYERS: z.coerce.number().int().min(0).max(1_000_000).default(5600),
});

/** Validated configuration; see README "Configuration". */
export type Config = z.infer<typeof ConfigSchema>;

/** Thrown when an environment variable has a bad value; `message` names the variable. */
export class ConfigError extends Error {}

/**
 * Reads and validates configuration from an environment map (default `process.env`).
 * Empty strings count as unset. Throws ConfigError naming each bad variable.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = ConfigSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}
