/**
 * The name, email and phone inputs of the forms that ask who is writing: Contact (spec §3
 * "Contact form fields"), Send Message (§3 "CustomerMessage") and the case form's step 2 (§5
 * "Case form"). Each fixes what the three share: the input type, the browser's autofill hint
 * and the length the schemas allow (name and email 255, phone 50: lib/contact.ts,
 * lib/messages.ts, lib/cases.ts). Label, `required`, description and the field binding stay
 * with each form.
 */
import { TextInput, type TextInputProps } from "@mantine/core";

/** What a form passes: Mantine's TextInput props and any data attribute (e.g. data-autofocus). */
export type PersonInputProps = Omit<TextInputProps, "type" | "autoComplete" | "maxLength"> & {
  [data: `data-${string}`]: unknown;
};

/** A person's full name: a text input filled from the browser's "name". */
export function NameInput(props: PersonInputProps) {
  return <TextInput type="text" autoComplete="name" maxLength={255} {...props} />;
}

/** An email address: an email input filled from the browser's "email". */
export function EmailInput(props: PersonInputProps) {
  return <TextInput type="email" autoComplete="email" maxLength={255} {...props} />;
}

/** A phone number: a tel input filled from the browser's "tel". */
export function PhoneInput(props: PersonInputProps) {
  return <TextInput type="tel" autoComplete="tel" maxLength={50} {...props} />;
}
