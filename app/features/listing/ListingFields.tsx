/**
 * The fields of the listing forms (issue 3 "Lawyer onboarding"): Mantine inputs that keep what
 * was typed (uncontrolled, so a failed submission leaves them as they were, with or without
 * JavaScript) and show their error next to them (aria-invalid and aria-describedby come with
 * Mantine's Input). Lengths match the database (server/db/schema.ts).
 */
import { Checkbox, NativeSelect, Text, Textarea, TextInput } from "@mantine/core";
import { PRACTICE_AREAS } from "../../../lib/constants.ts";
import type { CountryOption, ListingField, ListingFieldErrors } from "../../../lib/listing-owner.ts";
import { ResponsiveGrid } from "../../ui/ResponsiveGrid";

/** Props every field takes: its current value and error. */
interface FieldProps {
  defaultValue?: string | null | undefined;
  errors: ListingFieldErrors;
}

/** How one single-line field of the listing forms looks and what it accepts. */
interface TextFieldSpec {
  label: string;
  /** The hint under the label, unless the form gives its own. */
  description?: string;
  required?: boolean;
  type?: "text" | "tel" | "url" | "number";
  autoComplete?: string;
  /** Characters; the column's length in server/db/schema.ts. */
  maxLength?: number;
  placeholder?: string;
  inputMode?: "text" | "tel" | "url" | "numeric";
  /** Its width in the forms' 12-column grid. */
  span: number | { base: number; sm: number };
}

const HALF = { base: 12, sm: 6 };

/**
 * The single-line fields of the create and edit forms (issue 3), one entry per payload key of
 * lib/listing-owner-schema.ts: the one place their label, browser hints and length live.
 */
export const LISTING_TEXT_FIELDS = {
  name: { label: "Name", required: true, autoComplete: "name", maxLength: 255, span: HALF },
  firm: { label: "Firm", autoComplete: "organization", maxLength: 255, span: HALF },
  phone: {
    label: "Phone",
    type: "tel",
    inputMode: "tel",
    required: true,
    autoComplete: "tel",
    maxLength: 50,
    span: HALF,
  },
  city: { label: "City", required: true, autoComplete: "address-level2", maxLength: 100, span: HALF },
  state: {
    label: "State or province",
    description: "Optional",
    autoComplete: "address-level1",
    maxLength: 100,
    span: HALF,
  },
  businessAddress: { label: "Office address", autoComplete: "address-line1", maxLength: 500, span: 12 },
  website: {
    label: "Website",
    placeholder: "https://",
    type: "url",
    inputMode: "url",
    autoComplete: "url",
    maxLength: 500,
    span: HALF,
  },
  experience: {
    label: "Years of experience",
    type: "number",
    inputMode: "numeric",
    required: true,
    span: { base: 6, sm: 3 },
  },
  workingHours: { label: "Working hours", placeholder: "Mon-Fri 9:00-17:00", maxLength: 255, span: 12 },
  languages: {
    label: "Languages spoken",
    placeholder: "en, fr",
    description: "Two-letter codes (ISO 639-1), separated by commas",
    maxLength: 100,
    span: HALF,
  },
} satisfies Partial<Record<ListingField, TextFieldSpec>>;

/** The name of a single-line field of the listing forms. */
export type ListingTextFieldName = keyof typeof LISTING_TEXT_FIELDS;

/**
 * A single-line text field `name` as LISTING_TEXT_FIELDS describes it; `description` replaces the
 * table's hint (a form may say more, e.g. which country the phone number belongs to).
 */
export function ListingTextField({
  name,
  description,
  defaultValue,
  errors,
}: FieldProps & { name: ListingTextFieldName; description?: string }) {
  const spec: TextFieldSpec = LISTING_TEXT_FIELDS[name];
  return (
    <TextInput
      name={name}
      label={spec.label}
      description={description ?? spec.description}
      defaultValue={defaultValue ?? ""}
      error={errors[name]}
      required={spec.required}
      withAsterisk={spec.required}
      type={spec.type ?? "text"}
      autoComplete={spec.autoComplete}
      maxLength={spec.maxLength}
      placeholder={spec.placeholder}
      inputMode={spec.inputMode}
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
      <ResponsiveGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" verticalSpacing="xs">
        {PRACTICE_AREAS.map((area) => (
          <Checkbox
            key={area}
            name="practiceAreas"
            value={area}
            label={area}
            defaultChecked={selected.includes(area)}
          />
        ))}
      </ResponsiveGrid>
      {error && (
        <Text id="practice-areas-error" size="sm" c="red.9" mt={6}>
          {error}
        </Text>
      )}
    </fieldset>
  );
}
