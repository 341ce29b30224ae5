/**
 * The `headers` export of every route module, the root included (issue 27 §2 "Retry-After on
 * every 429, pages included, set in one place").
 *
 * React Router builds the response headers of a page (its document and its `.data` answers) from
 * the deepest matched route's `headers` function alone: every other header its action, loader or
 * thrown error set is dropped, only `Set-Cookie` passes on. A route that answered 429 with
 * `Retry-After` (app/domain-error.ts retryAfterHeaders) therefore lost it unless its own `headers`
 * copied it, which /login/second-factor, the sign-up and most other forms did not. `pageHeaders`
 * copies the headers of PASSED_HEADERS from the error, the action, the loader and the parent
 * route, over the route's own headers, so a route cannot forget: app/route-headers.test.ts checks
 * that every route of app/routes.ts exports it, and server/security/rate-limited-routes.test.ts
 * that every rate-limited page answers its 429 with `Retry-After`.
 */
import type { HeadersArgs, HeadersFunction } from "react-router";

/**
 * The headers a route's action, loader or error answer sets that its page's response carries:
 * `Retry-After` of a 429 (RFC 9110 §10.2.3; RFC 6585 §4).
 */
export const PASSED_HEADERS = ["Retry-After"] as const;

/**
 * A route's `headers` function: the route's own headers (`own`, a fixed set or a function of
 * React Router's HeadersArgs), then each header of PASSED_HEADERS taken from the first of the
 * error's, the action's, the loader's and the parent route's headers that has it.
 * @param own e.g. `{ "Cache-Control": "no-store" }`; default none
 * @returns the function to export as `headers` from a route module
 */
export function pageHeaders(own: HeadersInit | ((args: HeadersArgs) => HeadersInit) = {}): HeadersFunction {
  return (args) => {
    const headers = new Headers(typeof own === "function" ? own(args) : own);
    const sources = [args.errorHeaders, args.actionHeaders, args.loaderHeaders, args.parentHeaders];
    for (const name of PASSED_HEADERS) {
      const value = sources.map((source) => source?.get(name)).find((found) => found);
      if (value) headers.set(name, value);
    }
    return headers;
  };
}
