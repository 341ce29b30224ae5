/**
 * The case form dialog (spec §2 "Case form dialog", §4 "Case form", §5 "Case form", §8, §9
 * "Case form options"; issue 4 "Case submission"), loaded only when Submit Case is first used
 * (CaseFormDialog.tsx lazy-loads this module, so the profile page does not carry it).
 *
 * A Mantine Modal titled "Legal Case Management" (full screen on phones) with a three-step
 * Stepper: 1 case info, 2 contact, 3 documents; Previous, Next (Submit Case on step 3) and
 * Cancel. Next is enabled only when the step's required fields are filled (spec §4); pressing it
 * checks the step with the shared schema (lib/cases.ts) and shows each error next to its field,
 * as does leaving a field that was changed. Submitting posts multipart/form-data with a fetcher
 * to the profile's own route action, the one the in-page form posts to (issue 30 "one path":
 * case-page-action.ts submitCaseFromPage, marked CASE_DIALOG_FIELD so it answers the summary
 * instead of redirecting), showing that it is sending and disabling the buttons; a failure
 * (FormResult) shows the spec's 'Submission Failed' toast, keeps everything typed and puts the
 * server's message where it belongs (a field, the documents step, or above the buttons); success
 * shows the 'Case Submitted Successfully' toast and the summary screen, and React Router
 * revalidates the page's loaders after the action (spec §4 "On success the cached cases list is
 * refreshed"). Issue 17:
 * step 1 also asks the conflict-check facts, step 3 ends with the explicit health-data consent;
 * Submit without it shows the error next to the checkbox and sends nothing. Issue 28 §4: for a
 * listing nobody manages, a notice before the steps says so and what happens instead.
 */
import {
  Alert,
  Box,
  Button,
  Group,
  Modal,
  Progress,
  Stack,
  Stepper,
  Text,
  VisuallyHidden,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconAlertCircle, IconArrowLeft, IconArrowRight, IconSend } from "@tabler/icons-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { dirOf } from "../../../lib/i18n/locales.ts";
import { translateMessage } from "../../../lib/i18n/message.ts";
import { useLocale, useLocalizePath } from "../../i18n/locale";
import { FAILURE_TOAST_IDS, TOAST_A11Y } from "../../ui/toast";
import { CaseFormDocuments } from "./CaseFormDocuments";
import { CaseContactFields, type CaseFieldBinding, CaseInfoFields } from "./CaseFormFields";
import {
  addDocuments,
  CASE_DIALOG_FIELD,
  CASE_FIELD_STEP,
  CASE_FORM_FIELDS,
  type CaseDialogSent,
  type CaseFieldErrors,
  type CaseFormField,
  type CaseFormStep,
  type CaseFormValues,
  type CaseSuccessSummary,
  caseFieldErrors,
  caseFormData,
  caseStepErrors,
  initialCaseValues,
  pickCaseFieldErrors,
  stepIsFilled,
} from "./CaseFormModel";
import { CaseFormSuccess } from "./CaseFormSuccess";
import { HealthDataConsentField } from "./CaseIntake";
import type { SubmitCaseButtonProps } from "./case-form-props";
import type { CaseFormFailure } from "./case-page-action.server";
import { LicenceNotVerifiedNotice } from "./LicenceNotVerifiedNotice";
import { UnmanagedCaseNotice } from "./UnmanagedCaseNotice";

/** The steps' catalog keys (cases:steps.*): the Stepper's label and each step's legend. */
const STEPS = [
  { label: "steps.info", legend: "steps.infoLegend" },
  { label: "steps.contact", legend: "steps.contactLegend" },
  { label: "steps.documents", legend: "steps.documentsLegend" },
] as const;

