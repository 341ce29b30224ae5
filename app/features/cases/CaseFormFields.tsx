/**
 * The case form's fields of steps 1 and 2 (spec §2 "Case form dialog", §5 "Case form", §9 "Case
 * form options"), shared by the dialog (CaseFormModal.tsx, controlled) and the in-page form that
 * works without JavaScript (CaseFormInPage.tsx, uncontrolled; issue 13 §4), so both show the same
 * labels, options, limits and errors. Mantine puts each error next to its field and links it with
 * aria-invalid and aria-describedby.
 */
import { NativeSelect, Stack, Textarea, TextInput } from "@mantine/core";
import { CASE_DESCRIPTION_MAX } from "../../../lib/cases.ts";
import { BUDGETS, CASE_PRIORITIES, CASE_TYPES, COMMUNICATION_METHODS } from "../../../lib/constants.ts";
import { EmailInput, NameInput, PhoneInput } from "../../ui/PersonInputs";
import { ResponsiveGrid } from "../../ui/ResponsiveGrid";
import type { CaseFormField } from "./CaseFormModel";
import { optionLabel } from "./case-display";

/**
 * What one field gets: its `name`, and either `value` with `onChange` (the dialog) or
 * `defaultValue` (the in-page form); `error` is the message shown under it.
 */
export interface CaseFieldBinding {
  name: CaseFormField;
  value?: string;
  defaultValue?: string;
  error?: string;
  disabled?: boolean;
  onBlur?: () => void;
  onChange?: (event: { currentTarget: { value: string } }) => void;
}

/** Props of both groups: `bind(field)` answers the field's binding. */
export interface CaseFieldsProps {
  bind: (field: CaseFormField) => CaseFieldBinding;
  /** The dialog focuses Case Title when it opens (Mantine's data-autofocus). */
  autoFocus?: boolean;
  /** The earliest Date Needed (YYYY-MM-DD), the person's today; left out on the server. */
  minDate?: string;
  /** The lawyer's country: a national phone number is read in it (issue 14 §2). */
  phoneCountry?: string | null;
}

/** Step 1, case info: Case Title, Case Type, Case Description (required), Priority Level, Date Needed. */
export function CaseInfoFields({ bind, autoFocus, minDate }: CaseFieldsProps) {
  return (
    <Stack gap="sm">
      <TextInput
        label="Case Title"
        required
        maxLength={255}
        autoComplete="off"
        placeholder="e.g. Rear-ended at a red light"
        data-autofocus={autoFocus || undefined}
        {...bind("caseTitle")}
      />
      <NativeSelect
        label="Case Type"
        required
        data={[{ value: "", label: "Choose a case type" }, ...CASE_TYPES]}
        {...bind("caseType")}
      />
      <Textarea
        label="Case Description"
        required
        rows={5}
        maxLength={CASE_DESCRIPTION_MAX}
        placeholder="What happened, when and where, and what help you need."
        {...bind("description")}
      />
      <ResponsiveGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <NativeSelect
          label="Priority Level"
          data={CASE_PRIORITIES.map((p) => ({ value: p, label: optionLabel(p) }))}
          {...bind("priority")}
        />
        <TextInput
          label="Date Needed"
          description="Optional"
          type="date"
          min={minDate}
          {...bind("dateNeeded")}
        />
      </ResponsiveGrid>
    </Stack>
  );
}

/**
 * Step 2, contact: Full Name, Email Address (email input), Phone Number (tel input), all
 * required; Preferred Communication Method and Budget Range.
 */
export function CaseContactFields({ bind, phoneCountry }: CaseFieldsProps) {
  return (
    <Stack gap="sm">
      <NameInput label="Full Name" required {...bind("clientName")} />
      <EmailInput label="Email Address" required inputMode="email" {...bind("clientEmail")} />
      <PhoneInput label="Phone Number" required country={phoneCountry} {...bind("clientPhone")} />
      <ResponsiveGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <NativeSelect
          label="Preferred Communication Method"
          data={COMMUNICATION_METHODS.map((m) => ({ value: m, label: optionLabel(m) }))}
          {...bind("preferredCommunication")}
        />
        <NativeSelect
          label="Budget Range"
          data={[{ value: "", label: "Not sure / prefer not to say" }, ...BUDGETS]}
          {...bind("budget")}
        />
      </ResponsiveGrid>
    </Stack>
  );
}
