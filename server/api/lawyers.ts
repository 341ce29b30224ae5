/**
 * /api/lawyers routes (spec §7; issue 2 §3), declared with @hono/zod-openapi so that
 * /api/openapi.json describes them. Handlers are thin: parse with lib/search-params.ts, call one
 * search-domain function, shape the answer. `GET /api/lawyers/{id}` adds the listing's
 * `verification` and `disciplinaryRecords` (issue 15 §2's public contract; research notes
 * [S16][S20][S21][S27]).
 */

import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { MAX_QUERY_LENGTH } from "../../lib/constants.ts";
import { pageCount } from "../../lib/filters.ts";
import { msg } from "../../lib/i18n/message.ts";
import { isLawyerId } from "../../lib/ids.ts";
import { withOpenNow } from "../../lib/opening-hours.ts";
import { PREFER_NONE, resolvePreferredCountry } from "../../lib/preferred-country.ts";
import { type SearchParams, searchToQueryString } from "../../lib/search-params.ts";
import { GoneError, NotFoundError } from "../errors.ts";
import { errorResponse, warmingUpResponse } from "../http.ts";
import { apiLocale } from "../i18n.ts";
import type { SearchContext } from "../search/service.ts";
import type { Services } from "../services.ts";
import { FacetsSchema, LawyerDetailSchema, LawyerSchema, SearchQuery } from "./lawyers.schemas.ts";
import { jsonResponse } from "./openapi.ts";

const badRequestResponse = errorResponse("A parameter is invalid; the message names it");

/**
 * The `{id}` of /api/lawyers/{id} and its sub-resources: digits (anything else answers 400);
 * which digit strings name a lawyer is shownListing's rule.
 */
const LawyerIdPath = z.object({
  id: z
    .string()
    .regex(/^\d+$/, { error: msg("validation:zod.invalidType", { expected: "int" }) })
    .openapi({ param: { name: "id", in: "path" }, example: "42" }),
});

const searchRoute = createRoute({
  method: "get",
  path: "/api/lawyers/search",
  operationId: "searchLawyers",
  summary: "Search lawyers",
  description:
    "Filters, relevance, sort and paging in the database (docs/search.md). The body is a JSON array of lawyers " +
    "(spec §7); the total is in X-Total-Count and paging links in an RFC 8288 Link header.",
  request: { query: SearchQuery },
  responses: {
    200: {
      content: { "application/json": { schema: z.array(LawyerSchema) } },
      description: "One page of lawyers",
      headers: z.object({
        "X-Total-Count": z.string().openapi({ description: "Number of matching lawyers" }),
        Link: z.string().openapi({ description: 'Paging links: rel="first", "prev", "next", "last"' }),
        "X-Ignored-Words": z
          .string()
          .optional()
          .openapi({
            description:
              "Words of q that no lawyer matches and that were left out so the other words still find lawyers " +
              "(issue 14 §3), comma-separated, each percent-encoded (encodeURIComponent); absent when none",
            example: "xyzzy,%C3%BCberall",
          }),
        "X-Preferred-Country": z.string().openapi({
          description:
            "Issue 28 §1: the country whose lawyers this page lists first (ISO 3166-1 alpha-2), from preferCountry " +
            "or Accept-Language; `none` when no country was ordered first (preferCountry=none, none known, a " +
            "place or near searched, or another sort than relevance)",
          example: "BR",
        }),
        Vary: z.string().openapi({
          description: "Accept-Language: the visitor's country and the words kept from correction follow it",
          example: "Accept-Language",
        }),
        "X-Description-Areas": z
          .string()
          .optional()
          .openapi({
            description:
              'When query reads as a description of what happened (issue 19 §4, issue 28 §1; docs/search.md "Describing ' +
              'what happened"): every practice area the description reader read it as, the most specific first, ' +
              "comma-separated, each percent-encoded; the results are the lawyers practising any of them (and in " +
              "the place the description names). Absent for other queries",
            example: "Slip%20%26%20Fall,Premises%20Liability",
          }),
        "X-Total-Estimated": z
          .string()
          .optional()
          .openapi({
            description:
              "Issue 29: `true` when X-Total-Count is PostgreSQL's estimate, not a count: while the search facts " +
              "are being built after a start, a count that cannot finish within its time budget is estimated. " +
              "Absent when the total is exact",
            example: "true",
          }),
      }),
    },
    400: badRequestResponse,
    503: warmingUpResponse,
  },
});

const facetsRoute = createRoute({
  method: "get",
  path: "/api/lawyers/facets",
  operationId: "getSearchFacets",
  summary: "Facet counts",
  description:
    "Matching lawyers per country and per practice area under the same parameters; a facet's own selection " +
    "does not filter its own counts. The parameters are validated exactly as for /api/lawyers/search (an invalid " +
    "sort, page or pageSize answers 400 here too, so one query string is valid for both routes or for neither); " +
    "valid sort and paging values do not change the counts.",
  request: { query: SearchQuery },
  responses: {
    200: jsonResponse(FacetsSchema, "Facet counts"),
    400: badRequestResponse,
    503: warmingUpResponse,
  },
});

