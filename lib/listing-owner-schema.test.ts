/** The listing payload rules (issue 3 "Lawyer onboarding"): phone per country, websites, practice areas. */

import { describe, expect, it } from "vitest";
import { english, englishFields } from "../tests/support/english.ts";
import {
  fieldErrorsOf,
  hasControlCharacters,
  hasControlCharactersInMultiline,
  isWebsiteUrl,
  ListingCreateSchema,
  ListingUpdateSchema,
  listingPhone,
} from "./listing-owner-schema.ts";

const VALID = {
  name: "Zora Vantwest",
  phone: "(416) 555-0199",
  countryCode: "CA",
  city: "Toronto",
  practiceAreas: ["Car Accidents"],
  experience: "12",
  admissionRegulator: "Law Society of Ontario",
  admissionNumber: "L12345",
};

describe("listingPhone (issue 14 §2: stored as E.164)", () => {
  it("reads a national number in the country and gives its E.164 form", () => {
    expect(listingPhone("(416) 555-0199", "CA")).toBe("+14165550199");
    expect(listingPhone("030 901820", "DE")).toBe("+4930901820");
    expect(listingPhone("+44 20 7946 0958", "GB")).toBe("+442079460958");
  });

  it("accepts a number of a country sharing the calling code (+1 for CA and US), like the import", () => {
    expect(listingPhone("+1 212 555 0100", "CA")).toBe("+12125550100");
  });

  it("refuses numbers of other countries, invalid numbers and unknown countries", () => {
    expect(listingPhone("+44 20 7946 0958", "CA")).toBeNull();
    expect(listingPhone("12", "CA")).toBeNull();
    expect(listingPhone("call me", "US")).toBeNull();
    expect(listingPhone("+1 416 555 0199", "XQ")).toBeNull();
  });
});

describe("ListingCreateSchema", () => {
  it("normalises: trimmed text, upper-case country, years from text, areas in list order, https:// added", () => {
    const v = ListingCreateSchema.parse({
      ...VALID,
      name: "  Zora  ",
      countryCode: "ca",
      practiceAreas: ["Slip & Fall", "Car Accidents", "Slip & Fall"],
      website: "firm.example",
      firm: "",
    });
    expect(v).toMatchObject({
      name: "Zora",
      countryCode: "CA",
      experience: 12,
      practiceAreas: ["Car Accidents", "Slip & Fall"],
      website: "https://firm.example",
      firm: null,
    });
  });

  it("names each bad field with the message shown next to it", () => {
    const r = ListingCreateSchema.safeParse({
      ...VALID,
      city: "",
      phone: "+44 20 7946 0958",
      website: "ftp://files.example",
      experience: 2.5,
    });
    expect(r.success).toBe(false);
    if (r.success) return;
    const { fields, form } = fieldErrorsOf(r.error);
    expect(form).toBeNull();
    expect(englishFields(fields)).toMatchObject({
      city: "Please enter the city of your office.",
      website: "Please enter a web address starting with http:// or https://.",
      experience: "Please enter your years of experience as a whole number from 0 to 80.",
    });
    const phone = ListingCreateSchema.safeParse({ ...VALID, phone: "+44 20 7946 0958" });
    expect(phone.success ? null : englishFields(fieldErrorsOf(phone.error).fields)).toEqual({
      phone: "Please enter a valid phone number for Canada.",
    });
  });

  it("refuses an email (always the account's) and other unknown fields", () => {
    const r = ListingCreateSchema.safeParse({ ...VALID, email: "x@y.example" });
    const failure = r.success ? null : fieldErrorsOf(r.error);
    expect(failure?.fields).toEqual({});
    expect(english(failure?.form ?? "")).toBe("Unknown field: email");
  });
});

