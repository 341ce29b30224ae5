/**
 * The W3C Nu HTML Checker (vnu.jar from the `vnu-jar` npm package, run with the Java runtime that
 * scripts/ensure-chromium.ts installs; issue 13 §2). One JVM checks every file at once.
 */
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";

/** One message of the checker about one file. */
export interface VnuMessage {
  file: string;
  type: string;
  message: string;
  extract: string;
}

/** The path of vnu.jar inside node_modules. */
export function vnuJarPath(): string {
  const require = createRequire(import.meta.url);
  return require.resolve("vnu-jar/build/dist/vnu.jar");
}

/**
 * Checks HTML `files` (absolute paths); answers every error (warnings and info are left out).
 * Throws when Java or the checker cannot run.
 */
export function checkHtml(files: string[]): VnuMessage[] {
  const result = spawnSync(
    "java",
    ["-jar", vnuJarPath(), "--format", "json", "--exit-zero-always", ...files],
    {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (result.error) throw new Error(`vnu could not start (is Java installed?): ${result.error.message}`);
  const report = JSON.parse(result.stderr || '{"messages":[]}') as {
    messages: { url?: string; type: string; subType?: string; message: string; extract?: string }[];
  };
  return report.messages
    .filter((m) => m.type === "error" || m.subType === "fatal")
    .map((m) => ({
      file: (m.url ?? "").replace(/^file:/, ""),
      type: m.type,
      message: m.message,
      extract: (m.extract ?? "").slice(0, 200),
    }));
}
