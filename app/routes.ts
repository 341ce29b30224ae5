import { index, type RouteConfig, route } from "@react-router/dev/routes";

/** Route table (spec §2). Every screen is one module under ./routes. */
export default [
  index("routes/home.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
