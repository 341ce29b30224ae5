/**
 * The fields of the listing forms (issue 3 "Lawyer onboarding"): Mantine inputs that keep what
 * was typed (uncontrolled, so a failed submission leaves them as they were, with or without
 * JavaScript) and show their error next to them (aria-invalid and aria-describedby come with
 * Mantine's Input). Lengths match the database (server/db/schema.ts).
 */
import { NativeSelect, Text, Textarea, TextInput, VisuallyHidden } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PRACTICE_AREAS } from "../../../lib/constants.ts";
import { GRAMMATICAL_GENDERS } from "../../../lib/grammatical-gender.ts";
import { regionName } from "../../../lib/i18n/region-name.ts";
import {
  isLanguageCode,
  type LanguageCode,
  type LanguageOption,
  languageOptions,
  languagePicker,
} from "../../../lib/languages.ts";
import type { CountryOption, ListingField, ListingFieldErrors } from "../../../lib/listing-owner.ts";
import { useLocale } from "../../i18n/locale";
import { useTranslateMessage } from "../../ui/form";
import { practiceAreaLabel } from "../profile";
import checks from "./CheckboxList.module.css";

/**
 * A country's name in `locale` from its ISO 3166-1 code (Intl.DisplayNames: "DE" -> "Allemagne"
 * in French), or `fallback` (the directory's English name) when the runtime has none.
 */
export function countryName(code: string, fallback: string, locale: string): string {
  return regionName(code, locale) ?? fallback;
}

/** Props every field takes: its current value and error. */
interface FieldProps {
  defaultValue?: string | null | undefined;
  errors: ListingFieldErrors;
}

/** How one single-line field of the listing forms looks and what it accepts. */
interface TextFieldSpec {
  /** The label's key in the catalog "listing". */
  label: string;
  /** The key of the hint under the label, unless the form gives its own. */
  description?: string;
  required?: boolean;
  type?: "text" | "tel" | "url" | "number";
  autoComplete?: string;
  /** Characters; the column's length in server/db/schema.ts. */
  maxLength?: number;
  /** The key of the placeholder in the catalog "listing", or a text any language reads ("https://"). */
  placeholder?: string;
  inputMode?: "text" | "tel" | "url" | "numeric" | "decimal";
  /** Its width in the forms' 12-column grid. */
  span: number | { base: number; sm: number };
}

const HALF = { base: 12, sm: 6 };

/**
 * The single-line fields of the create and edit forms (issue 3), one entry per payload key of
 * lib/listing-owner-schema.ts: the one place their label (a key of the catalog "listing"), browser
 * hints and length live.
 */
