import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, withoutQueryParams } from "./logger.ts";

describe("logger", () => {
  it("redacts the parameters of a failed database query", () => {
    const text = 'Failed query: update "users" set "password" = $1\nparams: $argon2id$v=19$secret,abc';
    expect(withoutQueryParams(text)).toBe(
      'Failed query: update "users" set "password" = $1\nparams: [redacted]',
    );
  });

  it("applies the redaction to logged errors", () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger("info", sink);
    logger.error({ err: new Error("Failed query: select 1\nparams: $argon2id$hash") }, "boom");
    expect(lines.join("")).not.toContain("$argon2id");
    expect(lines.join("")).toContain("[redacted]");
  });
});
