import { describe, expect, it } from "vitest";
import { msg, parseMessageRef, regionNameIn, translateMessage } from "./message.ts";

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

  it("names a `region` argument (ISO code) in the reader's language when the locale is given (issue 14 §2)", () => {
    const echo = (_key: string, o: Record<string, unknown>) => String(o.region);
    const ref = msg("validation:listing.phoneInvalid", { region: "DE" });
    expect(translateMessage(echo, ref, "de")).toBe("Deutschland");
    expect(translateMessage(echo, ref, "pt-BR")).toBe("Alemanha");
    expect(translateMessage(echo, ref, "ja")).toBe("ドイツ");
    expect(translateMessage(echo, ref)).toBe("DE");
    expect(regionNameIn("XQ", "de")).toBe("XQ");
    expect(regionNameIn("Germany", "de")).toBe("Germany");
  });
});
