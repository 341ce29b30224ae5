/**
 * "Your data" (issue 17 §4): the dashboard's section (id `your-data`, the emails link to it) and
 * the /dashboard/data page. "Download my data" (GDPR Art. 15/20; a background export already
 * built is offered with its end date), and "Delete my account" (Art. 17): the current password
 * confirms it is the person (re-authentication), the account is deleted ERASURE_GRACE_DAYS later,
 * and while that is pending the date shows with "Cancel deletion". Staff accounts see why they
 * cannot. Plain forms posted to /dashboard/data: they work without JavaScript.
 */
import { Anchor, Button, Divider, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { ERASURE_GRACE_DAYS } from "../../../lib/privacy.ts";
import { type FormResult, formFailureOf } from "../../form-result";
import { useFormats } from "../../i18n/format";
import { useLocalizePath } from "../../i18n/locale";
import { Section } from "../../ui/dashboard-parts";
import { FormAlert } from "../../ui/form";
import { IntentButton } from "../../ui/IntentButton";
import { LocaleLink } from "../../ui/LocaleLink";
import { PasswordField } from "../accounts";
import { ExportButton } from "./ExportButton";

/** What the section shows: the pending deletion, the latest background export, a staff account. */
export interface DataRightsView {
  pendingDeletion: { deletionDate: string } | null;
  latestExport: { id: string; status: string; expiresAt: string | null } | null;
  staff: boolean;
}

/**
 * What the deletion form's action answers on failure (in the page's language): the one
 * form-failure shape (app/form-result.ts FormResult, issue 30) with `ok: false` and the message.
 */
export interface DeletionFailure extends FormResult {
  ok: false;
  message: string;
  fieldErrors: Record<string, string>;
}

/** The failure in `actionData`, if it is one (app/form-result.ts formFailureOf). */
export function deletionFailureOf(actionData: unknown): DeletionFailure | null {
  return formFailureOf<DeletionFailure>(actionData);
}

/** Where the section's forms post (app/routes/dashboard.data.tsx). */
const DATA_ACTION = "/dashboard/data";

/** The section; `notice`: "cancelled" after a cancellation. */
export function DataRightsSection({
  view,
  failure,
  notice,
}: {
  view: DataRightsView;
  failure?: DeletionFailure | null;
  notice?: "cancelled" | null;
}) {
  const { t } = useTranslation("rights");
  const formats = useFormats();
  const action = useLocalizePath()(DATA_ACTION);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === action;
  const ready = view.latestExport?.status === "ready" ? view.latestExport : null;
  const building = view.latestExport?.status === "building";
  return (
    <Section id="your-data" title={t("title")}>
      <Stack gap="md">
        <Text size="sm">{t("intro")}</Text>
        <div>
          <Title order={3} fz="md" mb={4}>
            {t("export.heading")}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t("export.description")}
          </Text>
          {building && <FormAlert tone="info">{t("export.building")}</FormAlert>}
          {ready?.expiresAt && (
            <Text size="sm" mb="sm">
              {t("export.ready", { date: formats.date(ready.expiresAt, { dateStyle: "long" }) })}{" "}
              <Anchor href={`/api/account/export/${ready.id}`} download>
                {t("export.download")}
              </Anchor>
            </Text>
          )}
          <ExportButton href="/api/account/export" />
        </div>
        <Divider />
        <div>
          <Title order={3} fz="md" mb={4} id="delete-account-title">
            {t("delete.heading")}
          </Title>
          {notice === "cancelled" && <FormAlert tone="success">{t("delete.cancelled")}</FormAlert>}
          {failure && !failure.fieldErrors.password && <FormAlert tone="error">{failure.message}</FormAlert>}
          {view.staff ? (
            <Text size="sm">{t("delete.staff")}</Text>
          ) : view.pendingDeletion ? (
            <Stack gap="sm" data-testid="deletion-pending">
              <Text fw={600}>
                {t("delete.pending", {
                  date: formats.date(view.pendingDeletion.deletionDate, { dateStyle: "long" }),
                })}
              </Text>
              <Text size="sm" c="dimmed">
                {t("delete.pendingHint")}
              </Text>
              <IntentButton action={action} intent="cancel" variant="default" loading={busy}>
                {t("delete.cancel")}
              </IntentButton>
            </Stack>
          ) : (
            <Form method="post" action={action} aria-labelledby="delete-account-title">
              <input type="hidden" name="intent" value="delete" />
              <Stack gap="sm" maw={420}>
                <Text size="sm" c="dimmed">
                  {t("delete.description", { days: ERASURE_GRACE_DAYS })}{" "}
                  <Anchor component={LocaleLink} to="/privacy-policy" size="sm" underline="always">
                    {t("delete.whatIsKept")}
                  </Anchor>
                </Text>
                <PasswordField
                  name="password"
                  label={t("delete.password")}
                  description={t("delete.passwordHint")}
                  autoComplete="current-password"
                  required
                  error={failure?.fieldErrors.password}
                />
                <div>
                  <Button type="submit" color="red" loading={busy}>
                    {t("delete.button")}
                  </Button>
                </div>
              </Stack>
            </Form>
          )}
        </div>
      </Stack>
    </Section>
  );
}
