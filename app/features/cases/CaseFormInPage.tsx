/**
 * The case form in the profile page (issue 13 §4 "Send Message and Submit Case work without
 * JavaScript"; spec §2 "Case form dialog", §5 "Case form"): what `/lawyer/{id}?form=case` shows,
 * server-rendered, for a visitor whose JavaScript has not run (or pressed Submit Case before the
 * page was hydrated). The dialog's three steps as three fieldsets of one real
 * `<form method="post" enctype="multipart/form-data">` with a `documents` file input (multiple),
 * posted to the lawyer route's action (`intent` "case", case-page-action.ts). After a refused post
 * every error shows next to its field (Mantine: aria-invalid, aria-describedby), what was typed is
 * back, and when files had been chosen the file input says to choose them again (browsers cannot
 * refill it). After success (post/redirect/get) the dialog's success screen shows here. With
 * JavaScript the same form posts through React Router, without a page load.
 */
import { Button, Group, Input, Stack, Text } from "@mantine/core";
import { IconSend } from "@tabler/icons-react";
import { type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { CASE_DOCUMENT_ACCEPT } from "../../../lib/cases.ts";
import { translateMessage } from "../../../lib/i18n/message.ts";
import { useLocalizePath } from "../../i18n/locale";
import { InPageForm, InPageFormSection, useIntentPending } from "../../ui/InPageForm";
import { LocaleLink } from "../../ui/LocaleLink";
import { CaseContactFields, type CaseFieldBinding, CaseInfoFields } from "./CaseFormFields";
import {
  type CaseFormField,
  type CaseSuccessSummary,
  caseDocumentsHint,
  initialCaseValues,
} from "./CaseFormModel";
import { CaseFormSuccess } from "./CaseFormSuccess";
import { HealthDataConsentField } from "./CaseIntake";
import type { CaseFormFailure } from "./case-page-action.server";
import { LicenceNotVerifiedNotice } from "./LicenceNotVerifiedNotice";
import { UnmanagedCaseNotice } from "./UnmanagedCaseNotice";

/** The id of the section, the fragment the Submit Case link and the form's action point at. */
export const CASE_FORM_SECTION_ID = "submit-case";

/** The legends' catalog keys of the three fieldsets: the dialog's steps (spec §2). */
const LEGENDS = ["steps.infoLegend", "steps.contactLegend", "steps.documentsLegend"] as const;

/** Props: the profile's lawyer, the signed-in client's prefill, and the action's or the flash's outcome. */
export interface CaseFormInPageProps {
  lawyerId: number;
  lawyerName: string;
  prefill?: { clientName: string; clientEmail: string } | null;
  /** The lawyer's country (ISO 3166-1 alpha-2): budget ranges in its currency (issue 14 §2); USD when left out. */
  countryCode?: string | null;
  /** The action's answer to a refused post. */
  failure?: CaseFormFailure | null;
  /** The summary of the case just sent (the flash cookie, case-flash.ts). */
  success?: CaseSuccessSummary | null;
  /** False when the lawyer's licence is not verified: said before the documents (issue 15 §2). */
  licenceVerified?: boolean;
  /** Issue 28 §4: false when nobody manages the listing (the notice; absent: managed). */
  managed?: boolean;
  /** Issue 28 §4: what the confirmation offers when nobody manages the listing. */
  alternatives?: ReactNode;
}

/** A fieldset styled as a titled group, its legend visible (it names the dialog's step). */
function Step({ legend, children }: { legend: string; children: React.ReactNode }) {
  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      <Text component="legend" fw={700} mb="xs">
        {legend}
      </Text>
      {children}
    </fieldset>
  );
}

/** The in-page case form, or its success screen (see the module comment). */
export function CaseFormInPage({
  lawyerId,
  lawyerName,
  prefill,
  countryCode,
  failure,
  success,
  licenceVerified,
  managed,
  alternatives,
}: CaseFormInPageProps) {
  const { t } = useTranslation("cases");
  const localize = useLocalizePath();
  const sending = useIntentPending("case");
  const profile = `/lawyer/${lawyerId}`;
  const values = failure?.values ?? initialCaseValues(prefill);
  const errors = failure?.fieldErrors ?? {};
  const bind = (field: CaseFormField): CaseFieldBinding => ({
    name: field,
    defaultValue: values[field],
    error: errors[field],
  });
  // One object per answer (InPageForm moves the focus when it changes), its message translated.
  const shownFailure = useMemo(
    () => failure && { ...failure, message: translateMessage(t, failure.message) },
    [failure, t],
  );
  const documentError = failure?.documentErrors.map((e) => translateMessage(t, e)).join(" ") || undefined;
  const fileId = "case-documents";
  const describedBy = [
    `${fileId}-description`,
    failure?.filesLost ? `${fileId}-again` : null,
    documentError ? `${fileId}-error` : null,
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <InPageFormSection
      id={CASE_FORM_SECTION_ID}
      headingId="case-form-heading"
      testId="case-form-in-page"
      title={t("dialogTitle")}
      subtitle={t("dialogSubtitle")}
      lead={t("lead", { name: lawyerName })}
    >
      {!success && licenceVerified === false && <LicenceNotVerifiedNotice name={lawyerName} />}
      {!success && managed === false && <UnmanagedCaseNotice name={lawyerName} />}
      {success ? (
        <CaseFormSuccess summary={success} closeTo={profile} alternatives={alternatives} />
      ) : (
        <InPageForm
          intent="case"
          action={localize(`${profile}?form=case#${CASE_FORM_SECTION_ID}`)}
          encType="multipart/form-data"
          labelledBy="case-form-heading"
          failure={shownFailure}
          alertTitle={t("failureToastTitle")}
          alertTestId="case-form-error"
          gap="lg"
        >
          {LEGENDS.map((legend, index) => (
            <Step key={legend} legend={t("steps.legend", { step: index + 1, legend: t(legend) })}>
              {index === 0 && <CaseInfoFields bind={bind} />}
              {index === 1 && <CaseContactFields bind={bind} countryCode={countryCode} />}
              {index === 2 && (
                <Input.Wrapper
                  id={fileId}
                  label={t("documents.title")}
                  description={caseDocumentsHint(t)}
                  error={documentError}
                >
                  {failure?.filesLost && (
                    <Text size="sm" id={`${fileId}-again`} mt={4} data-testid="choose-files-again">
                      {t("documents.chooseAgain")}
                    </Text>
                  )}
                  <input
                    id={fileId}
                    type="file"
                    name="documents"
                    multiple
                    accept={CASE_DOCUMENT_ACCEPT}
                    aria-describedby={describedBy}
                    aria-invalid={documentError ? true : undefined}
                    style={{ display: "block", marginBlockStart: 8, maxWidth: "100%" }}
                  />
                </Input.Wrapper>
              )}
              {index === 2 && (
                // Issue 17 §1: the explicit consent; refused posts keep it as it was ticked.
                <Stack mt="lg">
                  <HealthDataConsentField
                    lawyerName={lawyerName}
                    defaultChecked={values.healthDataConsent === "true" || values.healthDataConsent === "on"}
                    error={errors.healthDataConsent}
                  />
                </Stack>
              )}
            </Step>
          ))}
          <Group justify="space-between" gap="sm">
            <Button component={LocaleLink} to={profile} variant="subtle" color="gray">
              {t("cancel")}
            </Button>
            <Button type="submit" loading={sending} leftSection={<IconSend size={16} aria-hidden />}>
              {t("submitCase")}
            </Button>
          </Group>
        </InPageForm>
      )}
    </InPageFormSection>
  );
}
