/**
 * processLogo (issue 3 "a logo upload … checked by content, at most 2 MB, resized and re-encoded"):
 * the input pixel cap of 4096 × 4096 (security review of issue 3: it was 40 megapixels, and 8
 * parallel 40 MP PNGs took about 400 MB) and its message.
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { LISTING_MESSAGES } from "../../lib/listing-owner.ts";
import { LOGO_MAX_INPUT_PIXELS, processLogo } from "./logo.ts";

/** A solid-colour PNG of width × height (compresses to a few hundred KB at most). */
function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#1864ab" } })
    .png()
    .toBuffer();
}

/** The status and message processLogo throws for `bytes`. */
async function refusal(bytes: Uint8Array) {
  try {
    await processLogo(bytes);
  } catch (err) {
    return { status: (err as { status: number }).status, message: (err as Error).message };
  }
  throw new Error("processLogo accepted the image");
}

/**
 * A PNG whose header claims `width` × `height` but which holds one row of pixels: what an
 * attacker sends to make a decoder allocate gigabytes.
 */
async function claimsToBe(width: number, height: number): Promise<Buffer> {
  const real = await png(16, 16);
  const forged = Buffer.from(real);
  // IHDR starts at byte 8 (length 4, type 4); width and height follow at 16 and 20.
  forged.writeUInt32BE(width, 16);
  forged.writeUInt32BE(height, 20);
  return forged;
}

describe("processLogo pixel cap", () => {
  it("is 4096 × 4096 = 16,777,216 pixels", () => {
    expect(LOGO_MAX_INPUT_PIXELS).toBe(16_777_216);
    expect(LISTING_MESSAGES.logoPixels).toContain("4096 × 4096 pixels");
  });

  it("accepts 4096 × 4096 and fits it into 256 × 256", async () => {
    const logo = await processLogo(await png(4096, 4096));
    expect(logo).toMatchObject({ contentType: "image/webp", width: 256, height: 256 });
  });

  it("refuses one row or column more with 422 and the message naming the cap", async () => {
    for (const [w, h] of [
      [4097, 4096],
      [4096, 4097],
      [8000, 2100],
    ]) {
      expect(await refusal(await png(w as number, h as number)), `${w} × ${h}`).toEqual({
        status: 422,
        message: LISTING_MESSAGES.logoPixels,
      });
    }
  });

  it("refuses a header that claims 50,000 × 50,000 pixels by its size, without decoding it", async () => {
    const started = performance.now();
    expect(await refusal(await claimsToBe(50_000, 50_000))).toEqual({
      status: 422,
      message: LISTING_MESSAGES.logoPixels,
    });
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
