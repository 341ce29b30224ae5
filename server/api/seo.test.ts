/** robots.txt and sitemap.xml, including the sitemap index beyond one file (issue 2 §4). */
import { OpenAPIHono } from "@hono/zod-openapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { createLogger } from "../logger.ts";
import { insertFixtures } from "../search/fixtures.ts";
import { createDirectoryService } from "../search/index.ts";
import { registerSeoRoutes } from "./seo.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await insertFixtures(database.db);
});
afterAll(async () => {
  await database?.close();
});

function appWith(env: Record<string, string>, chunk?: number) {
  const app = new OpenAPIHono();
  const services = {
    config: loadConfig(env),
    logger: createLogger("silent"),
    directory: createDirectoryService({ db: database.db }),
  };
  registerSeoRoutes(app, services, chunk ? { chunk } : {});
  return app;
}

describe(`robots.txt and sitemap.xml (${TEST_ENGINE})`, () => {
  it("uses PUBLIC_URL for absolute URLs when configured", async () => {
    const app = appWith({ PUBLIC_URL: "https://lexatlas.example/" });
    const robots = await (await app.request("http://internal:8080/robots.txt")).text();
    expect(robots).toContain("Sitemap: https://lexatlas.example/sitemap.xml");
    const xml = await (await app.request("http://internal:8080/sitemap.xml")).text();
    expect(xml).toContain("<loc>https://lexatlas.example/lawyer/1</loc>");
    expect(xml).not.toContain("internal:8080");
  });

  it("uses the request origin otherwise", async () => {
    const robots = await (await appWith({}).request("http://localhost:4321/robots.txt")).text();
    expect(robots).toContain("Sitemap: http://localhost:4321/sitemap.xml");
  });

  it("switches to a sitemap index when profiles exceed one file", async () => {
    const app = appWith({ PUBLIC_URL: "https://lexatlas.example" }, 5);
    const index = await (await app.request("/sitemap.xml")).text();
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = index.match(/<loc>[^<]+<\/loc>/g);
    expect(files).toEqual([
      "<loc>https://lexatlas.example/sitemaps/1.xml</loc>",
      "<loc>https://lexatlas.example/sitemaps/2.xml</loc>",
      "<loc>https://lexatlas.example/sitemaps/3.xml</loc>",
    ]);
    const first = await (await app.request("/sitemaps/1.xml")).text();
    expect(first).toContain("<loc>https://lexatlas.example/about</loc>");
    expect(first.match(/<loc>https:\/\/lexatlas\.example\/lawyer\/\d+</g)).toHaveLength(5);
    const third = await (await app.request("/sitemaps/3.xml")).text();
    expect(third.match(/<loc>https:\/\/lexatlas\.example\/lawyer\/(\d+)</g)).toEqual([
      "<loc>https://lexatlas.example/lawyer/11<",
      "<loc>https://lexatlas.example/lawyer/12<",
    ]);
    expect(third).not.toContain("/about");
    expect((await app.request("/sitemaps/4.xml")).status).toBe(404);
    expect((await app.request("/sitemaps/0.xml")).status).toBe(404);
  });

  it("lists every page in every locale with hreflang alternates and x-default (issue 14 §1)", async () => {
    const xml = await (
      await appWith({ PUBLIC_URL: "https://lexatlas.example" }).request("/sitemap.xml")
    ).text();
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    for (const loc of ["/lawyer/1", "/de/lawyer/1", "/pt-br/lawyer/1", "/ar/lawyer/1", "/ja/about", "/fr"]) {
      expect(xml).toContain(`<loc>https://lexatlas.example${loc}</loc>`);
    }
    const entry =
      /<url><loc>https:\/\/lexatlas\.example\/ar\/lawyer\/1<\/loc>(.*?)<\/url>/.exec(xml)?.[1] ?? "";
    expect(entry.match(/hreflang="([^"]+)"/g)).toEqual([
      'hreflang="en"',
      'hreflang="de"',
      'hreflang="fr"',
      'hreflang="es"',
      'hreflang="pt-BR"',
      'hreflang="nl"',
      'hreflang="ja"',
      'hreflang="ar"',
      'hreflang="x-default"',
    ]);
    expect(entry).toContain('hreflang="x-default" href="https://lexatlas.example/lawyer/1"');
  });
});
