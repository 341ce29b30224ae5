/**
 * Makes sure the system packages the browser journeys need are installed (issue 2 §1, docs/design.md
 * §6 "Debian's Chromium"; issue 13 §2): Debian's Chromium (/usr/bin/chromium) for Playwright and
 * Lighthouse, and a Java runtime (`default-jre-headless`) for the W3C Nu HTML checker (vnu.jar
 * from the `vnu-jar` npm package). As root on a Debian machine with apt it installs what is
 * missing; otherwise it explains exactly what is missing and how to install it. Playwright never
 * downloads a browser of its own.
 *
 * Run directly: `node scripts/ensure-chromium.ts` (exit 0 when both are ready, 1 otherwise).
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/** Where the journeys and Lighthouse expect Chromium (Debian's package puts it here). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/** Thrown when Chromium is missing and cannot be installed here; `message` says what to do. */
export class ChromiumMissingError extends Error {}

function hasCommand(name: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${name}`], { stdio: "ignore" }).status === 0;
}

function run(command: string, args: string[]): void {
  console.log(`$ ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (result.status !== 0) {
    throw new ChromiumMissingError(
      `'${command} ${args.join(" ")}' failed (exit ${result.status ?? result.signal}). ` +
        `Install Chromium by hand with: apt-get update && apt-get install -y chromium`,
    );
  }
}

/**
 * Returns the path of a working Chromium binary (CHROMIUM_PATH, default /usr/bin/chromium),
 * installing Debian's `chromium` with apt-get when it is missing and we run as root.
 * Throws ChromiumMissingError with an exact instruction when it cannot install it.
 */
export function ensureChromium(): string {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = hasCommand("apt-get") && existsSync("/etc/debian_version");
  if (CHROMIUM_PATH !== "/usr/bin/chromium") {
    throw new ChromiumMissingError(
      `CHROMIUM_PATH is set to ${CHROMIUM_PATH}, but no file exists there. ` +
        `Point CHROMIUM_PATH at a Chromium binary or unset it to use Debian's /usr/bin/chromium.`,
    );
  }
  if (!hasApt) {
    throw new ChromiumMissingError(
      "Chromium is missing: the browser journeys and Lighthouse need /usr/bin/chromium. " +
        "This is not a Debian machine with apt-get, so it cannot be installed automatically. " +
        "Install Chromium with your system's package manager and set CHROMIUM_PATH to its binary " +
        "(for example CHROMIUM_PATH=/usr/bin/chromium-browser).",
    );
  }
  if (!isRoot) {
    throw new ChromiumMissingError(
      "Chromium is missing: the browser journeys and Lighthouse need /usr/bin/chromium. " +
        "Install it as root with: sudo apt-get update && sudo apt-get install -y chromium",
    );
  }
  console.log("Chromium is missing: installing Debian's chromium package (about 20 s)...");
  run("apt-get", ["update"]);
  run("apt-get", ["install", "-y", "--no-install-recommends", "chromium"]);
  if (!existsSync(CHROMIUM_PATH)) {
    throw new ChromiumMissingError(
      `apt-get installed chromium but ${CHROMIUM_PATH} does not exist. Check 'dpkg -L chromium'.`,
    );
  }
  console.log(`Chromium installed at ${CHROMIUM_PATH}.`);
  return CHROMIUM_PATH;
}

/**
 * Returns "java" once a Java runtime answers `java -version`, installing Debian's
 * `default-jre-headless` with apt-get when it is missing and we run as root. Throws
 * ChromiumMissingError (the step's one error type) with an exact instruction otherwise.
 */
export function ensureJava(): string {
  if (hasCommand("java")) return "java";
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = hasCommand("apt-get") && existsSync("/etc/debian_version");
  if (!hasApt || !isRoot) {
    throw new ChromiumMissingError(
      "Java is missing: the W3C Nu HTML checker (vnu.jar) in the journeys needs a Java runtime. " +
        "Install it as root with: apt-get update && apt-get install -y default-jre-headless",
    );
  }
  console.log("Java is missing: installing Debian's default-jre-headless package...");
  run("apt-get", ["update"]);
  run("apt-get", ["install", "-y", "--no-install-recommends", "default-jre-headless"]);
  if (!hasCommand("java"))
    throw new ChromiumMissingError("apt-get installed default-jre-headless but `java` is not on PATH.");
  return "java";
}

/** Both system packages of the journeys: Chromium and Java; answers a one-line summary. */
export function ensureSystemPackages(): string {
  const chromium = ensureChromium();
  const java = spawnSync(ensureJava(), ["-version"], { encoding: "utf8" });
  const javaVersion = (java.stderr || java.stdout).split("\n")[0]?.trim() ?? "java";
  return `${chromium}; ${javaVersion}`;
}

if (import.meta.main) {
  try {
    ensureJava();
    const found = ensureChromium();
    const version = spawnSync(found, ["--version"], { encoding: "utf8" });
    console.log(version.stdout.trim() || `Chromium ready at ${found}`);
  } catch (err) {
    if (err instanceof ChromiumMissingError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}
