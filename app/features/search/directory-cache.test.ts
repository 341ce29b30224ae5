import { describe, expect, it } from "vitest";
import { emptyFacets } from "../../../lib/lawyer.ts";
import type { DirectoryData } from "./directory.server";
import { DirectoryCache, RESULTS_CACHE_MS, RETRY_DELAY_MS } from "./directory-cache";

function result(total: number, error = false): DirectoryData {
  return {
    params: {
      practiceAreas: [],
      languages: [],
      verified: false,
      respondsWithin24h: false,
      freeConsultation: false,
      experience: 0,
      rating: 0,
      sort: "relevance",
      page: 1,
      pageSize: 12,
    },
    lawyers: [],
    total,
    error,
    textNotice: null,
    facets: emptyFacets(total),
    distanceUnit: "kilometer",
    site: emptyFacets(total),
    demoListings: 0,
  };
}

function setup() {
  let now = 1_000_000;
  const slept: number[] = [];
  const cache = new DirectoryCache({
    now: () => now,
    sleep: async (ms) => {
      slept.push(ms);
    },
  });
  return { cache, slept, advance: (ms: number) => (now += ms) };
}

const URL_A = "http://x/browse-lawyers?query=car";

describe("DirectoryCache (spec §4: cached 5 minutes, retried once after 1 second)", () => {
  it("answers a repeated search from memory for 5 minutes, then asks the server again", async () => {
    const { cache, advance } = setup();
    let calls = 0;
    const load = async () => result(++calls);
    expect((await cache.load(URL_A, load)).total).toBe(1);
    advance(RESULTS_CACHE_MS - 1);
    expect((await cache.load(URL_A, load)).total).toBe(1);
    advance(2);
    expect((await cache.load(URL_A, load)).total).toBe(2);
    expect((await cache.load("http://x/browse-lawyers?query=dog", load)).total).toBe(3);
  });

  it("retries a thrown failure once after 1 second", async () => {
    const { cache, slept } = setup();
    let calls = 0;
    const load = async () => {
      calls++;
      if (calls === 1) throw new TypeError("network down");
      return result(7);
    };
    expect((await cache.load(URL_A, load)).total).toBe(7);
    expect(calls).toBe(2);
    expect(slept).toEqual([RETRY_DELAY_MS]);
  });

  it("retries a failed search once and does not cache a failure", async () => {
    const { cache } = setup();
    let calls = 0;
    const load = async () => {
      calls++;
      return result(0, true);
    };
    expect((await cache.load(URL_A, load)).error).toBe(true);
    expect(calls).toBe(2);
    await cache.load(URL_A, load);
    expect(calls).toBe(4);
  });

  it("passes a redirect on at once without retrying", async () => {
    const { cache, slept } = setup();
    const redirect = new Response(null, { status: 302, headers: { Location: "/" } });
    await expect(
      cache.load(URL_A, async () => {
        throw redirect;
      }),
    ).rejects.toBe(redirect);
    expect(slept).toEqual([]);
  });
});
