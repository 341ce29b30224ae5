/**
 * Page route labels for metrics (issue 18 §3, server/ops/routes.ts): a page request is labelled by
 * the React Router route's pattern from the build's manifest (here a manifest shaped like the
 * build's, with the app's optional locale prefix), never by its path.
 */
import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { pagePatternMatcher } from "./routes.ts";

const manifest = {
  root: { id: "root", path: "" },
  "routes/home": { id: "routes/home", parentId: "root", path: ":lang?" },
  "routes/language": { id: "routes/language", parentId: "root", path: "language" },
  "routes/lawyer": { id: "routes/lawyer", parentId: "root", path: ":lang?/lawyer/:id" },
  "routes/lawyer.report": { id: "routes/lawyer.report", parentId: "root", path: ":lang?/lawyer/:id/report" },
  "routes/case": { id: "routes/case", parentId: "root", path: ":lang?/cases/:id" },
  "routes/not-found": { id: "routes/not-found", parentId: "root", path: ":lang?/*" },
} as unknown as ServerBuild["routes"];

describe("pagePatternMatcher", () => {
  const pattern = pagePatternMatcher(manifest);

  it.each([
    ["/", "/:lang?"],
    ["/de", "/:lang?"],
    ["/_root.data", "/:lang?"],
    ["/language", "/language"],
    ["/lawyer/123456", "/:lang?/lawyer/:id"],
    ["/ar/lawyer/98765", "/:lang?/lawyer/:id"],
    ["/lawyer/123456.data", "/:lang?/lawyer/:id"],
    ["/lawyer/123456/report", "/:lang?/lawyer/:id/report"],
    ["/cases/3f2a9c1e-0000-4000-8000-000000000000", "/:lang?/cases/:id"],
  ])("labels %s as %s", (path, expected) => {
    expect(pattern(path)).toBe(expected);
  });

  it("answers null for what only the catch-all 404 page matches", () => {
    expect(pattern("/no/such/page/123")).toBeNull();
  });
});
