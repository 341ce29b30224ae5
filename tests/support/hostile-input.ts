/**
 * fast-check arbitraries for the input boundary's property tests (issue 27 §2): keys that name
 * what every object inherits (each property of Object.prototype, `__proto__`, `constructor.prototype`),
 * numeric-like, very long and empty keys; text holding NUL or unpaired UTF-16 surrogates among
 * ordinary text (any script, emoji pairs); and JSON values that carry both.
 */
import fc from "fast-check";

/** Every own property name of Object.prototype (`__proto__`, `constructor`, `toString`, …) and a few more. */
export const PROTOTYPE_KEYS: readonly string[] = [
  ...Object.getOwnPropertyNames(Object.prototype),
  "__proto__",
  "constructor.prototype",
  "prototype",
  "__defineGetter__",
];

/** Keys a body should never trip over: Object.prototype's names, numeric-like, very long, empty. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) },
  { weight: 1, arbitrary: fc.constantFrom("0", "-1", "1e3", "01", "4294967295", "NaN", "Infinity") },
  { weight: 1, arbitrary: fc.nat().map(String) },
  { weight: 1, arbitrary: fc.string({ minLength: 200, maxLength: 2000 }) },
  { weight: 1, arbitrary: fc.constant("") },
);

/** One character no text may hold: NUL, or a high or low surrogate without its pair. */
export const forbiddenCharacter: fc.Arbitrary<string> = fc.oneof(
  fc.constant("\u0000"),
  fc.integer({ min: 0xd800, max: 0xdbff }).map((c) => String.fromCharCode(c)),
  fc.integer({ min: 0xdc00, max: 0xdfff }).map((c) => String.fromCharCode(c)),
);

/** Ordinary text around it: any script, emoji (well-formed surrogate pairs), nothing forbidden. */
const ordinaryText: fc.Arbitrary<string> = fc.string({ unit: "grapheme", maxLength: 20 });

/**
 * Text that holds at least one forbidden character among ordinary text, e.g. "Ham\u0000burg",
 * "\ud800", "😀\udc00x". With `nulOnly`, NUL only (what a URL or a multipart body can carry:
 * browsers and fetch write lone surrogates as U+FFFD in UTF-8).
 */
export function forbiddenText(opts: { nulOnly?: boolean } = {}): fc.Arbitrary<string> {
  const bad = opts.nulOnly ? fc.constant("\u0000") : forbiddenCharacter;
  return (
    fc
      .tuple(
        ordinaryText,
        bad,
        fc.array(fc.tuple(fc.oneof(bad, fc.constant("")), ordinaryText), { maxLength: 3 }),
      )
      .map(([head, first, rest]) => head + first + rest.map(([b, t]) => b + t).join(""))
      // Two halves side by side make a pair again (a well-formed character): only text still forbidden.
      .filter((text) => text.includes("\u0000") || !text.isWellFormed())
  );
}

/** Any JSON value, whose objects may use hostile keys (and so hold `__proto__` as a key). */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.boolean(),
      fc.constant(null),
    ),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.oneof(hostileKey, fc.string({ maxLength: 8 })), tie("value"), { maxKeys: 3 }),
  ),
})).value;

/**
 * JSON text of `body` with one more top-level key `key` holding `value`, written as text, so a key
 * `__proto__` reaches the server as a key (JSON.stringify of an object literal could not carry it).
 */
export function jsonWithKey(body: object, key: string, value: unknown): string {
  const text = JSON.stringify(body);
  const extra = `${JSON.stringify(key)}:${JSON.stringify(value) ?? "null"}`;
  return text === "{}" ? `{${extra}}` : `${text.slice(0, -1)},${extra}}`;
}