describe("languages of a listing (issue 14 §4)", () => {
  it("reads ISO 639-1 codes from text or an array, lower-cased and without repeats, and names a bad one", () => {
    expect(ListingCreateSchema.parse({ ...VALID, languages: "EN, fr  de,en" }).languages).toEqual([
      "en",
      "fr",
      "de",
    ]);
    expect(ListingUpdateSchema.parse({ languages: ["ar"] }).languages).toEqual(["ar"]);
    expect(ListingUpdateSchema.parse({ languages: "" }).languages).toEqual([]);
    const bad = ListingUpdateSchema.safeParse({ languages: "en, english" });
    expect(bad.success).toBe(false);
    if (!bad.success)
      expect(english(fieldErrorsOf(bad.error).fields.languages ?? "")).toBe(
        "Unknown language code “english”. Please use two-letter ISO 639-1 codes such as en, de, ar.",
      );
  });
});

describe("ListingUpdateSchema", () => {
  it("takes any subset of the editable fields; empty optional text clears it", () => {
    expect(ListingUpdateSchema.parse({ website: "", bio: " About " })).toEqual({
      website: null,
      bio: "About",
    });
  });

  it("refuses an empty update and fields that are not editable", () => {
    expect(ListingUpdateSchema.safeParse({}).success).toBe(false);
    expect(ListingUpdateSchema.safeParse({ verified: true }).success).toBe(false);
    expect(ListingUpdateSchema.safeParse({ countryCode: "US" }).success).toBe(false);
  });
});

describe("isWebsiteUrl", () => {
  it("accepts http(s) URLs with a dotted host only", () => {
    expect(isWebsiteUrl("https://firm.example/about")).toBe(true);
    expect(isWebsiteUrl("http://firm.example")).toBe(true);
    expect(isWebsiteUrl("javascript:alert(1)")).toBe(false);
    expect(isWebsiteUrl("https://localhost")).toBe(false);
    expect(isWebsiteUrl("data:text/html,x")).toBe(false);
  });
});

describe("control characters (PostgreSQL refuses NUL in text: SQLSTATE 22021)", () => {
  it("single-line fields refuse C0, DEL and C1 characters, tab and line breaks included", () => {
    for (const c of [
      "\u0000",
      "\u0001",
      "\u0007",
      "\t",
      "\n",
      "\r",
      "\u001b",
      "\u007f",
      "\u0085",
      "\u009f",
    ]) {
      expect(hasControlCharacters(`a${c}b`), JSON.stringify(c)).toBe(true);
    }
    expect(hasControlCharacters("Müller & Søn, 5th floor — “Law” 🚗")).toBe(false);
  });

  it("multi-line text (bio) allows tab and line breaks, nothing else", () => {
    expect(hasControlCharactersInMultiline("One\r\n\tTwo\nThree")).toBe(false);
    for (const c of ["\u0000", "\u000b", "\u000c", "\u001f", "\u007f", "\u0090"]) {
      expect(hasControlCharactersInMultiline(`a${c}b`), JSON.stringify(c)).toBe(true);
    }
  });

  it("every text field of the create form names itself in the message", () => {
    const r = ListingCreateSchema.safeParse({
      ...VALID,
      name: "Zora\u0000",
      firm: "Firm\u0000",
      phone: "416\u0000555 0199",
      city: "Toronto\u0000",
      state: "Ontario\u0000",
      businessAddress: "1 King\nSt",
      website: "https://firm.example/\u0000",
      bio: "About\u0000",
      workingHours: "9\t17",
    });
    expect(r.success).toBe(false);
    if (r.success) return;
    const message = (label: string) =>
      `${label} contains invisible control characters (such as NUL). Please remove them.`;
    expect(englishFields(fieldErrorsOf(r.error).fields)).toEqual({
      name: message("The name"),
      firm: message("The firm"),
      phone: message("The phone number"),
      city: message("The city"),
      state: message("The state or province"),
      businessAddress: message("The office address"),
      website: message("The website"),
      bio: message("The About text"),
      workingHours: message("The working hours"),
    });
  });

  it("the update form refuses them too, and keeps line breaks in the bio", () => {
    const r = ListingUpdateSchema.safeParse({ name: "Zora\u0000", bio: "About\u0000" });
    expect(r.success ? null : Object.keys(fieldErrorsOf(r.error).fields)).toEqual(["name", "bio"]);
    expect(ListingUpdateSchema.parse({ bio: "One\r\n\r\nTwo" })).toEqual({ bio: "One\r\n\r\nTwo" });
  });
});
