/**
 * Browser-side caching of directory results (spec §4 "Search list": results are cached for
 * 5 minutes, not refetched on window focus, and retried once after 1 second; spec §9).
 * Used by the clientLoader of the home and browse routes: going back to a search, or repeating
 * one, answers from memory instead of the server.
 */
import type { DirectoryData } from "./directory.server";

/** How long a result stays fresh, ms (spec §4). */
export const RESULTS_CACHE_MS = 5 * 60_000;
/** Delay before the single retry of a failed search, ms (spec §4). */
export const RETRY_DELAY_MS = 1000;
/** Most searches kept; the oldest is dropped beyond it. */
export const RESULTS_CACHE_MAX = 50;

interface Entry {
  at: number;
  data: DirectoryData;
}

/** Injectable clock and timer, so tests control time. */
export interface CacheDeps {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

const realDeps: CacheDeps = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** A results cache keyed by the search URL (path and query). */
export class DirectoryCache {
  private readonly entries = new Map<string, Entry>();
  private readonly deps: CacheDeps;

  constructor(deps: CacheDeps = realDeps) {
    this.deps = deps;
  }

  /**
   * Answers the results of `url` from the cache when fresh; otherwise calls `load` (the server
   * loader), retrying once after RETRY_DELAY_MS when it throws an error (not a Response, such as
   * a redirect, which is passed on at once) or answers `error: true`. Only successful results
   * are cached.
   * @param url the page URL, e.g. "https://host/browse-lawyers?query=x"
   */
  async load(url: string, load: () => Promise<DirectoryData>): Promise<DirectoryData> {
    const { pathname, search } = new URL(url);
    const key = `${pathname}${search}`;
    const hit = this.entries.get(key);
    if (hit && this.deps.now() - hit.at < RESULTS_CACHE_MS) return hit.data;
    this.entries.delete(key);

    let data: DirectoryData;
    try {
      data = await load();
      if (data.error) {
        await this.deps.sleep(RETRY_DELAY_MS);
        data = await load();
      }
    } catch (err) {
      if (err instanceof Response) throw err;
      await this.deps.sleep(RETRY_DELAY_MS);
      data = await load();
    }
    if (!data.error) {
      this.entries.set(key, { at: this.deps.now(), data });
      if (this.entries.size > RESULTS_CACHE_MAX) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
    }
    return data;
  }
}

/** The page's single results cache. */
export const directoryCache = new DirectoryCache();

/**
 * The clientLoader of the two directory pages: client navigations answer from the 5-minute
 * results cache and retry a failed search once after 1 second (spec §4 "Search list"); the first
 * page load uses the server's render.
 */
export function directoryClientLoader({
  request,
  serverLoader,
}: {
  request: Request;
  serverLoader: () => Promise<DirectoryData>;
}): Promise<DirectoryData> {
  return directoryCache.load(request.url, serverLoader);
}