const suggestionsRoute = createRoute({
  method: "get",
  path: "/api/lawyers/suggestions",
  operationId: "getSearchSuggestions",
  summary: "Search suggestions",
  description: "At most 3 suggestions once q is longer than 2 characters (spec §9).",
  request: {
    query: z.object({
      q: z
        .string()
        .max(MAX_QUERY_LENGTH, { error: msg("validation:zod.tooLong", { max: MAX_QUERY_LENGTH }) })
        .optional()
        .openapi({ description: "Text typed so far", example: "car" }),
      locale: z
        .string()
        .max(20, { error: msg("validation:zod.tooLong", { max: 20 }) })
        .optional()
        .openapi({
          description:
            "The page's language (en, de, fr, es, pt-BR, nl, ja, ar); practice-area suggestions come in it (issue 14 §3). English when absent or unknown",
          example: "de",
        }),
    }),
  },
  responses: {
    200: jsonResponse(z.array(z.string()), "Suggestions"),
    400: badRequestResponse,
  },
});

const lawyerRoute = createRoute({
  method: "get",
  path: "/api/lawyers/{id}",
  operationId: "getLawyer",
  summary: "One lawyer",
  description:
    "id is the lawyer's canonical id: a positive decimal integer without leading zeros, at most 2147483647. " +
    "Any other digit string (01, 0, 99999999999) names no lawyer and answers 404, like the page /lawyer/{id}; " +
    "an id that is not digits at all (abc, -1, 1.5) answers 400.",
  request: { params: LawyerIdPath },
  responses: {
    200: jsonResponse(
      LawyerDetailSchema,
      "The lawyer, with its checks, bar admissions and public discipline (issue 15 §2)",
    ),
    400: badRequestResponse,
    404: errorResponse("No lawyer with this id"),
    410: errorResponse("A moderator removed this listing (issue 15 §3); restored listings answer 200 again"),
  },
});

const managedNearbyRoute = createRoute({
  method: "get",
  path: "/api/lawyers/{id}/managed-nearby",
  operationId: "getManagedNearby",
  summary: "Managed lawyers near a listing",
  description:
    "Issue 28 §4: up to 3 listings that a lawyer account with a confirmed email manages (`managed: true`), in the " +
    "same country as listing {id} and sharing at least one of its practice areas, nearest office first (with " +
    "`distanceKm` when both positions are known), then the same city, rating, review count and id. What a profile " +
    "of a listing nobody manages offers instead of a promise to answer. Public; the same answer for every caller. " +
    "id as in GET /api/lawyers/{id}.",
  request: { params: LawyerIdPath },
  responses: {
    200: jsonResponse(z.array(LawyerSchema), "At most 3 managed listings, nearest first; [] when none"),
    400: badRequestResponse,
    404: errorResponse("No lawyer with this id"),
    410: errorResponse("A moderator removed this listing (issue 15 §3)"),
  },
});

/** Origin for absolute links: PUBLIC_URL when configured, else the request's own origin. */
function originOf(c: Context, services: Pick<Services, "config">): string {
  return (services.config.PUBLIC_URL ?? new URL(c.req.url).origin).replace(/\/+$/, "");
}

/**
 * RFC 8288 Link header value with first, prev, next and last pages of a search; `last` is the
 * last page inside the result window (MAX_RESULT_WINDOW, issue 18 §1), so no link leads to a 400.
 */
export function pagingLinks(base: string, params: SearchParams, total: number): string {
  const last = Math.max(1, pageCount(total, params.pageSize));
  const link = (page: number, rel: string) =>
    `<${base}${searchToQueryString({ ...params, page })}>; rel="${rel}"`;
  const out = [link(1, "first")];
  if (params.page > 1) out.push(link(Math.min(params.page - 1, last), "prev"));
  if (params.page < last) out.push(link(params.page + 1, "next"));
  out.push(link(last, "last"));
  return out.join(", ");
}

const EXPOSED =
  "X-Total-Count, Link, Server-Timing, X-Ignored-Words, X-Description-Areas, X-Preferred-Country, X-Total-Estimated";

/**
 * What a search request says about its visitor (issue 28 §1): the preferred country from
 * `preferCountry`, else the Accept-Language region (lib/preferred-country.ts; the API has no page
 * locale nor near-me history), and the language whose dictionary keeps real words (the
 * negotiated locale of Accept-Language, English without one).
 */
export function apiSearchContext(
  params: SearchParams,
  acceptLanguage: string | null | undefined,
): SearchContext {
  return {
    preferredCountry: resolvePreferredCountry({ parameter: params.preferCountry, acceptLanguage }).country,
    locale: apiLocale(acceptLanguage),
  };
}

/** What the /api/lawyers routes use of the services: the directory, the clock and PUBLIC_URL. */
export type LawyerRouteServices = Pick<Services, "config" | "clock" | "directory">;

