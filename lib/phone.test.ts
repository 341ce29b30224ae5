import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CaseSubmissionSchema } from "./cases.ts";
import { ContactSchema } from "./contact.ts";
import { listingPhone } from "./listing-owner-schema.ts";
import { CustomerMessageSchema } from "./messages.ts";
import {
  examplePhone,
  formatPhone,
  normalizeDigits,
  phoneCountryField,
  phoneDisplay,
  phoneField,
  phoneHref,
  phoneOnLeave,
  toE164,
  withPhoneCountry,
} from "./phone.ts";

describe("normalizeDigits (issue 14 §2: any digits the user types)", () => {
  it.each([
    ["Arabic-Indic", "٠١٢٣٤٥٦٧٨٩"],
    ["Extended Arabic-Indic (Persian, Urdu)", "۰۱۲۳۴۵۶۷۸۹"],
    ["fullwidth", "０１２３４５６７８９"],
    ["Devanagari", "०१२३४५६७८९"],
    ["Bengali", "০১২৩৪৫৬৭৮৯"],
    ["Thai", "๐๑๒๓๔๕๖๗๘๙"],
    ["mathematical bold (a run of several blocks)", "𝟎𝟏𝟐𝟑𝟒𝟓𝟔𝟕𝟖𝟗"],
    ["mathematical monospace", "𝟶𝟷𝟸𝟹𝟺𝟻𝟼𝟽𝟾𝟿"],
  ])("%s digits become 0-9", (_script, digits) => {
    expect(normalizeDigits(digits)).toBe("0123456789");
  });
  it("makes the fullwidth plus and brackets ASCII and drops direction marks; keeps the rest", () => {
    expect(normalizeDigits("\u200f＋٤٩ （٣٠） ١٢٣٤٥٦٧\u200e")).toBe("+49 (30) 1234567");
    expect(normalizeDigits("call me")).toBe("call me");
  });
});

describe("toE164", () => {
  it("reads a national number in the default country", () => {
    expect(toE164("030 1234567", "DE")).toBe("+49301234567");
    expect(toE164("(416) 555-0123", "CA")).toBe("+14165550123");
    expect(toE164("03-1234-5678", "JP")).toBe("+81312345678");
  });
  it("reads any script's digits", () => {
    expect(toE164("٠٥٠ ١٢٣ ٤٥٦٧", "SA")).toBe("+966501234567");
    expect(toE164("۰۹۱۲ ۳۴۵ ۶۷۸۹", "IR")).toBe("+989123456789");
    expect(toE164("０９０－１２３４－５６７８", "JP")).toBe("+819012345678");
    expect(toE164("०९८७६ ५४३२१०", "IN")).toBe("+919876543210");
  });
  it("an international number ignores the default; 00 is read as +", () => {
    expect(toE164("+44 20 7946 0958", "DE")).toBe("+442079460958");
    expect(toE164("0044 20 7946 0958", null)).toBe("+442079460958");
  });
  it("null for a national number without a country, an invalid number or text", () => {
    expect(toE164("030 1234567")).toBeNull();
    expect(toE164("030 1234567", "XX")).toBeNull();
    expect(toE164("11111", "US")).toBeNull();
    expect(toE164("call me", "DE")).toBeNull();
  });
});

describe("formatPhone: national for the number's own country, international otherwise", () => {
  it("formats per viewer", () => {
    expect(formatPhone("+49301234567", "DE")).toBe("030 1234567");
    expect(formatPhone("+49301234567", "de")).toBe("030 1234567");
    expect(formatPhone("+49301234567", "FR")).toBe("+49 30 1234567");
    expect(formatPhone("+49301234567", null)).toBe("+49 30 1234567");
    expect(formatPhone("+81312345678", "JP")).toBe("03-1234-5678");
  });
  it("leaves what it cannot read as it is; phoneHref gives tel: URIs", () => {
    expect(formatPhone("ask at reception", "DE")).toBe("ask at reception");
    expect(phoneHref("+49 30 1234567")).toBe("tel:+49301234567");
    expect(phoneHref("nothing")).toBeNull();
  });
  it("examplePhone gives an international example of the country", () => {
    expect(toE164(examplePhone("DE"))).toMatch(/^\+49\d+$/);
    expect(examplePhone(null)).toBe("+…");
  });
});

