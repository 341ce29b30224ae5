/**
 * The pages as a React Router server build made in the test process from the route table
 * (app/routes.ts), its route modules and app/entry.server.tsx, without `npm run build`: what
 * server/app.ts serves from build/server (createApp's `pages` option). Good for the pages'
 * data requests (`/login/second-factor.data`): their actions, loaders, middleware and response
 * headers run exactly as in the built server (React Router computes a document's headers the same
 * way). Documents (HTML) need the client assets of a real build: tests/e2e.
 */
import {
  type ServerBuild,
  UNSAFE_withComponentProps,
  UNSAFE_withErrorBoundaryProps,
  UNSAFE_withHydrateFallbackProps,
} from "react-router";
import routes from "../../app/routes.ts";

interface RouteEntry {
  id?: string;
  file: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteEntry[];
}

/**
 * A route module as the React Router Vite plugin compiles it: its component, error boundary and
 * hydrate fallback receive their props (`loaderData`, `actionData`, `matches`, `params`, …).
 */
function compiled(module: Record<string, unknown>): Record<string, unknown> {
  // The wrappers' parameter types differ per kind; each gets the module's own export of that kind.
  const wrap = (wrapper: (component: never) => unknown, component: unknown) => wrapper(component as never);
  return {
    ...module,
    ...(module.default ? { default: wrap(UNSAFE_withComponentProps, module.default) } : {}),
    ...(module.ErrorBoundary
      ? { ErrorBoundary: wrap(UNSAFE_withErrorBoundaryProps, module.ErrorBoundary) }
      : {}),
    ...(module.HydrateFallback
      ? { HydrateFallback: wrap(UNSAFE_withHydrateFallbackProps, module.HydrateFallback) }
      : {}),
  };
}

/** The build of every page of app/routes.ts (modules imported on first call). */
export async function inMemoryPageBuild(): Promise<ServerBuild> {
  const manifest: Record<string, unknown> = {};
  const assetRoutes: Record<string, unknown> = {};
  const add = async (entry: RouteEntry, parentId: string) => {
    const id = entry.id ?? entry.file.replace(/\.[tj]sx?$/, "");
    const module = compiled(
      await import(/* @vite-ignore */ new URL(`../../app/${entry.file}`, import.meta.url).href),
    );
    manifest[id] = {
      id,
      parentId,
      path: entry.path,
      index: entry.index,
      caseSensitive: entry.caseSensitive,
      module,
    };
    assetRoutes[id] = {
      id,
      parentId,
      path: entry.path,
      index: entry.index,
      module: `/assets/${id}.js`,
      hasAction: "action" in module,
      hasLoader: "loader" in module,
      hasClientAction: false,
      hasClientLoader: false,
      hasClientMiddleware: false,
      hasErrorBoundary: "ErrorBoundary" in module,
    };
    for (const child of entry.children ?? []) await add(child, id);
  };
  const root = compiled(await import("../../app/root.tsx"));
  manifest.root = { id: "root", path: "", module: root };
  assetRoutes.root = {
    id: "root",
    path: "",
    module: "/assets/root.js",
    hasAction: false,
    hasLoader: true,
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: "ErrorBoundary" in root,
  };
  for (const entry of routes as RouteEntry[]) await add(entry, "root");
  const entryServer = await import("../../app/entry.server.tsx");
  return {
    entry: { module: entryServer },
    routes: manifest,
    assets: {
      entry: { module: "/assets/entry.client.js", imports: [] },
      routes: assetRoutes,
      url: "/assets/manifest-test.js",
      version: "test",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}
