/**
 * Turns off zod's compiled ("JIT") validators in the browser. zod 4 probes `new Function("")`
 * on the first parse to see whether it may compile validators; under the pages' strict
 * Content-Security-Policy (no 'unsafe-eval', app/content-security-policy.ts, issue 13 §1) that
 * probe is refused and reported as a violation. The interpreted validators give the same
 * results. The server keeps the compiled ones. Imported first by app/root.tsx so it runs before
 * any module parses with zod.
 */
import { config } from "zod";

if (typeof document !== "undefined") config({ jitless: true });
