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
import { Button, Group, Input, Text } from "@mantine/core";
import { IconSend } from "@tabler/icons-react";
import { Link } from "react-router";
import { CASE_DOCUMENT_ACCEPT, CASE_TEXTS } from "../../../lib/cases.ts";
import { InPageForm, InPageFormSection, useIntentPending } from "../../ui/InPageForm";
import { CaseContactFields, type CaseFieldBinding, CaseInfoFields } from "./CaseFormFields";
import {
  CASE_DOCUMENTS_HINT,
  type CaseFormField,
  type CaseSuccessSummary,
  initialCaseValues,
} from "./CaseFormModel";
import { CaseFormSuccess } from "./CaseFormSuccess";
import type { CaseFormFailure } from "./case-page-action";

/** The id of the section, the fragment the Submit Case link and the form's action point at. */
export const CASE_FORM_SECTION_ID = "submit-case";

/** The note next to the file input after a refused post that carried files. */
export const CHOOSE_FILES_AGAIN =
  "Your browser cannot keep chosen files after the page reloads: choose your documents again before sending.";

/** The legends of the three fieldsets: the dialog's steps (spec §2). */
const LEGENDS = [
  "Step 1 of 3: Case information",
  "Step 2 of 3: Your contact details",
  "Step 3 of 3: Supporting documents",
];

/** Props: the profile's lawyer, the signed-in client's prefill, and the action's or the flash's outcome. */
export interface CaseFormInPageProps {
  lawyerId: number;
  lawyerName: string;
  /** The lawyer's country (ISO alpha-2): a national phone is read in it (issue 14 §2). */
  lawyerCountry?: string | null;
  prefill?: { clientName: string; clientEmail: string } | null;
  /** The action's answer to a refused post. */
  failure?: CaseFormFailure | null;
  /** The summary of the case just sent (the flash cookie, case-flash.ts). */
  success?: CaseSuccessSummary | null;
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
  lawyerCountry,
  prefill,
  failure,
  success,
}: CaseFormInPageProps) {
  const sending = useIntentPending("case");
  const profile = `/lawyer/${lawyerId}`;
  const values = failure?.values ?? initialCaseValues(prefill);
  const errors = failure?.fieldErrors ?? {};
  const bind = (field: CaseFormField): CaseFieldBinding => ({
    name: field,
    defaultValue: values[field],
    error: errors[field],
  });
  const documentError = failure?.documentErrors.join(" ") || undefined;
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
      title={CASE_TEXTS.dialogTitle}
      lead={
        <>
          Send your case to <strong>{lawyerName}</strong>. Only this lawyer receives it.
        </>
      }
    >
      {success ? (
        <CaseFormSuccess summary={success} closeTo={profile} />
      ) : (
        <InPageForm
          intent="case"
          action={`${profile}?form=case#${CASE_FORM_SECTION_ID}`}
          encType="multipart/form-data"
          labelledBy="case-form-heading"
          failure={failure}
          alertTitle={CASE_TEXTS.failureToastTitle}
          alertTestId="case-form-error"
          gap="lg"
        >
          <Step legend={LEGENDS[0] as string}>
            <CaseInfoFields bind={bind} />
          </Step>
          <Step legend={LEGENDS[1] as string}>
            <CaseContactFields bind={bind} phoneCountry={lawyerCountry} />
          </Step>
          <Step legend={LEGENDS[2] as string}>
            <Input.Wrapper
              id={fileId}
              label="Supporting documents"
              description={CASE_DOCUMENTS_HINT}
              error={documentError}
            >
              {failure?.filesLost && (
                <Text size="sm" id={`${fileId}-again`} mt={4} data-testid="choose-files-again">
                  {CHOOSE_FILES_AGAIN}
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
                style={{ display: "block", marginTop: 8, maxWidth: "100%" }}
              />
            </Input.Wrapper>
          </Step>
          <Group justify="space-between" gap="sm">
            <Button component={Link} to={profile} variant="subtle" color="gray">
              Cancel
            </Button>
            <Button type="submit" loading={sending} leftSection={<IconSend size={16} aria-hidden />}>
              Submit Case
            </Button>
          </Group>
        </InPageForm>
      )}
    </InPageFormSection>
  );
}
