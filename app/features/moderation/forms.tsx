/**
 * The moderation forms' common parts (issue 15 §3): the failure an action answers, and the
 * text fields bound to it (values typed before a failure are shown again, each field's message
 * next to it). Plain HTML forms: they work without JavaScript.
 */
import { Textarea, TextInput } from "@mantine/core";

/** What a moderation form's action answers on failure (already in the page's language). */
export interface FormFailure {
  ok: false;
  message: string;
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
}

/** The failure in `actionData`, if it is one. */
export function failureOf(actionData: unknown): FormFailure | null {
  return actionData && typeof actionData === "object" && (actionData as FormFailure).ok === false
    ? (actionData as FormFailure)
    : null;
}

/** A field's value and error props from the failure (`fallback` when nothing was typed). */
export function fieldProps(failure: FormFailure | null, name: string, fallback = "") {
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
  failure: FormFailure | null;
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
  failure: FormFailure | null;
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