export const LISTING_TEXT_FIELDS = {
  name: { label: "fields.name", required: true, autoComplete: "name", maxLength: 255, span: HALF },
  firm: { label: "fields.firm", autoComplete: "organization", maxLength: 255, span: HALF },
  phone: {
    label: "fields.phone",
    type: "tel",
    inputMode: "tel",
    required: true,
    autoComplete: "tel",
    maxLength: 50,
    span: HALF,
  },
  city: { label: "fields.city", required: true, autoComplete: "address-level2", maxLength: 100, span: HALF },
  state: {
    label: "fields.state",
    description: "fields.optional",
    autoComplete: "address-level1",
    maxLength: 100,
    span: HALF,
  },
  businessAddress: {
    label: "fields.businessAddress",
    autoComplete: "address-line1",
    maxLength: 500,
    span: 12,
  },
  website: {
    label: "fields.website",
    placeholder: "https://",
    type: "url",
    inputMode: "url",
    autoComplete: "url",
    maxLength: 500,
    span: HALF,
  },
  experience: {
    label: "fields.experience",
    type: "number",
    inputMode: "numeric",
    required: true,
    span: { base: 6, sm: 3 },
  },
  workingHours: {
    label: "fields.workingHours",
    placeholder: "fields.workingHoursPlaceholder",
    maxLength: 255,
    span: 12,
  },
  // Issue 19 §1: the office position (edit form), degrees; typed inside "Enter coordinates"
  // under the map (issue 28 §5).
  latitude: {
    label: "position.latitude",
    inputMode: "decimal",
    maxLength: 20,
    span: { base: 6, sm: 3 },
  },
  longitude: {
    label: "position.longitude",
    inputMode: "decimal",
    maxLength: 20,
    span: { base: 6, sm: 3 },
  },
  // Issue 15 §2 "Publication": the bar admission a new listing needs (create form only).
  admissionRegulator: {
    label: "fields.admissionRegulator",
    description: "fields.admissionRegulatorHint",
    required: true,
    maxLength: 255,
    span: HALF,
  },
  admissionNumber: { label: "fields.admissionNumber", required: true, maxLength: 100, span: HALF },
  admissionRegion: {
    label: "fields.admissionRegion",
    description: "fields.optional",
    maxLength: 100,
    span: HALF,
  },
  admissionYear: {
    label: "fields.admissionYear",
    description: "fields.optional",
    type: "number",
    inputMode: "numeric",
    span: { base: 6, sm: 3 },
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
  const { t } = useTranslation("listing");
  const message = useTranslateMessage();
  const placeholder = spec.placeholder?.startsWith("fields.") ? t(spec.placeholder) : spec.placeholder;
  return (
    <TextInput
      name={name}
      label={t(spec.label)}
      description={description ?? (spec.description && t(spec.description))}
      defaultValue={defaultValue ?? ""}
      error={message(errors[name])}
      required={spec.required}
      withAsterisk={spec.required}
      type={spec.type ?? "text"}
      autoComplete={spec.autoComplete}
      maxLength={spec.maxLength}
      placeholder={placeholder}
      inputMode={spec.inputMode}
    />
  );
}

/** The About text (spec §3 "bio"; the "description" of the business fields). */
export function BioField({ defaultValue, errors }: FieldProps) {
  const { t } = useTranslation("listing");
  const message = useTranslateMessage();
  return (
    <Textarea
      name="bio"
      label={t("fields.bio")}
      description={t("fields.bioHint")}
      defaultValue={defaultValue ?? ""}
      error={message(errors.bio)}
      autosize
      minRows={4}
      maxRows={12}
      maxLength={10_000}
    />
  );
}

/**
 * The country select of a new listing: ISO codes, named and sorted in the page's language
 * (countryName, Intl.Collator).
 */
export function CountryField({
  countries,
  defaultValue,
  errors,
}: FieldProps & { countries: readonly CountryOption[] }) {
  const { t } = useTranslation("listing");
  const message = useTranslateMessage();
  const locale = useLocale();
  const collator = new Intl.Collator(locale);
  const options = countries
    .map((c) => ({ value: c.code, label: countryName(c.code, c.name, locale) }))
    .sort((a, b) => collator.compare(a.label, b.label));
  return (
    <NativeSelect
      name="countryCode"
      label={t("fields.country")}
      required
      withAsterisk
      defaultValue={defaultValue ?? ""}
      error={message(errors.countryCode)}
      autoComplete="country"
      data={[{ value: "", label: t("fields.chooseCountry") }, ...options]}
    />
  );
}

/**
 * How texts speak about the lawyer (issue 28 §2; lib/grammatical-gender.ts): not stated (gender-
 * neutral wording), feminine, masculine or neutral. A native select, so it works without
 * JavaScript and keeps its value after a failed submission.
 */
export function GrammaticalGenderField({ defaultValue, errors }: FieldProps) {
  const { t } = useTranslation("listing");
  const message = useTranslateMessage();
  return (
    <NativeSelect
      name="grammaticalGender"
      label={t("fields.grammaticalGender")}
      description={t("fields.grammaticalGenderHint")}
      defaultValue={defaultValue ?? ""}
      error={message(errors.grammaticalGender)}
      data={[
        { value: "", label: t("fields.grammaticalGenderOptions.notStated") },
        ...GRAMMATICAL_GENDERS.map((g) => ({ value: g, label: t(`fields.grammaticalGenderOptions.${g}`) })),
      ]}
    />
  );
}

/**
 * The practice areas as checkboxes (at least one; spec §3 "Options"), in a fieldset whose legend
 * names the group and whose error is announced with it. Each area's label comes from the one table
 * of practice areas × locales (lib/i18n/practice-area-terms.ts); the value posted stays the
 * English name the schema checks.
 */
export function PracticeAreasField({
  selected,
  errors,
}: {
  selected: readonly string[];
  errors: ListingFieldErrors;
}) {
  const { t } = useTranslation("listing");
  const locale = useLocale();
  const message = useTranslateMessage();
  const error = message(errors.practiceAreas);
  return (
    <fieldset
      style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}
      aria-describedby={error ? "practice-areas-error" : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend>
        <Text component="span" size="sm" fw={500}>
          {t("fields.practiceAreas")}{" "}
          <Text component="span" c="red.9" aria-hidden>
            *
          </Text>
        </Text>
      </legend>
      <Text size="xs" c="dimmed" mb="xs">
        {t("fields.practiceAreasHint")}
      </Text>
      <div className={checks.grid} data-cols="areas">
        {PRACTICE_AREAS.map((area) => (
          <label key={area} className={checks.item}>
            <input
              type="checkbox"
              name="practiceAreas"
              value={area}
              defaultChecked={selected.includes(area)}
            />
            <span>{practiceAreaLabel(area, locale)}</span>
          </label>
        ))}
      </div>
      {error && (
        <Text id="practice-areas-error" size="sm" c="red.9" mt={6}>
          {error}
        </Text>
      )}
    </fieldset>
  );
}

/** The fieldset's own look: no border, no indent (as the practice areas'). */
const PLAIN_FIELDSET = { border: 0, padding: 0, margin: 0, minWidth: 0 } as const;

/**
 * The languages a lawyer speaks (issue 14 §4; issue 28 §5: they were typed as ISO 639-1 codes): a
 * fieldset of checkboxes named `languages` — the listing's languages ticked, in their stored
 * order (the first stays first: it is the listing's first language), then common languages — and
 * "Add another language", a select named `languages` of every other ISO 639-1 language; every
 * name is in the page's language, sorted the page language's way. `options` are the loader's
 * (lib/languages.ts languageOptions, computed on the server: a browser's ICU may lack names or
 * sort otherwise, and the hydrated form must match the server's HTML); without them they are
 * computed here (server renders, tests). Works without JavaScript (the form posts every ticked
 * box and the chosen option; the action reads them all) and with the keyboard (native
 * controls); with JavaScript a choice in the select becomes a ticked box at once and is announced.
 */
export function LanguagesField({
  selected,
  options = null,
  errors,
}: {
  selected: readonly string[];
  options?: readonly LanguageOption[] | null;
  errors: ListingFieldErrors;
}) {
  const { t } = useTranslation("listing");
  const locale = useLocale();
  const message = useTranslateMessage();
  const [added, setAdded] = useState<LanguageCode[]>([]);
  const [announced, setAnnounced] = useState("");
  const all = options ?? languageOptions(locale);
  const picker = languagePicker([...selected, ...added], all, locale);
  const error = message(errors.languages);
  const add = (code: string) => {
    if (!isLanguageCode(code)) return;
    setAdded((list) => (list.includes(code) ? list : [...list, code]));
    const name = all.find((o) => o.code === code)?.name ?? code;
    setAnnounced(t("languages.added", { language: name }));
  };
  return (
    <fieldset
      style={PLAIN_FIELDSET}
      aria-describedby={error ? "languages-hint languages-error" : "languages-hint"}
      aria-invalid={error ? true : undefined}
      data-testid="languages-picker"
    >
      <legend>
        <Text component="span" size="sm" fw={500}>
          {t("languages.legend")}
        </Text>
      </legend>
      <Text size="xs" c="dimmed" mb="xs" id="languages-hint">
        {t("languages.hint")}
      </Text>
      <div className={checks.grid} data-cols="languages">
        {[...picker.ticked, ...picker.offered].map((language) => (
          <label key={language.code} className={checks.item}>
            <input
              type="checkbox"
              name="languages"
              value={language.code}
              defaultChecked={picker.ticked.includes(language)}
            />
            <span>{language.name}</span>
          </label>
        ))}
      </div>
      <NativeSelect
        mt="sm"
        maw={420}
        name="languages"
        label={t("languages.add")}
        description={t("languages.addHint")}
        value=""
        onChange={(event) => add(event.currentTarget.value)}
        data={[
          { value: "", label: t("languages.choose") },
          ...picker.others.map((language) => ({ value: language.code, label: language.name })),
        ]}
      />
      <VisuallyHidden aria-live="polite">{announced}</VisuallyHidden>
      {error && (
        <Text id="languages-error" size="sm" c="red.9" mt={6}>
          {error}
        </Text>
      )}
    </fieldset>
  );
}
