/**
 * Request bodies as bytes (issue 27 "deep nesting, huge and empty values, invalid UTF-8 … wrong
 * content types"): a JSON value, form fields or multipart parts, serialised as a browser or a
 * client would, then maybe damaged on the wire — nested 10,000 levels deep, cut short, with
 * bytes that are not UTF-8, a duplicated key, a number JSON cannot hold, past the size limit —
 * and labelled with the right or a wrong Content-Type.
 */
import fc from "fast-check";
import { EXE, PDF, PNG } from "../support/case-fixtures.ts";
import { EXCLUDED } from "./values.ts";
import { pct } from "./wire.ts";

/** How a serialised body is damaged (`none`: sent as serialised). */
export type Damage =
  | "none"
  | "deep-array"
  | "deep-object"
  | "deep-field"
  | "invalid-utf8"
  | "truncate"
  | "duplicate-key"
  | "big-number"
  | "huge"
  | "bom"
  | "empty"
  | "not-json";

/** Damage arbitrary: mostly none. */
export function damage(): fc.Arbitrary<Damage> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant("none" as const) },
    {
      weight: 4,
      arbitrary: fc.constantFrom<Damage>(
        "deep-array",
        "deep-object",
        "deep-field",
        "invalid-utf8",
        "truncate",
        "duplicate-key",
        "big-number",
        "huge",
        "bom",
        "empty",
        "not-json",
      ),
    },
  );
}

/** Content-Type labels for a body of `right` type: mostly the right one. */
export function contentType(right: string): fc.Arbitrary<string | null> {
  return fc.oneof(
    { weight: 8, arbitrary: fc.constant(right) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        null,
        "text/plain",
        "application/json; charset=utf-16",
        "APPLICATION/JSON",
        "application/vnd.api+json",
        "application/x-www-form-urlencoded",
        "multipart/form-data",
        "multipart/form-data; boundary=",
        "multipart/form-data; boundary=nope",
        "application/json, text/html",
        "*/*",
        "",
      ),
    },
  );
}

const DEEP = 10_000;

