import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/client.ts";
import { openTestDatabase, TEST_ENGINE } from "./db.ts";
import { startTestServer } from "./server.ts";

describe(`startTestServer (${TEST_ENGINE})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("passes extra environment into the configuration, keeps logs silent, and serves the API", async () => {
    const server = await startTestServer(database.db, {
      env: { SMTP_URL: "smtp://127.0.0.1:2525", TRUST_PROXY: "true", LOG_LEVEL: "debug" },
    });
    try {
      expect(server.config).toMatchObject({
        SMTP_URL: "smtp://127.0.0.1:2525",
        TRUST_PROXY: true,
        LOG_LEVEL: "silent",
      });
      expect((await fetch(`${server.baseUrl}/api/openapi.json`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it("gives each server a private DATA_DIR that close removes, unless one is given", async () => {
    const server = await startTestServer(database.db);
    expect(server.dataDir).not.toBe("./data");
    expect(server.config.DATA_DIR).toBe(server.dataDir);
    expect(existsSync(server.dataDir)).toBe(true);
    await server.close();
    expect(existsSync(server.dataDir)).toBe(false);

    const given = await startTestServer(database.db, { env: { DATA_DIR: "/tmp/lexatlas-given-dir" } });
    expect(given.dataDir).toBe("/tmp/lexatlas-given-dir");
    await given.close();
  });
});
