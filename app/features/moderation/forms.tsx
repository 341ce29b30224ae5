/**
 * The moderation forms' common parts (issue 15 §3): the failure an action answers, and the
 * text fields bound to it (values typed before a failure are shown again, each field's message
 * next to it). Plain HTML forms: they work without JavaScript.
 */
import { Textarea, TextInput } from "@mantine/core";
import { type FormResult, formFailureOf } from "../../form-result";

/** The failure in `actionData`, if it is one (app/form-result.ts formFailureOf: it has `fieldErrors`). */
export function failureOf(actionData: unknown): FormResult | null {
  return formFailureOf(actionData);
}

/** A field's value and error props from the failure (`fallback` when nothing was typed). */
export function fieldProps(failure: FormResult | null, name: string, fallback = "") {
  const error = failure?.fieldErrors[name];
  return {
    name,
    id: `field-${name}`,
    defaultValue: failure?.values[name] ?? fallback,
    error: error || undefined,
    "aria-invalid": error ? true : undefined,
  };
}

/** A multi-line text field bound to the failure. */
export function DetailsField({
  failure,
  name = "details",
  label,
  description,
  maxLength,
}: {
  failure: FormResult | null;
  name?: string;
  label: string;
  description?: string;
  maxLength: number;
}) {
  return (
    <Textarea
      {...fieldProps(failure, name)}
      label={label}
      description={description}
      required
      autosize
      minRows={4}
      maxLength={maxLength}
    />
  );
}

/** A one-line email field bound to the failure. */
export function EmailField({
  failure,
  label,
  description,
  required,
  fallback,
}: {
  failure: FormResult | null;
  label: string;
  description?: string;
  required?: boolean;
  fallback?: string;
}) {
  return (
    <TextInput
      {...fieldProps(failure, "email", fallback)}
      type="email"
      autoComplete="email"
      label={label}
      description={description}
      required={required}
      maxLength={255}
    />
  );
}
