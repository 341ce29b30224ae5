/**
 * The name, email and phone inputs of the forms that ask who is writing: Contact (spec §3
 * "Contact form fields"), Send Message (§3 "CustomerMessage") and the case form's step 2 (§5
 * "Case form"). Each fixes what the three share: the input type, the browser's autofill hint,
 * the length the schemas allow (name and email 255, phone 50: lib/contact.ts, lib/messages.ts,
 * lib/cases.ts) and the worldwide rules of issue 14 §2: names in any script (their own direction,
 * so an Arabic name reads right to left inside a left-to-right page), internationalised email
 * addresses (a text input: the browser's `type="email"` check refuses `用户@例子.广告`), phone
 * numbers in any digits read in a default country. Label, `required`, description and the field
 * binding stay with each form.
 */
import { TextInput, type TextInputProps } from "@mantine/core";
import { type FocusEvent, useEffect, useState } from "react";
import { examplePhone, phoneOnLeave } from "../../lib/phone.ts";
import { regionFromLanguages } from "../../lib/region.ts";

/** What a form passes: Mantine's TextInput props and any data attribute (e.g. data-autofocus). */
export type PersonInputProps = Omit<TextInputProps, "type" | "autoComplete" | "maxLength"> & {
  [data: `data-${string}`]: unknown;
};

/**
 * Mantine puts `dir` on the wrapper (label included), so the input's direction is set in CSS:
 * a name follows its own script (`unicode-bidi: plaintext`, the CSS form of dir="auto"), an
 * email address or phone number is always left to right, also on right-to-left pages.
 */
const NAME_STYLES = { input: { unicodeBidi: "plaintext" } } as const;
const LTR_STYLES = { input: { direction: "ltr" } } as const;

/** A person's full name in any script: a text input filled from the browser's "name". */
export function NameInput(props: PersonInputProps) {
  return <TextInput type="text" autoComplete="name" maxLength={255} styles={NAME_STYLES} {...props} />;
}

/**
 * An email address, internationalised ones included (RFC 6531): a text input with the email
 * keyboard, filled from the browser's "email", left to right in every locale.
 */
export function EmailInput(props: PersonInputProps) {
  return (
    <TextInput
      type="text"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      maxLength={255}
      styles={LTR_STYLES}
      {...props}
    />
  );
}

/**
 * The visitor's region from the browser's languages ("de-AT" -> "AT"), known after hydration
 * only (null during server rendering, so the markup matches); null when no language names one.
 */
export function useVisitorRegion(): string | null {
  const [region, setRegion] = useState<string | null>(null);
  useEffect(() => {
    setRegion(regionFromLanguages(navigator.languages ?? [navigator.language]));
  }, []);
  return region;
}

/** Props of PhoneInput: the TextInput's and the country a national number is read in. */
export type PhoneInputProps = PersonInputProps & {
  /**
   * ISO 3166-1 alpha-2 country national numbers are read in (the lawyer's country on the case
   * form: issue 14 §2); sent as the hidden field `phoneCountry` so it works without JavaScript.
   * Without it the visitor's region (browser languages; on the server, Accept-Language) is used.
   */
  country?: string | null;
};

/**
 * A phone number in any digits (Arabic-Indic, fullwidth, Devanagari...): a tel input filled
 * from the browser's "tel", left to right in every locale. On leaving the field a number that
 * is valid in the default country is rewritten in international form ("030 1234567" ->
 * "+49 30 1234567"), so what is sent no longer depends on the country; anything else is left as
 * typed for the schema to report. The placeholder is an example number of the default country.
 */
export function PhoneInput({ country, onBlur, ...props }: PhoneInputProps) {
  const region = useVisitorRegion();
  const defaultCountry = country ?? region;
  const international = (event: FocusEvent<HTMLInputElement>) => {
    const typed = event.currentTarget.value;
    const shown = phoneOnLeave(typed, defaultCountry);
    if (shown) {
      if (shown !== typed) {
        if (props.onChange) {
          props.onChange({ currentTarget: { value: shown }, target: { value: shown } } as never);
        } else {
          event.currentTarget.value = shown;
        }
      }
    }
    onBlur?.(event);
  };
  return (
    <>
      <TextInput
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        maxLength={50}
        styles={LTR_STYLES}
        placeholder={defaultCountry ? examplePhone(defaultCountry) : undefined}
        {...props}
        onBlur={international}
      />
      {country && <input type="hidden" name="phoneCountry" value={country} />}
    </>
  );
}