/** Applies `d` to serialised JSON `text` (the field name `field` for deep-field). */
export function damageJson(text: string, d: Damage, field = "x"): Buffer {
  switch (d) {
    case "none":
      return Buffer.from(text, "utf8");
    case "deep-array":
      return Buffer.from(`${"[".repeat(DEEP)}${"]".repeat(DEEP)}`);
    case "deep-object":
      return Buffer.from(`${'{"a":'.repeat(DEEP / 2)}1${"}".repeat(DEEP / 2)}`);
    case "deep-field":
      return Buffer.from(`{${JSON.stringify(field)}:${"[".repeat(DEEP)}${"]".repeat(DEEP)}}`);
    case "invalid-utf8": {
      const bytes = Buffer.from(text, "utf8");
      const at = Math.max(0, Math.floor(bytes.length / 2));
      const bad = Buffer.from([0xff, 0xfe, 0xc0, 0xaf, 0xe0, 0xa4]);
      // Inside a JSON string when there is one, so the parser reads the bytes as text.
      const quote = bytes.indexOf(0x22, at);
      const cut = quote > 0 ? quote + 1 : at;
      return Buffer.concat([bytes.subarray(0, cut), bad, bytes.subarray(cut)]);
    }
    case "truncate":
      return Buffer.from(text.slice(0, Math.floor(text.length / 2)), "utf8");
    case "duplicate-key": {
      const m = /^\{("[^"]*"):([^,}]*)/.exec(text);
      return Buffer.from(m ? `{${m[1]}:${m[2]},${text.slice(1)}` : text, "utf8");
    }
    case "big-number": {
      const replaced = text.replace(/(:\s*)-?\d+(\.\d+)?/, "$11e309");
      return Buffer.from(replaced === text ? `{${JSON.stringify(field)}:-1e309}` : replaced, "utf8");
    }
    case "huge":
      return Buffer.from(`{${JSON.stringify(field)}:"${"x".repeat(70 * 1024)}"}`);
    case "bom":
      return Buffer.from(`\uFEFF${text}`, "utf8");
    case "empty":
      return Buffer.alloc(0);
    case "not-json":
      return Buffer.from("not json at all", "utf8");
  }
}

/** One form field: name and value (a file part when `file` is set). */
export interface FormField {
  name: string;
  value: string;
  file?: { filename: string; type: string; bytes: Buffer };
}

/**
 * A url-encoded form body of `fields`; damaged: `invalid-utf8` puts %FF%FE in a value and raw
 * bytes that are not UTF-8, `huge` pads past 16 KB, `truncate` cuts a percent escape in half.
 */
export function urlencoded(fields: FormField[], d: Damage): Buffer {
  const text = fields.map((f) => `${pct(f.name)}=${pct(f.value)}`).join("&");
  switch (d) {
    case "invalid-utf8":
      return Buffer.concat([
        Buffer.from(`${text}&x=%FF%FE%C0%AF&`, "latin1"),
        Buffer.from([0xff, 0xe0, 0xa4]),
        Buffer.from("=1"),
      ]);
    case "huge":
      return Buffer.from(`${text}&pad=${"x".repeat(70 * 1024)}`);
    case "truncate":
      return Buffer.from(`${text}&bad=%E0%A4%A&%`);
    case "duplicate-key":
      return Buffer.from(`${text}&${text}`);
    case "empty":
      return Buffer.alloc(0);
    case "not-json":
      return Buffer.from('{"json":"instead of a form"}');
    case "deep-array":
    case "deep-object":
    case "deep-field":
      return Buffer.from(`${text}&${"a[".repeat(2000)}${"]".repeat(2000)}=1`);
    case "bom":
      return Buffer.from(`\uFEFF${text}`, "utf8");
    default:
      return Buffer.from(text);
  }
}

/** Files a multipart part may carry: real small documents, a renamed program, empty, odd names. */
export function fileArbitrary(): fc.Arbitrary<NonNullable<FormField["file"]>> {
  return fc.record({
    filename: fc
      .constantFrom(
        "proof.pdf",
        "photo.png",
        "../../etc/passwd",
        "a\u0000b.pdf",
        "",
        "x".repeat(300),
        "évidence.pdf",
        "doc.exe",
        "\u202Efdp.exe",
      )
      .filter((n) => !(EXCLUDED.has("nul") && n.includes("\u0000"))),
    type: fc.constantFrom("application/pdf", "image/png", "application/octet-stream", "text/html", ""),
    bytes: fc.constantFrom(PDF, PNG, EXE, Buffer.alloc(0), Buffer.from("<html><script>alert(1)</script>")),
  });
}

/** How a multipart body's framing is broken (`none`: well formed). */
export type Framing = "none" | "wrong-boundary" | "no-end" | "no-name" | "long-header" | "garbage";

/** Framing arbitrary: well formed three times in five (multipart exists here to be broken). */
export function framing(): fc.Arbitrary<Framing> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant("none" as const) },
    {
      weight: 2,
      arbitrary: fc.constantFrom<Framing>("wrong-boundary", "no-end", "no-name", "long-header", "garbage"),
    },
  );
}

/** A multipart/form-data body of `fields` with boundary `boundary`, maybe broken by `f`. */
export function multipart(fields: FormField[], boundary: string, f: Framing): Buffer {
  if (f === "garbage") return Buffer.from(`--${boundary}\r\nthis is not a part\r\n\r\n--`, "latin1");
  const used = f === "wrong-boundary" ? `${boundary}x` : boundary;
  const parts: Buffer[] = [];
  for (const field of fields) {
    const name = f === "no-name" ? "" : `; name="${field.name.replace(/"/g, "%22")}"`;
    const extra = f === "long-header" ? `X-Pad: ${"p".repeat(20_000)}\r\n` : "";
    const head = field.file
      ? `--${used}\r\nContent-Disposition: form-data${name}; filename="${field.file.filename.replace(/"/g, "%22")}"\r\nContent-Type: ${field.file.type}\r\n${extra}\r\n`
      : `--${used}\r\nContent-Disposition: form-data${name}\r\n${extra}\r\n`;
    parts.push(
      Buffer.from(head, "utf8"),
      field.file ? field.file.bytes : Buffer.from(field.value, "utf8"),
      Buffer.from("\r\n"),
    );
  }
  if (f !== "no-end") parts.push(Buffer.from(`--${used}--\r\n`));
  return Buffer.concat(parts);
}
