import { describe, expect, it } from "vitest";
import { ProfileUpdateSchema, SignUpSchema } from "./account.ts";

describe("account schemas refuse control characters and non-web URLs (PostgreSQL refuses NUL)", () => {
  const signUp = { email: "a@example.com", password: "quiet-harbour-42", firstName: "Ann", lastName: "Lee" };

  it("refuses NUL and line breaks in names", () => {
    expect(SignUpSchema.safeParse(signUp).success).toBe(true);
    expect(SignUpSchema.safeParse({ ...signUp, firstName: "A\u0000nn" }).success).toBe(false);
    expect(SignUpSchema.safeParse({ ...signUp, lastName: "Lee\nVisit https://x" }).success).toBe(false);
  });

  it("refuses NUL in business fields but keeps line breaks in the description", () => {
    expect(ProfileUpdateSchema.safeParse({ businessDescription: "Line one\nLine two" }).success).toBe(true);
    expect(ProfileUpdateSchema.safeParse({ businessDescription: "bad\u0000" }).success).toBe(false);
  });

  it("takes only http(s) addresses for the website and image URL", () => {
    expect(ProfileUpdateSchema.safeParse({ businessWebsite: "https://firm.example" }).success).toBe(true);
    expect(ProfileUpdateSchema.safeParse({ businessWebsite: "" }).data).toEqual({ businessWebsite: null });
    expect(ProfileUpdateSchema.safeParse({ businessWebsite: "javascript:alert(1)" }).success).toBe(false);
    expect(ProfileUpdateSchema.safeParse({ profileImageUrl: "data:text/html,hi" }).success).toBe(false);
  });
});