/**
 * Registers GET /api/lawyers/search, /facets, /suggestions, /{id} and /{id}/managed-nearby (issue
 * 28 §4) on the app (spec §7).
 * The declared query and path (SearchQuery, q, id) are what validates them. Errors: 400
 * `{ message, fieldErrors }` naming the parameter for bad input (the facets validate the full
 * search request, sort and paging included); 404 `{ message }` for an unknown or non-canonical id
 * ("01"); 410 `{ message }` for a listing a moderator hid (issue 15 §3).
 */
// biome-ignore lint/suspicious/noExplicitAny: any Hono env
export function registerLawyerRoutes(app: OpenAPIHono<any>, services: LawyerRouteServices) {
  // Issue 18 §3: public reads, so the read replica's handle when DATABASE_READ_URL is set (the
  // directory runs on it). Issue 30 "one door": the routes reach the search through the
  // directory service, which also times search, facets and suggestions (server/ops/metrics.ts).
  const { directory } = services;

  app.openapi(searchRoute, async (c) => {
    const params = c.req.valid("query");
    const started = performance.now();
    const context = apiSearchContext(params, c.req.header("Accept-Language"));
    const result = await directory.searchLawyers(params, context);
    const ms = performance.now() - started;
    c.header("X-Total-Count", String(result.total));
    if (result.totalEstimated) c.header("X-Total-Estimated", "true");
    const ignored = result.understood.ignoredWords;
    if (ignored.length > 0) c.header("X-Ignored-Words", ignored.map(encodeURIComponent).join(","));
    // Issue 19 §4: the practice areas a description of what happened was read as.
    const described = result.understood.description;
    if (described) c.header("X-Description-Areas", described.areas.map(encodeURIComponent).join(","));
    c.header("Link", pagingLinks(`${originOf(c, services)}/api/lawyers/search`, params, result.total));
    // Issue 28 §1: the country ordered first, or none; it and the kept words follow Accept-Language.
    c.header("X-Preferred-Country", result.preferredCountry ?? PREFER_NONE);
    c.header("Vary", "Accept-Language", { append: true });
    c.header("Access-Control-Expose-Headers", EXPOSED);
    c.header("Server-Timing", `search;dur=${ms.toFixed(2)}`);
    c.header("Cache-Control", "public, max-age=60");
    // Issue 19 §1: `openNow` at the time of this request (the injectable clock), not cached with the rows.
    const now = services.clock.now();
    return c.json(
      result.lawyers.map((l) => withOpenNow(l, now)),
      200,
    );
  });

  app.openapi(facetsRoute, async (c) => {
    const params = c.req.valid("query");
    const started = performance.now();
    const context = apiSearchContext(params, c.req.header("Accept-Language"));
    const facets = await directory.getFacets(params, context);
    c.header("Server-Timing", `facets;dur=${(performance.now() - started).toFixed(2)}`);
    c.header("Vary", "Accept-Language", { append: true });
    c.header("Access-Control-Expose-Headers", EXPOSED);
    c.header("Cache-Control", "public, max-age=60");
    return c.json(facets, 200);
  });

  app.openapi(suggestionsRoute, async (c) => {
    const { q = "", locale } = c.req.valid("query");
    c.header("Cache-Control", "public, max-age=300");
    return c.json(await directory.getSuggestions(q, locale), 200);
  });

  /**
   * What `load` answers for the lawyer named by the path's `id`. Only the canonical spelling names
   * a lawyer (as the page /lawyer/{id}): "01" is not lawyer 1. Throws GoneError (410) when a
   * moderator hid the listing (issue 15 §3), NotFoundError (404) when there is none or `load`
   * answers null.
   */
  async function shownListing<T>(id: string, load: (lawyerId: number) => Promise<T | null>): Promise<T> {
    const canonical = /^[1-9]\d{0,9}$/.test(id) && isLawyerId(Number(id));
    const found = canonical ? await load(Number(id)) : null;
    if (found) return found;
    const hidden = canonical ? await directory.hiddenListing(Number(id)) : null;
    if (hidden) throw new GoneError(msg("errors:lawyers.hidden", { id }));
    throw new NotFoundError(msg("errors:lawyers.notFound", { id }));
  }

  app.openapi(lawyerRoute, async (c) => {
    const { id } = c.req.valid("param");
    const lawyer = await shownListing(id, (lawyerId) => directory.getLawyer(lawyerId));
    const verification = await directory.getVerification(lawyer.id);
    c.header("Cache-Control", "public, max-age=60");
    return c.json(withOpenNow({ ...lawyer, ...verification }, services.clock.now()), 200);
  });

  app.openapi(managedNearbyRoute, async (c) => {
    const { id } = c.req.valid("param");
    const nearby = await shownListing(id, (lawyerId) => directory.managedNearby(lawyerId));
    c.header("Cache-Control", "public, max-age=60");
    const now = services.clock.now();
    return c.json(
      nearby.map((l) => withOpenNow(l, now)),
      200,
    );
  });
}
