import { describe, expect, it } from "vitest";
import { SignUpSchema } from "./account.ts";
import { ContactSchema } from "./contact.ts";
import { hasInternationalLocalPart, isEmailAddress, normalizeEmailAddress } from "./email-address.ts";

describe("isEmailAddress (issue 14 §2: RFC 6531 addresses)", () => {
  it.each([
    "用户@例子.广告",
    "josé@exämple.de",
    "client@example.com",
    "first.last+tag@sub.example.co.uk",
    "अजय@डाटा.भारत",
    "медведь@с-балалайкой.рф",
    "θσερ@εχαμπλε.ψομ",
    "χρήστης@παράδειγμα.ελ",
    "user@xn--exmple-cua.de",
  ])("accepts %s", (address) => {
    expect(isEmailAddress(address)).toBe(true);
  });
  it.each([
    "plainaddress",
    "@example.com",
    "user@",
    "user@localhost",
    "user@127.0.0.1",
    "a..b@example.com",
    ".a@example.com",
    "a b@example.com",
    "a@exa mple.com",
    "a@-example.com",
    `${"é".repeat(33)}@example.com`,
    '"quoted"@example.com',
  ])("refuses %s", (address) => {
    expect(isEmailAddress(address)).toBe(false);
  });
  it("hasInternationalLocalPart looks only before the @", () => {
    expect(hasInternationalLocalPart("用户@例子.广告")).toBe(true);
    expect(hasInternationalLocalPart("user@例子.广告")).toBe(false);
  });
  it("normalizeEmailAddress: NFC, ideographic full stops, lower-case domain", () => {
    expect(normalizeEmailAddress(" Jose\u0301@Exa\u0308mple.DE ")).toBe("José@exämple.de");
    expect(normalizeEmailAddress("用户@例子。广告")).toBe("用户@例子.广告");
  });
  it("the shared schemas accept internationalised addresses", () => {
    const signUp = { password: "quiet-harbour-42", firstName: "Ann" };
    expect(SignUpSchema.parse({ ...signUp, email: "用户@例子.广告" }).email).toBe("用户@例子.广告");
    expect(SignUpSchema.safeParse({ ...signUp, email: "not-an-email" }).success).toBe(false);
    const contact = { name: "A", subject: "S", category: "General Inquiry", message: "M" };
    expect(ContactSchema.parse({ ...contact, email: "josé@exämple.de" }).email).toBe("josé@exämple.de");
  });
});
