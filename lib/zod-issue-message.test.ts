/**
 * zod's built-in messages become catalog references and read in the reader's language (issue 14
 * §1): each issue code maps to a `validation:zod.*` message with its ICU arguments, a message a
 * schema wrote itself is kept (their German and Arabic texts: server/api/error-language.test.ts).
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { allFieldErrors, firstFieldErrors } from "./field-errors.ts";
import { msg } from "./i18n/message.ts";
import { isZodDefaultMessage, zodIssueMessage } from "./zod-issue-message.ts";

/** The first issue of parsing `value` with `schema`. */
function issueOf(schema: z.ZodType, value: unknown): z.core.$ZodIssue {
  const r = schema.safeParse(value);
  if (r.success || !r.error.issues[0]) throw new Error("expected a failure");
  return r.error.issues[0];
}

describe("zodIssueMessage", () => {
  it("maps every built-in issue code to a reference with its arguments", () => {
    expect(zodIssueMessage(issueOf(z.string(), 5))).toBe("validation:zod.invalidType?expected=string");
    expect(zodIssueMessage(issueOf(z.object({ a: z.string() }), {}))).toBe("validation:zod.required");
    expect(zodIssueMessage(issueOf(z.string().min(3), "ab"))).toBe("validation:zod.tooShort?min=3");
    expect(zodIssueMessage(issueOf(z.string().max(5), "abcdefg"))).toBe("validation:zod.tooLong?max=5");
    expect(zodIssueMessage(issueOf(z.string().length(2), "abc"))).toBe(
      "validation:zod.lengthExactly?length=2",
    );
    expect(zodIssueMessage(issueOf(z.array(z.string()).min(1), []))).toBe("validation:zod.tooFewItems?min=1");
    expect(zodIssueMessage(issueOf(z.array(z.string()).max(2), ["a", "b", "c"]))).toBe(
      "validation:zod.tooManyItems?max=2",
    );
    expect(zodIssueMessage(issueOf(z.number().min(1), 0))).toBe("validation:zod.numberMin?min=1");
    expect(zodIssueMessage(issueOf(z.number().gt(0), 0))).toBe("validation:zod.numberAbove?min=0");
    expect(zodIssueMessage(issueOf(z.number().max(80), 81))).toBe("validation:zod.numberMax?max=80");
    expect(zodIssueMessage(issueOf(z.number().lt(10), 10))).toBe("validation:zod.numberBelow?max=10");
    expect(zodIssueMessage(issueOf(z.email(), "x"))).toBe("validation:zod.email");
    expect(zodIssueMessage(issueOf(z.url(), "x"))).toBe("validation:zod.url");
    expect(zodIssueMessage(issueOf(z.iso.date(), "x"))).toBe("validation:zod.date");
    expect(zodIssueMessage(issueOf(z.string().regex(/^a/), "b"))).toBe("validation:zod.format");
    expect(zodIssueMessage(issueOf(z.enum(["a", "b"]), "c"))).toBe(
      msg("validation:zod.oneOf", { options: "a, b" }),
    );
    expect(zodIssueMessage(issueOf(z.number().multipleOf(5), 3))).toBe("validation:zod.multipleOf?divisor=5");
    expect(zodIssueMessage(issueOf(z.object({}).strict(), { x: 1 }))).toBe("validation:unknownField?field=x");
    expect(zodIssueMessage(issueOf(z.union([z.string(), z.number()]), true))).toBe("validation:zod.invalid");
    expect(
      zodIssueMessage(
        issueOf(
          z.string().refine(() => false),
          "a",
        ),
      ),
    ).toBe("validation:zod.invalid");
  });

  it("keeps a message the schema wrote: a reference or a sentence", () => {
    const own = issueOf(z.string({ error: "Enter your name." }), 1);
    expect(isZodDefaultMessage(own)).toBe(false);
    expect(zodIssueMessage(own)).toBe("Enter your name.");
    const ref = issueOf(z.string().min(1, msg("validation:case.caseTitle")), "");
    expect(zodIssueMessage(ref)).toBe("validation:case.caseTitle");
  });

  it("is what the field-error helpers carry", () => {
    const r = z.object({ age: z.number(), tags: z.array(z.string()) }).safeParse({ age: "x", tags: [1] });
    if (r.success) throw new Error("expected a failure");
    expect(firstFieldErrors(r.error)).toEqual({
      age: "validation:zod.invalidType?expected=number",
      tags: "validation:zod.invalidType?expected=string",
    });
    expect(allFieldErrors(r.error.issues).tags).toEqual(["validation:zod.invalidType?expected=string"]);
  });
});
