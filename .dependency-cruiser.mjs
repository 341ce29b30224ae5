/**
 * The import rule of the house (issue 13 §4 "A house by feature", docs/ARCHITECTURE.md "Where
 * things are"), checked by dependency-cruiser on the resolved module graph as part of
 * `npm run lint`:
 *
 * 1. A feature (app/features/X/) uses another feature (app/features/Y/) only through Y's index.ts.
 * 2. lib/ is shared pure code: it imports nothing from app/ or server/.
 * 3. app/ imports only types from server/ (`import type`, erased at build time), so no server
 *    code reaches the pages. Tests beside the routes (*.test.ts) start the real services and are
 *    exempt.
 * 4. app/ui/ is the shared layer under the features: it imports no feature.
 * 5. No import circles in app/, lib/ or server/ (issue 30 "0 import circles"): a module that two
 *    others need moves below both (e.g. lib/search-schema.ts, server/db/handle.ts).
 * 6. A module in app/ that runs only on the server is named `*.server.ts(x)` (issue 30; React
 *    Router then refuses to bundle it for the browser): one that reads the server's services
 *    (app/context.ts), imports a Node built-in or another `.server` module. Route modules, root.tsx
 *    and entry.server.tsx are the exceptions (React Router strips their loaders and actions).
 *
 * tests/support/import-rules.test.ts runs these rules on a small fixture that breaks each one.
 */
/** @type {import("dependency-cruiser").IConfiguration} */
export default {
  forbidden: [
    {
      name: "feature-through-index",
      comment:
        "A feature uses another feature only through its index.ts (app/features/<feature>/index.ts); " +
        "export what you need there.",
      severity: "error",
      from: { path: "^app/features/([^/]+)/" },
      to: { path: "^app/features/(?!$1/)[^/]+/", pathNot: "^app/features/[^/]+/index\\.ts$" },
    },
    {
      name: "lib-is-independent",
      comment: "lib/ is shared pure code used by app/ and server/: it imports neither.",
      severity: "error",
      from: { path: "^lib/" },
      to: { path: "^(app|server)/" },
    },
    {
      name: "app-imports-server-types-only",
      comment:
        "app/ may import only types from server/ (`import type`); the pages reach server code " +
        "through the router context (app/context.ts).",
      severity: "error",
      from: { path: "^app/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^server/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "ui-imports-no-feature",
      comment: "app/ui/ holds what several features share; it does not depend on any feature.",
      severity: "error",
      from: { path: "^app/ui/" },
      to: { path: "^app/features/" },
    },
    {
      name: "server-only-suffix",
      comment:
        "Issue 30: a module in app/ that reads the server's services (app/context.ts), a Node " +
        "built-in or a .server module runs only on the server: name it *.server.ts(x) so React " +
        "Router never bundles it for the browser (a type-only import does not count).",
      severity: "error",
      from: {
        path: "^app/",
        pathNot: [
          "\\.server\\.tsx?$",
          "\\.test\\.tsx?$",
          "^app/routes/",
          "^app/root\\.tsx$",
          "^app/context\\.ts$",
        ],
      },
      to: {
        dependencyTypesNot: ["type-only"],
        path: ["^app/context\\.ts$", "\\.server\\.tsx?$"],
      },
    },
    {
      name: "server-only-suffix-node",
      comment:
        "Issue 30: a module in app/ that imports a Node built-in runs only on the server: name it " +
        "*.server.ts(x).",
      severity: "error",
      from: {
        path: "^app/",
        pathNot: ["\\.server\\.tsx?$", "\\.test\\.tsx?$", "^app/routes/", "^app/root\\.tsx$"],
      },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "no-circular",
      comment:
        "Issue 30: no import circles (type-only imports count: a circle of types is still a circle " +
        "for a reader). Move what both sides need into a module below them.",
      severity: "error",
      from: { path: "^(app|lib|server)/" },
      to: { circular: true },
    },
  ],
  options: {
    // Only the project's own modules matter (server/ is walked too: the circle rule covers it).
    doNotFollow: { path: ["node_modules"] },
    exclude: { path: ["^build/", "^\\.react-router/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
