/**
 * The case form's fields of steps 1 and 2 (spec §2 "Case form dialog", §5 "Case form", §9 "Case
 * form options"), shared by the dialog (CaseFormModal.tsx, controlled) and the in-page form that
 * works without JavaScript (CaseFormInPage.tsx, uncontrolled; issue 13 §4), so both show the same
 * labels, options, limits and errors. Mantine puts each error next to its field and links it with
 * aria-invalid and aria-describedby. Labels, option labels and errors are in the page's language
 * (issue 14 §1: stored option values stay the spec's; errors through translateMessage); budget
 * ranges show in the lawyer's currency (issue 14 §2, lib/budget-currency.ts).
 */
import { NativeSelect, Stack, Textarea, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { CASE_DESCRIPTION_MAX, INCIDENT_DATE_MIN } from "../../../lib/cases.ts";
import { CASE_PRIORITIES, CASE_TYPES, COMMUNICATION_METHODS } from "../../../lib/constants.ts";
import { caseBudgetOptions } from "../../../lib/fee-advice.ts";
import { translateMessage } from "../../../lib/i18n/message.ts";
import { useLocale } from "../../i18n/locale";
import { EmailInput, NameInput, PhoneInput } from "../../ui/PersonInputs";
import { ResponsiveGrid } from "../../ui/ResponsiveGrid";
import type { CaseFormField } from "./CaseFormModel";
import { budgetLabel, caseOptionLabel } from "./case-display";

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
  /** The latest incident date (YYYY-MM-DD), the person's today; left out on the server. */
  maxDate?: string;
  /**
   * The lawyer's country (ISO 3166-1 alpha-2): the budget ranges show in its currency (USD when
   * unknown) and a national phone number is read in it (issue 14 §2).
   */
  countryCode?: string | null;
}

/** `bind` with each field's error (a catalog reference or plain text) in the page's language. */
function useTranslatedBind(bind: CaseFieldsProps["bind"]) {
  const { t } = useTranslation("cases");
  return (field: CaseFormField): CaseFieldBinding => {
    const b = bind(field);
    return b.error ? { ...b, error: translateMessage(t, b.error) } : b;
  };
}

/**
 * Step 1, case info: Case Title, Case Type, Case Description (required), Priority Level, Date
 * Needed, and the conflict-check facts of issue 17 §2 (all optional): the other party, where and
 * when the incident happened (`maxDate`: the person's today; the server checks by its clock).
 */
export function CaseInfoFields({ bind: rawBind, autoFocus, minDate, maxDate }: CaseFieldsProps) {
  const { t } = useTranslation("cases");
  const bind = useTranslatedBind(rawBind);
  return (
    <Stack gap="sm">
      <TextInput
        label={t("fields.caseTitle")}
        required
        maxLength={255}
        autoComplete="off"
        placeholder={t("fields.caseTitlePlaceholder")}
        data-autofocus={autoFocus || undefined}
        {...bind("caseTitle")}
      />
      <NativeSelect
        label={t("fields.caseType")}
        required
        data={[
          { value: "", label: t("fields.chooseCaseType") },
          ...CASE_TYPES.map((c) => ({ value: c, label: caseOptionLabel(t, "caseTypes", c) })),
        ]}
        {...bind("caseType")}
      />
      <Textarea
        label={t("fields.description")}
        required
        rows={5}
        maxLength={CASE_DESCRIPTION_MAX}
        placeholder={t("fields.descriptionPlaceholder")}
        {...bind("description")}
      />
      <ResponsiveGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <NativeSelect
          label={t("fields.priority")}
          data={CASE_PRIORITIES.map((p) => ({ value: p, label: caseOptionLabel(t, "priorities", p) }))}
          {...bind("priority")}
        />
        <TextInput
          label={t("fields.dateNeeded")}
          description={t("fields.optional")}
          type="date"
          min={minDate}
          {...bind("dateNeeded")}
        />
      </ResponsiveGrid>
      <TextInput
        label={t("fields.otherParty")}
        description={t("fields.otherPartyHint")}
        maxLength={255}
        autoComplete="off"
        {...bind("otherParty")}
      />
      <ResponsiveGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label={t("fields.incidentPlace")}
          description={t("fields.incidentPlaceHint")}
          maxLength={255}
          {...bind("incidentPlace")}
        />
        <TextInput
          label={t("fields.incidentDate")}
          description={t("fields.optional")}
          type="date"
          min={INCIDENT_DATE_MIN}
          max={maxDate}
          {...bind("incidentDate")}
        />
      </ResponsiveGrid>
    </Stack>
  );
}

/**
 * Step 2, contact: Full Name, Email Address (email input), Phone Number (tel input), all
 * required; Preferred Communication Method and Budget (issue 28 §3: the ways of paying usual in
 * the lawyer's country `countryCode`, in its wording, from lib/fee-advice.ts, then the amount
 * bands in its currency; the submitted value is the stored budget id), with the country's hint
 * under it where it has one (Germany, Japan, the UK, Brazil, the US).
 */
export function CaseContactFields({ bind: rawBind, countryCode }: CaseFieldsProps) {
  const { t } = useTranslation("cases");
  const locale = useLocale();
  const bind = useTranslatedBind(rawBind);
  const budget = caseBudgetOptions(countryCode);
  return (
    <Stack gap="sm">
      <NameInput label={t("fields.fullName")} required {...bind("clientName")} />
      <EmailInput label={t("fields.email")} required inputMode="email" {...bind("clientEmail")} />
      <PhoneInput label={t("fields.phone")} required country={countryCode} {...bind("clientPhone")} />
      <NativeSelect
        label={t("fields.communication")}
        data={COMMUNICATION_METHODS.map((m) => ({
          value: m,
          label: caseOptionLabel(t, "communication", m),
        }))}
        {...bind("preferredCommunication")}
      />
      <NativeSelect
        label={t("fields.budget")}
        description={budget.hint ? t(`budget.hint.${budget.hint}`) : undefined}
        data={[
          { value: "", label: t("fields.budgetNone") },
          {
            group: t("budget.groupFunding"),
            items: budget.funding.map((o) => ({ value: o.value, label: t(`budget.option.${o.labelKey}`) })),
          },
          {
            group: t("budget.groupAmount"),
            items: budget.amounts.map((b) => ({ value: b, label: budgetLabel(t, b, countryCode, locale) })),
          },
        ]}
        {...bind("budget")}
      />
    </Stack>
  );
}
