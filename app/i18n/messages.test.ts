/**
 * Page actions answer in the page's language (issue 14 §1): translateResult turns the
 * references of an action's failure (message, fieldErrors, documentErrors) into the
 * locale's text and leaves plain text, typed values and other fields alone.
 */
import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "../../lib/account.ts";
import { msg } from "../../lib/i18n/message.ts";
import { ensureLocale } from "./i18n";
import { translateFieldErrors, translateFor, translateResult } from "./messages";

describe("translateResult (issue 14 §1)", () => {
  it("translates every message of a failure into German and keeps the rest", async () => {
    await ensureLocale("de");
    const failure = {
      intent: "case",
      message: msg("errors:cases.notFound"),
      fieldErrors: { email: ACCOUNT_MESSAGES.email, description: "Typed by a person" },
      documentErrors: [msg("errors:upload.empty", { name: "scan.pdf" })],
      values: { email: "errors:cases.notFound" },
      status: 404,
    };
    expect(translateResult("de", failure)).toEqual({
      intent: "case",
      message: "Fall nicht gefunden.",
      fieldErrors: {
        email: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
        description: "Typed by a person",
      },
      documentErrors: ["„scan.pdf“ ist leer."],
      // What a person typed is never looked up, even when it looks like a reference.
      values: { email: "errors:cases.notFound" },
      status: 404,
    });
  });

  it("renders English for English and ICU numbers per locale", async () => {
    await ensureLocale("ar");
    expect(translateFor("en", msg("validation:tooLong", { max: 5000 }))).toBe(
      "Use at most 5,000 characters.",
    );
    expect(translateFieldErrors("en", { name: [msg("validation:message.name")] })).toEqual({
      name: ["Enter your name."],
    });
    expect(translateFor("ar", msg("validation:message.name"))).toBe("أدخل اسمك.");
    expect(translateFor("de", undefined)).toBeUndefined();
  });
});
