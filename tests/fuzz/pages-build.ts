/**
 * The pages' React Router server build for tests that need the pages served over HTTP without
 * `npm run build` (the `unit` step of `npm test` runs before the `build` step): Vite's dev server
 * in middleware mode, with the project's own vite.config.ts (the React Router plugin), loads
 * `virtual:react-router/server-build` (about 4 s on a warm machine). The app serves it with the
 * production request handler (server/app.ts `createApp({ pages: build })`), so errors are
 * rendered as in production.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { createServer, type ViteDevServer } from "vite";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** A loaded build and the Vite server that holds its modules (close it when done). */
export interface PagesBuild {
  build: ServerBuild;
  close(): Promise<void>;
}

/** Loads the server build of the pages through Vite (no watcher, no HMR socket). */
export async function loadPagesBuild(): Promise<PagesBuild> {
  // Its cache goes to a temporary folder of its own, never into node_modules.
  const cacheDir = mkdtempSync(path.join(tmpdir(), "lexatlas-fuzz-vite-"));
  const vite: ViteDevServer = await createServer({
    root: ROOT,
    configFile: path.join(ROOT, "vite.config.ts"),
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    appType: "custom",
    logLevel: "error",
    cacheDir,
  });
  const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  return {
    build,
    async close() {
      await vite.close();
      rmSync(cacheDir, { recursive: true, force: true });
    },
  };
}