describe("phoneDisplay: the text for the viewer, the tel: link always E.164 (issue 14 §2)", () => {
  it("national in the number's own country, international elsewhere or without a region", () => {
    expect(phoneDisplay("+49 30 1234567", "DE")).toEqual({ text: "030 1234567", href: "tel:+49301234567" });
    expect(phoneDisplay("+49301234567", "FR")).toEqual({ text: "+49 30 1234567", href: "tel:+49301234567" });
    expect(phoneDisplay("+81312345678", "JP")).toEqual({ text: "03-1234-5678", href: "tel:+81312345678" });
    expect(phoneDisplay("+81312345678", null)).toEqual({ text: "+81 3 1234 5678", href: "tel:+81312345678" });
    expect(phoneDisplay("+971 4 123 4567", "AE").href).toBe("tel:+97141234567");
  });
  it("text that is no number stays as written, its link keeps the + and the digits", () => {
    expect(phoneDisplay("+1 (212) 555-0100 ext", "US").href).toMatch(/^tel:\+1212555/);
    expect(phoneDisplay("020 7946 0958", "GB").href).toBe("tel:02079460958");
    expect(phoneDisplay("ask at reception", "DE")).toEqual({ text: "ask at reception", href: null });
  });
});

describe("withPhoneCountry: the shared schemas store E.164", () => {
  const Schema = withPhoneCountry(
    z.object({
      name: z.string().min(1, "name"),
      phone: phoneField("bad phone").optional(),
      phoneCountry: phoneCountryField,
    }),
    { phone: "bad phone" },
  );
  it("a national number in phoneCountry becomes E.164", () => {
    expect(Schema.parse({ name: "A", phone: "٠٣٠ ١٢٣٤٥٦٧", phoneCountry: "de" }).phone).toBe("+49301234567");
  });
  it("reports the phone even when another field fails", () => {
    const result = Schema.safeParse({ name: "", phone: "11111", phoneCountry: "US" });
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["name", "name"],
      ["phone", "bad phone"],
    ]);
  });
  it("refuses an unknown country code", () => {
    expect(Schema.safeParse({ name: "A", phone: "+49 30 1234567", phoneCountry: "XX" }).success).toBe(false);
  });

  const caseBase = {
    caseTitle: "Crash",
    caseType: "Car Accident",
    description: "Rear-ended.",
    clientName: "Ann",
    clientEmail: "ann@example.com",
    lawyerId: 1,
    healthDataConsent: true,
  };
  it("the case payload: a national phone in the lawyer's country, else international", () => {
    expect(
      CaseSubmissionSchema.parse({ ...caseBase, clientPhone: "0171 2345678", phoneCountry: "DE" })
        .clientPhone,
    ).toBe("+491712345678");
    expect(CaseSubmissionSchema.parse({ ...caseBase, clientPhone: "+33 6 12 34 56 78" }).clientPhone).toBe(
      "+33612345678",
    );
    expect(CaseSubmissionSchema.safeParse({ ...caseBase, clientPhone: "0171 2345678" }).success).toBe(false);
  });
  it("contact and message: the phone stays optional; given, it is E.164", () => {
    const contact = {
      name: "Ann",
      email: "ann@example.com",
      subject: "Hi",
      category: "General Inquiry",
      message: "Hello",
    };
    expect(ContactSchema.parse({ ...contact, phone: "" }).phone).toBeUndefined();
    expect(ContactSchema.parse({ ...contact, phone: "٠٥٠ ١٢٣ ٤٥٦٧", phoneCountry: "SA" }).phone).toBe(
      "+966501234567",
    );
    const message = { name: "Ann", email: "ann@example.com", subject: "Hi", message: "Hello" };
    expect(CustomerMessageSchema.parse({ ...message, phone: "  " }).phone).toBeUndefined();
    expect(CustomerMessageSchema.parse({ ...message, phone: "+81 3-1234-5678" }).phone).toBe("+81312345678");
    expect(CustomerMessageSchema.safeParse({ ...message, phone: "12345" }).success).toBe(false);
  });
});

describe("phoneOnLeave: what the phone input shows once left", () => {
  it("rewrites a number valid in the default country in international form", () => {
    expect(phoneOnLeave("٠٣٠ ١٢٣٤٥٦٧", "DE")).toBe("+49 30 1234567");
    expect(phoneOnLeave("+33612345678", null)).toBe("+33 6 12 34 56 78");
  });
  it("leaves empty, invalid or country-less national text alone (null)", () => {
    expect(phoneOnLeave("  ", "DE")).toBeNull();
    expect(phoneOnLeave("call me", "DE")).toBeNull();
    expect(phoneOnLeave("030 1234567", null)).toBeNull();
  });
  it("listing phones (lib/listing-owner-schema.ts) take any script's digits too", () => {
    expect(listingPhone("（０３０）９０１８２０", "DE")).toBe("+4930901820");
  });
});

describe("formatPhone keeps what is no valid number", () => {
  it("returns an invalid or fictional number as stored", () => {
    expect(formatPhone("+1 555 0100", "US")).toBe("+1 555 0100");
  });
});