/** Today's date as YYYY-MM-DD in the person's time zone (the earliest Date Needed). */
function todayIso(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Props of the dialog: the profile's lawyer and prefill, whether it is open, and how to close it. */
export interface CaseFormModalProps extends SubmitCaseButtonProps {
  opened: boolean;
  onClose: () => void;
  /** Called once the closing transition has ended (the button takes the focus back then). */
  onExited?: () => void;
}

/** The case form dialog (see the module comment); default export for React.lazy. */
export default function CaseFormModal({
  opened,
  onClose,
  onExited,
  lawyerId,
  lawyerName,
  prefill,
  countryCode,
  licenceVerified,
  managed,
  alternatives,
}: CaseFormModalProps) {
  const { t } = useTranslation("cases");
  const locale = useLocale();
  // Arrows point the way of reading: mirrored in right-to-left pages (Arabic).
  const flip = dirOf(locale) === "rtl" ? { transform: "scaleX(-1)" } : undefined;
  const phone = useMediaQuery("(max-width: 36em)");
  const localize = useLocalizePath();
  const fetcher = useFetcher<CaseDialogSent | CaseFormFailure>();
  const sending = fetcher.state !== "idle";
  const handled = useRef<unknown>(null);
  const id = useId();
  const [values, setValues] = useState<CaseFormValues>(() => initialCaseValues(prefill));
  const [errors, setErrors] = useState<CaseFieldErrors>({});
  const [dirty, setDirty] = useState<Partial<Record<CaseFormField, boolean>>>({});
  const [step, setStep] = useState<CaseFormStep>(1);
  const [files, setFiles] = useState<File[]>([]);
  const [documentErrors, setDocumentErrors] = useState<string[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const [result, setResult] = useState<CaseSuccessSummary | null>(null);
  const stepRef = useRef<HTMLFieldSetElement>(null);
  const successRef = useRef<HTMLDivElement>(null);
  /** The field to focus after the next render (an error to fix), else the step's first field. */
  const focusNext = useRef<CaseFormField | "step" | null>(null);

  // Move focus where the person should continue: the field with the error, the first field of a
  // new step, or the success screen.
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    const root = stepRef.current;
    if (!root) return;
    const el =
      target === "step"
        ? root.querySelector<HTMLElement>(
            "input:not([type=hidden]):not([disabled]), select, textarea, button",
          )
        : root.querySelector<HTMLElement>(`[name="${target}"]`);
    el?.focus();
  });
  useEffect(() => {
    if (result) successRef.current?.focus();
  }, [result]);

  const setField = (field: CaseFormField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Once a field shows an error, it follows the typing so that it clears when fixed.
    if (errors[field])
      setErrors((e) => ({ ...e, [field]: caseFieldErrors(next, lawyerId, countryCode)[field] }));
    setDirty((d) => (d[field] ? d : { ...d, [field]: true }));
    setFormError(null);
  };
  const checkField = (field: CaseFormField) => {
    if (!dirty[field] && !errors[field]) return;
    setErrors((e) => ({ ...e, [field]: caseFieldErrors(values, lawyerId, countryCode)[field] }));
  };
  const goTo = (next: CaseFormStep, focus: CaseFormField | "step" = "step") => {
    focusNext.current = focus;
    setStep(next);
  };

  const next = () => {
    if (step === 3 || !stepIsFilled(step, values)) return;
    const stepErrors = caseStepErrors(step, values, lawyerId, countryCode);
    setErrors((e) => ({ ...e, ...stepErrors }));
    const first = CASE_FORM_FIELDS.find((f) => stepErrors[f]);
    if (first) {
      focusNext.current = first;
      // Re-render to move focus even though the step stays.
      setDirty((d) => ({ ...d }));
      return;
    }
    goTo((step + 1) as CaseFormStep);
  };

  const submit = () => {
    const all = caseFieldErrors(values, lawyerId, countryCode);
    const first = CASE_FORM_FIELDS.find((f) => all[f]);
    if (first) {
      setErrors(all);
      goTo(CASE_FIELD_STEP[first], first);
      return;
    }
    setFormError(null);
    notifications.hide(FAILURE_TOAST_IDS.case);
    setDocumentErrors([]);
    const body = caseFormData(values, lawyerId, files, countryCode);
    body.append(CASE_DIALOG_FIELD, "dialog");
    fetcher.submit(body, {
      method: "post",
      action: localize(`/lawyer/${lawyerId}`),
      encType: "multipart/form-data",
    });
  };

  // The action's answer (once per answer): the summary screen, or the failure where it belongs.
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    if ("sent" in answer) {
      setResult(answer.sent);
      notifications.show({
        color: "green",
        title: t("successToastTitle"),
        message: t("successToastBody"),
        ...TOAST_A11Y,
      });
      return;
    }
    notifications.show({
      id: FAILURE_TOAST_IDS.case,
      color: "red",
      title: t("failureToastTitle"),
      message: t("failureToastBody"),
      ...TOAST_A11Y,
    });
    const fieldErrors = pickCaseFieldErrors(answer.fieldErrors as Record<string, string>);
    const field = CASE_FORM_FIELDS.find((f) => fieldErrors[f]);
    if (field) {
      setErrors((e) => ({ ...e, ...fieldErrors }));
      goTo(CASE_FIELD_STEP[field], field);
    } else if (answer.documentErrors.length > 0) {
      setDocumentErrors(answer.documentErrors);
      goTo(3);
    } else {
      setFormError(answer.message);
    }
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending || result) return;
    if (step < 3) next();
    else submit();
  };

  const close = () => {
    if (sending) return;
    onClose();
  };
  // After a successful case the next opening starts a new, empty form.
  const resetIfDone = () => {
    onExited?.();
    if (!result) return;
    setValues(initialCaseValues(prefill));
    setErrors({});
    setDirty({});
    setFiles([]);
    setDocumentErrors([]);
    setFormError(null);
    setResult(null);
    setStep(1);
  };

  const addFiles = (incoming: File[]) => {
    const added = addDocuments(files, incoming, locale);
    setFiles(added.files);
    setDocumentErrors(added.errors);
  };
  const removeFile = (index: number) => {
    setFiles((old) => old.filter((_, i) => i !== index));
    setDocumentErrors([]);
  };

  const bind = (field: CaseFormField): CaseFieldBinding => ({
    name: field,
    value: values[field],
    error: errors[field],
    disabled: sending,
    onBlur: () => checkField(field),
    onChange: (e) => setField(field, e.currentTarget.value),
  });
  const filled = stepIsFilled(step, values);
  const hintId = `${id}-hint`;

  return (
    <Modal
      opened={opened}
      onClose={close}
      onExitTransitionEnd={resetIfDone}
      title={t("dialogTitle")}
      fullScreen={phone}
      size="lg"
      padding={phone ? "md" : "lg"}
      closeOnClickOutside={false}
      returnFocus={false}
      closeOnEscape={!sending}
      closeButtonProps={{ "aria-label": t("close"), disabled: sending }}
      radius={phone ? 0 : "md"}
      styles={{ title: { fontWeight: 700, fontSize: "var(--mantine-font-size-lg)" } }}
      data-testid="case-dialog"
    >
      <Stack gap="md">
        {/* The spec's title is jargon; a plain-words line says what the dialog is for (issue 19 §3). */}
        <Text fw={500} data-testid="case-dialog-subtitle">
          {t("dialogSubtitle")}
        </Text>
        <Text size="sm" c="dimmed">
          {t("lead", { name: lawyerName })}
        </Text>
        {licenceVerified === false && <LicenceNotVerifiedNotice name={lawyerName} />}
        {managed === false && !result && <UnmanagedCaseNotice name={lawyerName} />}
        <Stepper
          active={result ? 3 : step - 1}
          onStepClick={(index) => {
            if (!sending && !result && index < step - 1) goTo((index + 1) as CaseFormStep);
          }}
          allowNextStepsSelect={false}
          size={phone ? "xs" : "sm"}
          iconSize={phone ? 26 : 34}
          // Three steps on one line at 375 px: no wrapping, short separators.
          styles={
            phone
              ? {
                  steps: { flexWrap: "nowrap" },
                  separator: { marginInline: 6, minWidth: 8 },
                  stepBody: { marginInlineStart: 6 },
                }
              : undefined
          }
          aria-label={t("steps.ariaLabel")}
        >
          {STEPS.map((s, index) => (
            <Stepper.Step
              key={s.label}
              label={t(s.label)}
              aria-current={!result && index === step - 1 ? "step" : undefined}
              allowStepSelect={!sending && !result && index < step - 1}
            />
          ))}
        </Stepper>
        {result ? (
          <Box ref={successRef} tabIndex={-1} style={{ outline: "none" }}>
            <CaseFormSuccess summary={result} onClose={onClose} alternatives={alternatives} />
          </Box>
        ) : (
          <form noValidate onSubmit={onSubmit} aria-describedby={!filled ? hintId : undefined}>
            <fieldset
              ref={stepRef}
              key={step}
              style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
              aria-describedby={formError ? `${id}-form-error` : undefined}
            >
              <VisuallyHidden component="legend">
                {t("steps.legend", { step, legend: t(STEPS[step - 1]?.legend ?? "steps.infoLegend") })}
              </VisuallyHidden>
              {step === 1 && (
                <CaseInfoFields bind={bind} autoFocus minDate={todayIso()} maxDate={todayIso()} />
              )}
              {step === 2 && <CaseContactFields bind={bind} countryCode={countryCode} />}
              {step === 3 && (
                <Stack gap="lg">
                  <CaseFormDocuments
                    files={files}
                    errors={documentErrors.map((e) => translateMessage(t, e))}
                    disabled={sending}
                    onAdd={addFiles}
                    onRemove={removeFile}
                  />
                  {/* Issue 17 §1: the explicit consent, last, right before Submit Case. */}
                  <HealthDataConsentField
                    lawyerName={lawyerName}
                    checked={values.healthDataConsent === "true"}
                    onChange={(on) => setField("healthDataConsent", on ? "true" : "")}
                    error={errors.healthDataConsent}
                    disabled={sending}
                  />
                </Stack>
              )}
            </fieldset>
            {sending && (
              <Stack gap={4} mt="md">
                <Text size="sm" id={`${id}-progress-label`}>
                  {t("saving")}
                </Text>
                <Progress value={100} animated aria-label={t("uploadProgress")} size="lg" />
              </Stack>
            )}
            <div role="alert" id={`${id}-form-error`}>
              {formError && (
                <Alert
                  color="red"
                  variant="light"
                  mt="md"
                  icon={<IconAlertCircle size={20} aria-hidden />}
                  data-testid="case-form-error"
                >
                  {formError}
                </Alert>
              )}
            </div>
            {!filled && (
              <Text size="xs" c="dimmed" mt="md" id={hintId}>
                {t("fillRequired")}
              </Text>
            )}
            {/* At 375 px the three buttons share one line: tighter padding, no icons. */}
            <Group justify="space-between" mt="md" gap={phone ? "xs" : "sm"} wrap="nowrap">
              <Button
                variant="subtle"
                color="gray"
                onClick={close}
                disabled={sending}
                px={phone ? 8 : undefined}
              >
                {t("cancel")}
              </Button>
              <Group gap={phone ? "xs" : "sm"} wrap="nowrap">
                <Button
                  variant="default"
                  px={phone ? 12 : undefined}
                  onClick={() => goTo((step - 1) as CaseFormStep)}
                  disabled={sending || step === 1}
                  leftSection={phone ? undefined : <IconArrowLeft size={16} aria-hidden style={flip} />}
                >
                  {t("previous")}
                </Button>
                {step < 3 ? (
                  <Button
                    type="submit"
                    disabled={!filled}
                    rightSection={phone ? undefined : <IconArrowRight size={16} aria-hidden style={flip} />}
                  >
                    {t("next")}
                  </Button>
                ) : (
                  <Button
                    type="submit"
                    loading={sending}
                    px={phone ? 12 : undefined}
                    leftSection={phone ? undefined : <IconSend size={16} aria-hidden />}
                  >
                    {t("submitCase")}
                  </Button>
                )}
              </Group>
            </Group>
          </form>
        )}
      </Stack>
    </Modal>
  );
}
