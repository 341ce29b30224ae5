/** retryOnce: one retry after the delay (spec §7 "retried once after 1 second"). */
import { describe, expect, it } from "vitest";
import { RETRY_DELAY_MS, retryOnce } from "./retry";

describe("retryOnce", () => {
  it("uses the spec's 1 second delay", () => {
    expect(RETRY_DELAY_MS).toBe(1000);
  });

  it("returns the first success without waiting", async () => {
    let calls = 0;
    const started = Date.now();
    await expect(retryOnce(async () => ++calls, 200)).resolves.toBe(1);
    expect(calls).toBe(1);
    expect(Date.now() - started).toBeLessThan(150);
  });

  it("retries once after the delay when the first attempt fails", async () => {
    let calls = 0;
    const started = Date.now();
    const result = await retryOnce(async () => {
      calls += 1;
      if (calls === 1) throw new Error("flaky");
      return "ok";
    }, 50);
    expect(result).toBe("ok");
    expect(calls).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it("gives up after the second failure with its error", async () => {
    let calls = 0;
    await expect(
      retryOnce(async () => {
        calls += 1;
        throw new Error(`failure ${calls}`);
      }, 10),
    ).rejects.toThrow("failure 2");
    expect(calls).toBe(2);
  });
});
