import { describe, expect, it } from "vitest";
import { msg, parseMessageRef, translateMessage } from "./message.ts";

describe("message references (issue 14 §1)", () => {
  it("round-trips namespace, key and arguments", () => {
    const ref = msg("validation:tooLong", { max: 100, field: "Name & co" });
    expect(parseMessageRef(ref)).toEqual({
      ns: "validation",
      key: "tooLong",
      values: { max: "100", field: "Name & co" },
    });
    expect(parseMessageRef("validation:email.invalid")).toEqual({
      ns: "validation",
      key: "email.invalid",
      values: {},
    });
  });

  it("leaves plain text alone, even with a colon", () => {
    expect(parseMessageRef("Phone: +1 555")).toBeNull();
    expect(parseMessageRef("Too many attempts. Try again later.")).toBeNull();
    const t = () => "translated";
    expect(translateMessage(t, "Note: hello")).toBe("Note: hello");
    expect(
      translateMessage((key, o) => `${o.ns}/${key}/${o.max}`, msg("validation:tooLong", { max: 5 })),
    ).toBe("validation/tooLong/5");
  });
});
