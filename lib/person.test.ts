import { describe, expect, it } from "vitest";
import { ProfileUpdateSchema, SignUpSchema } from "./account.ts";
import { CaseSubmissionSchema } from "./cases.ts";
import { displayName, nameFieldOrder, normalizeName } from "./person.ts";

describe("displayName (issue 14 §2: given/family order and display per locale)", () => {
  it("one name is enough", () => {
    expect(displayName({ firstName: "Suharto", lastName: "" }, "en")).toBe("Suharto");
    expect(displayName({ firstName: "Suharto", lastName: null }, "ja")).toBe("Suharto");
  });
  it("Han and kana names are family first without a space, in every locale", () => {
    expect(displayName({ firstName: "太郎", lastName: "山田" }, "ja")).toBe("山田太郎");
    expect(displayName({ firstName: "たろう", lastName: "やまだ" }, "en")).toBe("やまだたろう");
    expect(displayName({ firstName: "小明", lastName: "王" }, "de")).toBe("王小明");
  });
  it("Hangul names are family first without a space (Korean orthography art. 48)", () => {
    expect(displayName({ firstName: "민준", lastName: "김" }, "en")).toBe("김민준");
  });
  it("other scripts are given name first", () => {
    expect(displayName({ firstName: "José", lastName: "Álvarez" }, "es")).toBe("José Álvarez");
    expect(displayName({ firstName: "John", lastName: "Smith" }, "ja")).toBe("John Smith");
    expect(displayName({ firstName: "محمد", lastName: "علي" }, "ar")).toBe("محمد علي");
    expect(displayName({ firstName: "अमित", lastName: "शर्मा" }, "en")).toBe("अमित शर्मा");
  });
  it("a family-first locale (Hungarian) puts the family name first", () => {
    expect(displayName({ firstName: "Ferenc", lastName: "Puskás" }, "hu-HU")).toBe("Puskás Ferenc");
  });
  it("nameFieldOrder puts the family name first for Japanese", () => {
    expect(nameFieldOrder("ja")).toEqual(["lastName", "firstName"]);
    expect(nameFieldOrder("pt-BR")).toEqual(["firstName", "lastName"]);
  });
});

describe("names in every script pass the schemas and are stored as NFC", () => {
  const signUp = { email: "a@example.com", password: "quiet-harbour-42", firstName: "Ann", lastName: "Lee" };
  it.each([
    ["Arabic", "محمد", "العلي"],
    ["Han", "太郎", "山田"],
    ["Devanagari (combining vowel signs)", "अमित", "शर्मा"],
    ["Vietnamese (stacked marks)", "Nguyễn", "Thị Minh Khai"],
    ["Thai", "สมชาย", "ใจดี"],
    ["Hebrew", "דוד", "כהן"],
    ["Cyrillic", "Ёлка", "Щукина"],
  ])("%s", (_script, firstName, lastName) => {
    const parsed = SignUpSchema.parse({ ...signUp, firstName, lastName });
    expect(parsed.firstName).toBe(firstName.normalize("NFC"));
    expect(parsed.lastName).toBe(lastName.normalize("NFC"));
  });
  it("a decomposed name (e + combining acute) is stored composed", () => {
    const decomposed = "Jose\u0301 Zoe\u0308";
    const parsed = SignUpSchema.parse({ ...signUp, firstName: decomposed });
    expect(parsed.firstName).toBe("José Zoë");
    expect(parsed.firstName).toHaveLength(8);
    expect(CaseSubmissionSchema.shape.clientName.parse("Zoe\u0308")).toBe("Zoë");
  });
  it("sign-up takes one name: the family name may be empty or absent", () => {
    expect(SignUpSchema.parse({ ...signUp, firstName: "Suharto", lastName: "" }).lastName).toBe("");
    const { lastName: _, ...withoutLast } = signUp;
    expect(SignUpSchema.parse(withoutLast).lastName).toBe("");
    expect(ProfileUpdateSchema.parse({ lastName: "" }).lastName).toBe("");
  });
  it("the given name is still required, and a name needs a letter", () => {
    expect(SignUpSchema.safeParse({ ...signUp, firstName: "  " }).success).toBe(false);
    expect(SignUpSchema.safeParse({ ...signUp, firstName: "1234" }).success).toBe(false);
    expect(SignUpSchema.safeParse({ ...signUp, lastName: "Lee\nVisit" }).success).toBe(false);
  });
  it("normalizeName trims and makes inner white space one space", () => {
    expect(normalizeName("  Mary \u00a0 Jane ")).toBe("Mary Jane");
  });
});
