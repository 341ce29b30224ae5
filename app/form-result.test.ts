/**
 * Issue 30 "one form-failure shape": every refusal a page answers is app/form-result.ts
 * FormResult (the sentence under `message`, `fieldErrors`, `values`), and components read it one
 * way (formFailureOf). The walk of every page action (app/routes/input-boundary.test.ts) checks
 * the answers at run time; this file checks the source: no failure type of its own, no message
 * under `error` or `formError` in an action's answer, and formFailureOf's recognition by shape.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FormError, type FormResult, formFailureOf, formResultOf } from "./form-result";

/** The app's source files (tests aside), relative to app/, with their text. */
function sources(): { file: string; text: string }[] {
  const root = import.meta.dirname;
  const out: { file: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules" && !entry.name.startsWith("+")) walk(file);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
        out.push({ file: path.relative(root, file), text: readFileSync(file, "utf8") });
    }
  };
  walk(root);
  return out;
}

describe("one form-failure shape (issue 30)", () => {
  it("every failure type in app/ is a FormResult", () => {
    const declared = /export (?:interface|type) (\w*(?:Failure|Refusal|FormError))\b([^{=]*)(=?)\s*([^;{]*)/g;
    const shapes: string[] = [];
    const offenders: string[] = [];
    for (const { file, text } of sources()) {
      for (const m of text.matchAll(declared)) {
        const [, name, heritage, isAlias, aliased] = m;
        const isFormResult = isAlias
          ? /^FormResult\b/.test(aliased ?? "")
          : /extends FormResult\b/.test(heritage ?? "");
        shapes.push(`${file} ${name}`);
        if (!isFormResult) offenders.push(`${file}: ${name}`);
      }
    }
    expect(offenders).toEqual([]);
    // The walk found the failure types (it cannot pass on a pattern that matches nothing).
    expect(shapes.length).toBeGreaterThanOrEqual(7);
  });

  it("no action answers its message under `error` or `formError`", () => {
    // An object given to data(...) (directly or through translateResult) with such a key.
    const answer = /\bdata(?:<[^>]*>)?\(\s*(?:translateResult\([^,]+,\s*)?\{[^}]*?\b(?:error|formError)\s*:/s;
    const offenders = sources()
      .filter(({ text }) => answer.test(text))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
    // The pattern finds the old shape (dashboard.messages.tsx's ReplyFailure before issue 30).
    expect(
      answer.test(
        'return data<ReplyFailure>({ error: msg("messages:invalid"), reply: "" }, { status: 400 });',
      ),
    ).toBe(true);
  });

  it("formFailureOf reads a refusal by shape and intent, and nothing else", () => {
    const text = fc.string({ maxLength: 20 });
    fc.assert(
      fc.property(
        fc.option(text, { nil: undefined }),
        fc.dictionary(text, text),
        fc.option(text, { nil: undefined }),
        (intent, fields, other) => {
          const result: FormResult = formResultOf(new FormError(400, "validation:invalid", fields), {
            intent,
          });
          expect(formFailureOf(result)).toBe(result);
          expect(formFailureOf(result, intent)).toBe(result);
          if (other !== intent && other !== undefined) expect(formFailureOf(result, other)).toBeNull();
          // A success (no fieldErrors), no answer and other values are no refusal.
          for (const value of [
            undefined,
            null,
            "text",
            400,
            { ok: true, message: "saved" },
            { intent, sent: true },
          ])
            expect(formFailureOf(value, intent)).toBeNull();
        },
      ),
    );
  });
});
