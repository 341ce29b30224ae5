/**
 * The fields of the listing forms (issue 3 "Lawyer onboarding"): Mantine inputs that keep what
 * was typed (uncontrolled, so a failed submission leaves them as they were, with or without
 * JavaScript) and show their error next to them (aria-invalid and aria-describedby come with
 * Mantine's Input). Lengths match the database (server/db/schema.ts).
 */
import { Checkbox, NativeSelect, SimpleGrid, Text, Textarea, TextInput } from "@mantine/core";
import { PRACTICE_AREAS } from "../../../lib/constants.ts";
import type { CountryOption, ListingField, ListingFieldErrors } from "../../../lib/listing-owner.ts";

/** Props every text field takes: its current value and error. */
interface FieldProps {
  defaultValue?: string | null | undefined;
  errors: ListingFieldErrors;
}

/** A single-line text field named `name` (a payload key of lib/listing-owner-schema.ts). */
export function ListingTextField({
  name,
  label,
  description,
  defaultValue,
  errors,
  required,
  type = "text",
  autoComplete,
  maxLength,
  placeholder,
  inputMode,
}: FieldProps & {
  name: ListingField;
  label: string;
  description?: string;
  required?: boolean;
  type?: "text" | "tel" | "url" | "number";
  autoComplete?: string;
  maxLength?: number;
  placeholder?: string;
  inputMode?: "text" | "tel" | "url" | "numeric";
}) {
  return (
    <TextInput
      name={name}
      label={label}
      description={description}
      defaultValue={defaultValue ?? ""}
      error={errors[name]}
      required={required}
      withAsterisk={required}
      type={type}
      autoComplete={autoComplete}
      maxLength={maxLength}
      placeholder={placeholder}
      inputMode={inputMode}
    />
  );
}

/** The About text (spec §3 "bio"; the "description" of the business fields). */
export function BioField({ defaultValue, errors }: FieldProps) {
  return (
    <Textarea
      name="bio"
      label="About your practice"
      description="Shown in the About section of your public profile."
      defaultValue={defaultValue ?? ""}
      error={errors.bio}
      autosize
      minRows={4}
      maxRows={12}
      maxLength={10_000}
    />
  );
}

/** The country select of a new listing (ISO codes with the directory's names). */
export function CountryField({
  countries,
  defaultValue,
  errors,
}: FieldProps & { countries: readonly CountryOption[] }) {
  return (
    <NativeSelect
      name="countryCode"
      label="Country"
      required
      withAsterisk
      defaultValue={defaultValue ?? ""}
      error={errors.countryCode}
      autoComplete="country"
      data={[
        { value: "", label: "Choose a country" },
        ...countries.map((c) => ({ value: c.code, label: c.name })),
      ]}
    />
  );
}

/**
 * The practice areas as checkboxes (at least one; spec §3 "Options"), in a fieldset whose legend
 * names the group and whose error is announced with it.
 */
export function PracticeAreasField({
  selected,
  errors,
}: {
  selected: readonly string[];
  errors: ListingFieldErrors;
}) {
  const error = errors.practiceAreas;
  return (
    <fieldset
      style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}
      aria-describedby={error ? "practice-areas-error" : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend>
        <Text component="span" size="sm" fw={500}>
          Practice areas{" "}
          <Text component="span" c="red.9" aria-hidden>
            *
          </Text>
        </Text>
      </legend>
      <Text size="xs" c="dimmed" mb="xs">
        Choose at least one. Visitors filter the directory by these.
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" verticalSpacing="xs">
        {PRACTICE_AREAS.map((area) => (
          <Checkbox
            key={area}
            name="practiceAreas"
            value={area}
            label={area}
            defaultChecked={selected.includes(area)}
          />
        ))}
      </SimpleGrid>
      {error && (
        <Text id="practice-areas-error" size="sm" c="red.9" mt={6}>
          {error}
        </Text>
      )}
    </fieldset>
  );
}
