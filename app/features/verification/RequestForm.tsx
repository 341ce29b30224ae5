/**
 * The lawyer's verification request on /dashboard/verification (issue 15 §2 "Lawyers request
 * verification from their dashboard"): what to verify, which admissions, insurance and education
 * details, the proof files (PDF, JPEG or PNG) and a note for the moderator. A plain multipart form
 * posted to the page's action with intent "request": it works without JavaScript.
 */
import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  Input,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { CHECK_KINDS } from "../../../lib/constants.ts";
import type { OwnerVerificationView } from "../../../server/verification/requests.ts";
import type { FormResult } from "../../form-result";
import { useLocalizePath } from "../../i18n/locale";
import { FormAlert, useFormFeedback } from "../../ui/form";

/**
 * The verification request form: the checks to verify, the admissions they are about (all ticked
 * until a refusal), insurance and education details, proof files and a note. A refusal of this
 * form (`failure` with intent "request") keeps what was typed, each message next to its field.
 */
export function RequestForm({ view, failure }: { view: OwnerVerificationView; failure: FormResult | null }) {
  const { t } = useTranslation("listing");
  const tProfile = useTranslation("profile").t;
  const localize = useLocalizePath();
  const { result: mine, message, value: v, error: err } = useFormFeedback(failure, "request");
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      action={localize("/dashboard/verification")}
      aria-label={t("verification.requestTitle")}
    >
      <input type="hidden" name="intent" value="request" />
      <Stack gap="sm">
        {message && (
          <FormAlert tone="error" mb={0}>
            {message}
          </FormAlert>
        )}
        <Fieldset legend={t("verification.whatToVerify")} variant="unstyled">
          <Stack gap={6} mt={6}>
            {CHECK_KINDS.map((kind) => (
              <Checkbox
                key={kind}
                name={`kind_${kind}`}
                value="on"
                label={tProfile(`verification.kind.${kind}`)}
                defaultChecked={v(`kind_${kind}`) === "on"}
              />
            ))}
          </Stack>
          {err("kinds") && (
            <Text c="red" size="sm" mt={4} role="alert">
              {err("kinds")}
            </Text>
          )}
        </Fieldset>
        {view.admissions.length > 0 && (
          <Fieldset legend={t("verification.whichAdmissions")} variant="unstyled">
            <Stack gap={6} mt={6}>
              {view.admissions.map((a) => (
                <Checkbox
                  key={a.id}
                  name={`admission_${a.id}`}
                  value="on"
                  defaultChecked={mine ? v(`admission_${a.id}`) === "on" : true}
                  label={`${a.regulator} · ${a.licenceNumber}`}
                />
              ))}
            </Stack>
            {err("admissionIds") && (
              <Text c="red" size="sm" mt={4} role="alert">
                {err("admissionIds")}
              </Text>
            )}
          </Fieldset>
        )}
        <Title order={3} fz="h5">
          {t("verification.insuranceTitle")}
        </Title>
        <Group grow align="flex-start">
          <TextInput
            name="insuranceCarrier"
            label={t("verification.carrier")}
            maxLength={255}
            defaultValue={v("insuranceCarrier")}
            error={err("insuranceCarrier")}
          />
          <TextInput
            name="insuranceCover"
            label={t("verification.cover")}
            maxLength={100}
            defaultValue={v("insuranceCover")}
            error={err("insuranceCover")}
          />
          <TextInput
            name="insuranceExpiry"
            type="date"
            label={t("verification.expiry")}
            defaultValue={v("insuranceExpiry")}
            error={err("insuranceExpiry")}
          />
        </Group>
        <Title order={3} fz="h5">
          {t("verification.educationTitle")}
        </Title>
        <Group grow align="flex-start">
          <TextInput
            name="educationSchool"
            label={t("verification.school")}
            maxLength={255}
            defaultValue={v("educationSchool")}
            error={err("educationSchool")}
          />
          <TextInput
            name="educationDegree"
            label={t("verification.degree")}
            maxLength={255}
            defaultValue={v("educationDegree")}
            error={err("educationDegree")}
          />
          <TextInput
            name="educationYear"
            label={t("verification.educationYear")}
            inputMode="numeric"
            maxLength={4}
            defaultValue={v("educationYear")}
            error={err("educationYear")}
          />
        </Group>
        <Input.Wrapper
          id="verification-proofs"
          label={t("verification.proofs")}
          error={err("documents")}
          required
        >
          <input
            id="verification-proofs"
            type="file"
            name="documents"
            multiple
            accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
            aria-invalid={err("documents") ? true : undefined}
            style={{ display: "block", marginBlockStart: 8, maxWidth: "100%" }}
          />
        </Input.Wrapper>
        <Textarea
          name="note"
          label={t("verification.note")}
          maxLength={2000}
          autosize
          minRows={2}
          defaultValue={v("note")}
          error={err("note")}
        />
        <Group>
          <Button type="submit">{t("verification.submit")}</Button>
        </Group>
      </Stack>
    </Form>
  );
}
