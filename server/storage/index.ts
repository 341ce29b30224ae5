/**
 * Private file storage for case documents (issue 4: "Files live outside the web root under random
 * names (DATA_DIR by default; an S3-compatible store when configured)"). Two stores with one
 * interface: the local disk under `${DATA_DIR}/uploads` (never served by the static file handler,
 * which serves build/client only), or an S3-compatible bucket through @aws-sdk/client-s3 when
 * S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set (S3_ENDPOINT for MinIO, R2, etc.;
 * path-style addressing). Keys are random (128 bits, hex) and never derived from a file name.
 */
import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { copyFile, mkdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { Config } from "../config.ts";

/** One stored object as read back: a byte stream and its length in bytes. */
export interface StoredObject {
  body: Readable;
  size: number;
}

/** A private object store; see createDocumentStore. */
export interface DocumentStore {
  /** "local" (DATA_DIR/uploads) or "s3". */
  readonly kind: "local" | "s3";
  /**
   * A folder for temporary upload files on the local disk (created on demand): uploads are
   * streamed here while their size and type are checked, then handed to `putFile`.
   */
  tempDir(): Promise<string>;
  /**
   * Stores the finished temporary file `filePath` under `key` with media type `contentType`.
   * The local store moves the file (a rename within DATA_DIR/uploads); the S3 store uploads it
   * (at most 10 MB, read into memory) and leaves the temporary file for the caller to delete.
   */
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  /** The object under `key`, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Deletes the object under `key`; a missing object is not an error. */
  delete(key: string): Promise<void>;
}

/** A fresh random storage key: 32 hex characters (128 bits), no extension, no user text. */
export function randomKey(): string {
  return randomBytes(16).toString("hex");
}

/** True for a key randomKey could have made (guards the local store against path tricks). */
export function isValidKey(key: string): boolean {
  return /^[0-9a-f]{32}$/.test(key);
}

/**
 * The store the configuration asks for: S3 when S3_BUCKET is set (config.ts requires the two
 * credentials with it), else the local disk under `${DATA_DIR}/uploads`.
 */
export function createDocumentStore(
  config: Pick<
    Config,
    "DATA_DIR" | "S3_BUCKET" | "S3_ENDPOINT" | "S3_REGION" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY"
  >,
): DocumentStore {
  if (config.S3_BUCKET && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY) {
    return createS3Store({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      tempRoot: path.resolve(config.DATA_DIR, "uploads"),
    });
  }
  return createLocalStore(path.resolve(config.DATA_DIR, "uploads"));
}

/**
 * The local store: objects are files `${root}/<key>` (mode 0600), temporary uploads live in
 * `${root}/.tmp` so finishing one is an atomic rename on the same file system.
 */
export function createLocalStore(root: string): DocumentStore {
  const tmp = path.join(root, ".tmp");
  const fileOf = (key: string) => {
    if (!isValidKey(key)) throw new Error("invalid storage key");
    return path.join(root, key);
  };
  return {
    kind: "local",
    async tempDir() {
      await mkdir(tmp, { recursive: true, mode: 0o700 });
      return tmp;
    },
    async putFile(key, filePath) {
      await mkdir(root, { recursive: true, mode: 0o700 });
      try {
        await rename(filePath, fileOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EXDEV") throw err;
        await copyFile(filePath, fileOf(key));
        await rm(filePath, { force: true });
      }
    },
    async get(key) {
      if (!isValidKey(key)) return null;
      try {
        const { size } = await stat(fileOf(key));
        return { body: createReadStream(fileOf(key)), size };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async delete(key) {
      if (!isValidKey(key)) return;
      await rm(fileOf(key), { force: true });
    },
  };
}

/** Settings of the S3 store. */
export interface S3StoreOptions {
  bucket: string;
  region: string;
  /** e.g. http://127.0.0.1:9000 for MinIO; undefined for AWS itself. */
  endpoint?: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  /** Local folder for temporary upload files (its `.tmp` subfolder is used). */
  tempRoot: string;
}

/**
 * The S3-compatible store: objects `s3://bucket/<key>` with path-style addressing (works with
 * AWS, MinIO, Ceph, R2), checksums only where the operation requires them (compatibility with
 * stores that do not know the newer trailing checksums).
 */
export function createS3Store(options: S3StoreOptions): DocumentStore {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: true,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const tmp = path.join(options.tempRoot, ".tmp");
  const checked = (key: string) => {
    if (!isValidKey(key)) throw new Error("invalid storage key");
    return key;
  };
  return {
    kind: "s3",
    async tempDir() {
      await mkdir(tmp, { recursive: true, mode: 0o700 });
      return tmp;
    },
    async putFile(key, filePath, contentType) {
      const body = await readFile(filePath);
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: checked(key),
          Body: body,
          ContentLength: body.byteLength,
          ContentType: contentType,
        }),
      );
    },
    async get(key) {
      if (!isValidKey(key)) return null;
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: key }));
        if (!out.Body) return null;
        return { body: out.Body as Readable, size: Number(out.ContentLength ?? 0) };
      } catch (err) {
        if (err instanceof NoSuchKey || (err as { name?: string }).name === "NoSuchKey") return null;
        if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
          return null;
        throw err;
      }
    },
    async delete(key) {
      if (!isValidKey(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: key }));
    },
  };
}

/** Reads a whole stored object into memory (tests and small files only). */
export async function readAll(object: StoredObject): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of Readable.from(object.body)) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}
