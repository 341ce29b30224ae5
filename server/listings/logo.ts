/**
 * Logo images (issue 3 "a logo upload (an image checked by content, at most 2 MB, resized and
 * re-encoded on the server with a well-kept image library)"): sharp (libvips) reads the bytes,
 * whatever the file is called, and writes a fresh WebP without metadata.
 */
import { createHash } from "node:crypto";
import sharp, { type Metadata } from "sharp";
import {
  LISTING_MESSAGES,
  LOGO_MAX_BYTES,
  LOGO_MAX_INPUT_SIDE_PX,
  LOGO_SIZE_PX,
} from "../../lib/listing-owner.ts";
import { PayloadTooLargeError, UnprocessableError } from "../errors.ts";

/** Formats accepted as input (sharp's names); everything else, SVG and TIFF included, is refused. */
export const LOGO_INPUT_FORMATS = ["jpeg", "png", "webp", "gif"] as const;

/**
 * Largest input in pixels (width × height): 4096 × 4096 = 16,777,216. A 2 MB PNG can claim to be
 * 50,000 × 50,000 pixels; libvips refuses to decode beyond this instead of allocating gigabytes.
 * The cap was 40 megapixels until the security review of issue 3 measured about 400 MB for 8
 * parallel 40 MP PNGs; a logo is shown at 256 × 256, so 4096 px per side is plenty.
 */
export const LOGO_MAX_INPUT_PIXELS = LOGO_MAX_INPUT_SIDE_PX * LOGO_MAX_INPUT_SIDE_PX;

/** A re-encoded logo, ready to store in lawyer_logos. */
export interface ProcessedLogo {
  content: Buffer;
  contentType: "image/webp";
  byteSize: number;
  /** First 16 hex digits of the content's SHA-256: the version in the logo URL. */
  etag: string;
  width: number;
  height: number;
}

/**
 * Checks that `bytes` is a JPEG, PNG, WebP or GIF image by its content (sharp's metadata), then
 * auto-orients it (EXIF), fits it into LOGO_SIZE_PX × LOGO_SIZE_PX without enlarging, and encodes
 * the first frame as WebP (quality 85, alpha kept); EXIF, ICC, XMP and comments are not copied.
 * @param bytes the uploaded file, at most LOGO_MAX_BYTES
 * @throws PayloadTooLargeError when larger than LOGO_MAX_BYTES; 422 `logoType` when it is not one of
 *   the four formats or cannot be decoded; 422 `logoPixels` (which names the 4096 × 4096 cap) when
 *   it has more than LOGO_MAX_INPUT_PIXELS pixels
 */
export async function processLogo(bytes: Uint8Array): Promise<ProcessedLogo> {
  if (bytes.byteLength > LOGO_MAX_BYTES) throw new PayloadTooLargeError(LISTING_MESSAGES.logoTooLarge);
  if (bytes.byteLength === 0) throw new UnprocessableError(LISTING_MESSAGES.logoType);
  const options = { limitInputPixels: LOGO_MAX_INPUT_PIXELS, failOn: "error" as const, pages: 1 };
  let meta: Metadata;
  try {
    // Only the header is read here, so no pixel limit yet: with one, sharp refuses an oversized
    // image as if it were no image, and the user would not learn why.
    meta = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw new UnprocessableError(LISTING_MESSAGES.logoType);
  }
  if (!meta.format || !(LOGO_INPUT_FORMATS as readonly string[]).includes(meta.format)) {
    throw new UnprocessableError(LISTING_MESSAGES.logoType);
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > LOGO_MAX_INPUT_PIXELS) {
    throw new UnprocessableError(LISTING_MESSAGES.logoPixels);
  }
  try {
    const { data, info } = await sharp(bytes, { ...options, autoOrient: true })
      .resize(LOGO_SIZE_PX, LOGO_SIZE_PX, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 85, alphaQuality: 100, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    return {
      content: data,
      contentType: "image/webp",
      byteSize: data.byteLength,
      etag: createHash("sha256").update(data).digest("hex").slice(0, 16),
      width: info.width,
      height: info.height,
    };
  } catch {
    // Header fine, pixels broken (truncated file) or beyond the pixel limit.
    throw new UnprocessableError(LISTING_MESSAGES.logoType);
  }
}
