import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";

/** Files worth compressing ahead of time, and the size below which compression doesn't pay. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|webmanifest|txt|xml|html)$/;
const MIN_BYTES = 1024;

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * Writes `FILE.br` (brotli, quality 11) and `FILE.gz` (gzip, level 9) next to every compressible
 * file of the client build, so the server sends them without compressing on each request
 * (server/app.ts serveStatic `precompressed`; performance, issue 2 §5). Client build only.
 */
function precompress(): Plugin {
  return {
    name: "lexatlas:precompress",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    writeBundle(options) {
      if (!options.dir) return;
      for (const file of filesUnder(options.dir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
        const data = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * One chunk per locale for the translation catalogs (issue 14 §1): a page loads its locale's
 * catalogs (every namespace) as one small file before hydrating, not one request per namespace.
 */
function catalogChunk(moduleId: string): string | null {
  const m = /lib[\\/]i18n[\\/]catalogs[\\/]([^\\/]+)[\\/]/.exec(moduleId);
  return m ? `i18n-${m[1]}` : null;
}

/**
 * In the browser, libphonenumber-js with its "min" metadata (about 80 KB) in place of "max"
 * (about 145 KB, which lib/phone.ts and the shared schemas import for the server). The browser
 * only pre-checks a phone and rewrites it when the input is left (min checks lengths, not every
 * digit pattern); the server decides with the full metadata and formats every displayed phone
 * in the loaders (issue 14 §2, docs/formats.md). Client environment only: server code and tests
 * keep max.
 */
function phoneMetadataMinInBrowser(): Plugin {
  return {
    name: "lexatlas:phone-metadata-min",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId(source, importer, options) {
      if (source !== "libphonenumber-js/max") return null;
      return this.resolve("libphonenumber-js/min", importer, { ...options, skipSelf: true });
    },
  };
}

/**
 * The class name of a CSS module's `local` class in `file` (issue 29 "Lean markup": the result
 * cards repeat a dozen classes each). In the build a short stable hash of the file and the class
 * ("c" and 6 base64url characters, e.g. `cX3k_9a`: the same in the server and client builds, no
 * collision in practice at a few hundred classes); in development the readable `local_hash`.
 */
function scopedClassName(local: string, file: string): string {
  const hash = createHash("sha256")
    .update(`${path.relative(import.meta.dirname, file)}:${local}`)
    .digest("base64url");
  return process.env.NODE_ENV === "production" ? `c${hash.slice(0, 6)}` : `${local}_${hash.slice(0, 5)}`;
}

/** Vite config for the React Router build. Database packages stay out of the browser bundle (docs/design.md §6). */
export default defineConfig({
  plugins: [reactRouter(), phoneMetadataMinInBrowser(), precompress()],
  css: { modules: { generateScopedName: scopedClassName } },
  build: {
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: catalogChunk, test: /lib[\\/]i18n[\\/]catalogs[\\/]/ }] } },
    },
  },
  optimizeDeps: { exclude: ["@electric-sql/pglite", "pg", "drizzle-orm"] },
  ssr: { external: ["@electric-sql/pglite", "pg", "drizzle-orm", "pino"] },
});
