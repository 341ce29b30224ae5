/** The document stores (issue 4): the local disk and an S3-compatible bucket (in-process stand-in). */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type S3StandIn, startS3StandIn } from "../../tests/doubles/s3-stand-in.ts";
import { loadConfig } from "../config.ts";
import { createDocumentStore, isValidKey, randomKey, readAll } from "./index.ts";

let dataDir: string;
let s3: S3StandIn;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "lexatlas-store-"));
  s3 = await startS3StandIn();
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await s3.close();
});

describe("randomKey", () => {
  it("makes distinct 128-bit hex keys that isValidKey accepts; refuses path tricks", () => {
    const a = randomKey();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(randomKey()).not.toBe(a);
    expect(isValidKey(a)).toBe(true);
    for (const bad of ["../etc/passwd", "", `${a}/x`, a.toUpperCase(), `${a}0`])
      expect(isValidKey(bad)).toBe(false);
  });
});

describe("local store", () => {
  it("moves a temp file to DATA_DIR/uploads/<key>, reads it back, deletes it", async () => {
    const store = createDocumentStore(loadConfig({ DATA_DIR: dataDir }));
    expect(store.kind).toBe("local");
    const tmp = path.join(await store.tempDir(), "upload");
    writeFileSync(tmp, "hello");
    const key = randomKey();
    await store.putFile(key, tmp, "application/pdf");
    expect(existsSync(tmp)).toBe(false);
    expect(existsSync(path.join(dataDir, "uploads", key))).toBe(true);
    const got = await store.get(key);
    expect(got?.size).toBe(5);
    expect((await readAll(got as NonNullable<typeof got>)).toString()).toBe("hello");
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    expect(await store.get("../../etc/passwd")).toBeNull();
    await store.delete(key); // a missing object is not an error
    expect(readdirSync(path.join(dataDir, "uploads")).filter((f) => f !== ".tmp")).toEqual([]);
  });
});

describe("S3 store (path-style, against the in-process stand-in)", () => {
  it("uploads, reads back and deletes objects, signed, with the content type", async () => {
    const store = createDocumentStore(
      loadConfig({
        DATA_DIR: dataDir,
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: "case-docs",
        S3_ACCESS_KEY_ID: "test",
        S3_SECRET_ACCESS_KEY: "secret",
      }),
    );
    expect(store.kind).toBe("s3");
    const tmp = path.join(await store.tempDir(), "upload-s3");
    const bytes = Buffer.from("%PDF-1.4 test");
    writeFileSync(tmp, bytes);
    const key = randomKey();
    await store.putFile(key, tmp, "application/pdf");
    expect(s3.objects.get(`case-docs/${key}`)).toEqual({ body: bytes, contentType: "application/pdf" });
    expect(s3.requests.at(-1)).toEqual({ method: "PUT", path: `/case-docs/${key}`, signed: true });
    const got = await store.get(key);
    expect(got?.size).toBe(bytes.byteLength);
    expect(await readAll(got as NonNullable<typeof got>)).toEqual(bytes);
    expect(await store.get(randomKey())).toBeNull();
    await store.delete(key);
    expect(s3.objects.has(`case-docs/${key}`)).toBe(false);
    expect(await store.get(key)).toBeNull();
  });
});
