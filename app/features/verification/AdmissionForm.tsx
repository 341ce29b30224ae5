/**
 * The lawyer's bar admission form on /dashboard/verification (issue 15 §2 "Lawyers request
 * verification from their dashboard"): country, region, regulator, licence number and year
 * admitted, to add an admission or correct one. A plain form posted to the page's action with
 * intent "admission" (works without JavaScript); a refusal keeps what was typed, each message
 * next to its field.
 */
import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { AdmissionView } from "../../../server/verification/requests.ts";
import type { FormResult } from "../../form-result";
import { useLocalizePath } from "../../i18n/locale";
import { FormAlert, useFormFeedback } from "../../ui/form";

/**
 * The fields of a bar admission (add, or edit `admission`), filled from what was typed before a
 * refusal of this form (`failure` with intent `admission-{id}` or `admission-new`) or the admission.
 */
export function AdmissionForm({
  admission,
  failure,
}: {
  admission?: AdmissionView;
  failure: FormResult | null;
}) {
  const { t } = useTranslation("listing");
  const localize = useLocalizePath();
  const key = admission ? `admission-${admission.id}` : "admission-new";
  const { message, value, error: err } = useFormFeedback(failure, key);
  return (
    <Form
      method="post"
      action={localize("/dashboard/verification")}
      aria-label={admission ? t("verification.editAdmission") : t("verification.addAdmission")}
    >
      <input type="hidden" name="intent" value="admission" />
      <input type="hidden" name="formKey" value={key} />
      {admission && <input type="hidden" name="admissionId" value={admission.id} />}
      <Stack gap="xs">
        {message && (
          <FormAlert tone="error" mb={0}>
            {message}
          </FormAlert>
        )}
        <Group grow align="flex-start">
          <TextInput
            name="countryCode"
            label={t("verification.country")}
            required
            maxLength={2}
            defaultValue={value("countryCode", admission?.countryCode ?? "")}
            error={err("countryCode")}
          />
          <TextInput
            name="region"
            label={t("verification.region")}
            maxLength={100}
            defaultValue={value("region", admission?.region ?? "")}
            error={err("region")}
          />
        </Group>
        <TextInput
          name="regulator"
          label={t("verification.regulator")}
          required
          maxLength={255}
          defaultValue={value("regulator", admission?.regulator ?? "")}
          error={err("regulator")}
        />
        <Group grow align="flex-start">
          <TextInput
            name="licenceNumber"
            label={t("verification.licenceNumber")}
            required
            maxLength={100}
            defaultValue={value("licenceNumber", admission?.licenceNumber ?? "")}
            error={err("licenceNumber")}
          />
          <TextInput
            name="yearAdmitted"
            label={t("verification.yearAdmitted")}
            inputMode="numeric"
            maxLength={4}
            defaultValue={value(
              "yearAdmitted",
              admission?.yearAdmitted ? String(admission.yearAdmitted) : "",
            )}
            error={err("yearAdmitted")}
          />
        </Group>
        {admission && (
          <Text size="sm" c="dimmed">
            {t("verification.editNote")}
          </Text>
        )}
        <Group>
          <Button type="submit" variant={admission ? "default" : "filled"}>
            {t("verification.saveAdmission")}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
