/**
 * Issue 27 §2 "Retry-After on every 429, pages included, set in one place": every route of the
 * route table (app/routes.ts) and the root export `headers` built by pageHeaders
 * (app/route-headers.ts), so the Retry-After of a 429 that a page's action, loader or error
 * answers reaches the document and `.data` responses, which React Router builds from the deepest
 * route's `headers` alone. A new route without it fails here.
 */
import fc from "fast-check";
import type { HeadersArgs, HeadersFunction } from "react-router";
import { describe, expect, it } from "vitest";
import { PASSED_HEADERS, pageHeaders } from "./route-headers.ts";
import routes from "./routes.ts";

/** The module files of the route table, nested ones included ("routes/login.tsx", …), and the root. */
function routeFiles(): string[] {
  const files: string[] = ["root.tsx"];
  const walk = (entries: readonly { file: string; children?: readonly unknown[] }[]) => {
    for (const entry of entries) {
      files.push(entry.file);
      if (entry.children) walk(entry.children as typeof entries);
    }
  };
  walk(routes);
  return files;
}

/** HeadersArgs with `Retry-After: seconds` in `source` and nothing elsewhere. */
function argsWith(source: keyof HeadersArgs, seconds: number): HeadersArgs {
  const empty = () => new Headers();
  const args: HeadersArgs = {
    actionHeaders: empty(),
    loaderHeaders: empty(),
    parentHeaders: empty(),
    errorHeaders: undefined,
  };
  args[source] = new Headers({ "Retry-After": String(seconds), "X-Not-Passed": "1" });
  return args;
}

describe("every page passes a 429's Retry-After through (issue 27 §2)", () => {
  const files = routeFiles();

  it("reads the whole route table", () => {
    expect(files).toContain("routes/login.second-factor.tsx");
    expect(files).toContain("routes/signup.tsx");
    expect(files.length).toBeGreaterThan(40);
  });

  it.each(files)(
    "%s exports headers that keep Retry-After from its action, loader, error and parent",
    async (file) => {
      const module = (await import(`./${file}`)) as { headers?: HeadersFunction };
      expect(typeof module.headers, `${file} must export headers = pageHeaders(…)`).toBe("function");
      const headersOf = module.headers as (args: HeadersArgs) => HeadersInit;
      fc.assert(
        fc.property(
          fc.constantFrom<keyof HeadersArgs>(
            "actionHeaders",
            "loaderHeaders",
            "errorHeaders",
            "parentHeaders",
          ),
          fc.integer({ min: 1, max: 86_400 }),
          (source, seconds) => {
            const headers = new Headers(headersOf(argsWith(source, seconds)));
            expect(headers.get("Retry-After")).toBe(String(seconds));
            // Only the headers meant to pass do: the rest stays the route's own choice.
            expect(headers.get("X-Not-Passed")).toBeNull();
          },
        ),
        { numRuns: 20 },
      );
    },
  );
});

describe("pageHeaders", () => {
  it("keeps the route's own headers and prefers the error's, then the action's Retry-After", () => {
    const headers = pageHeaders({ "Cache-Control": "no-store" });
    const args: HeadersArgs = {
      actionHeaders: new Headers({ "Retry-After": "60" }),
      loaderHeaders: new Headers({ "Retry-After": "5" }),
      parentHeaders: new Headers(),
      errorHeaders: new Headers({ "Retry-After": "900" }),
    };
    const answer = new Headers(headers(args));
    expect(answer.get("Cache-Control")).toBe("no-store");
    expect(answer.get("Retry-After")).toBe("900");
    expect(new Headers(headers({ ...args, errorHeaders: undefined })).get("Retry-After")).toBe("60");
    expect(PASSED_HEADERS).toEqual(["Retry-After"]);
  });

  it("adds nothing when no answer asks to wait", () => {
    const answer = new Headers(
      pageHeaders(() => ({ Vary: "Accept-Language" }))({
        actionHeaders: new Headers(),
        loaderHeaders: new Headers(),
        parentHeaders: new Headers(),
        errorHeaders: undefined,
      }),
    );
    expect([...answer.keys()]).toEqual(["vary"]);
  });
});
