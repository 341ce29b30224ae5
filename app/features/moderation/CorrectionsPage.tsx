/**
 * /dashboard/corrections (issue 15 §3): a lawyer asks for a correction of their own listing's facts
 * they cannot edit (bar admissions, the discipline statement), and sees their own requests with
 * the moderator's answer. A plain form: works without JavaScript; a failure keeps what was typed.
 */
import { Anchor, Badge, Button, Card, Container, NativeSelect, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { CORRECTION_FIELDS, DETAILS_MAX, DETAILS_MIN } from "../../../lib/moderation.ts";
import type { CorrectionView } from "../../../server/moderation/service.ts";
import type { FormResult } from "../../form-result";
import { useFormats } from "../../i18n/format";
import { useLocalizePath } from "../../i18n/locale";
import { FormAlert } from "../../ui/form";
import { LocaleLink } from "../../ui/LocaleLink";
import { DetailsField, fieldProps } from "./forms";

/** The dashboard's link to /dashboard/corrections (lawyers with a listing; issue 15 §3). */
export function CorrectionsLink() {
  const { t } = useTranslation("moderation");
  return (
    <Anchor component={LocaleLink} to="/dashboard/corrections" data-testid="corrections-link">
      {t("corrections.link")}
    </Anchor>
  );
}

/** The request form and the lawyer's own requests; `sent` right after one was sent. */
export function CorrectionsPage({
  requests,
  failure,
  sent,
}: {
  requests: CorrectionView[];
  failure: FormResult | null;
  sent: boolean;
}) {
  const { t } = useTranslation("moderation");
  const formats = useFormats();
  const localize = useLocalizePath();
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Anchor component={LocaleLink} to="/dashboard">
          {t("corrections.back")}
        </Anchor>
        <Title order={1}>{t("corrections.title")}</Title>
        <Text>{t("corrections.intro")}</Text>
        {sent && (
          <FormAlert tone="success" testId="correction-sent">
            {t("corrections.sent")}
          </FormAlert>
        )}
        <Card withBorder padding="lg">
          {failure && <FormAlert tone="error">{failure.message}</FormAlert>}
          <Form method="post" action={localize("/dashboard/corrections")} noValidate>
            <Stack gap="md">
              <NativeSelect
                {...fieldProps(failure, "field")}
                label={t("corrections.field")}
                required
                data={[
                  { value: "", label: t("report.choose") },
                  ...CORRECTION_FIELDS.map((f) => ({ value: f, label: t(`fields.${f}`) })),
                ]}
              />
              <DetailsField
                failure={failure}
                label={t("corrections.details")}
                description={t("detailsHint", { min: DETAILS_MIN, max: DETAILS_MAX })}
                maxLength={DETAILS_MAX}
              />
              <Button type="submit" w="fit-content">
                {t("corrections.submit")}
              </Button>
            </Stack>
          </Form>
        </Card>
        <Title order={2} fz="h3">
          {t("corrections.mine")}
        </Title>
        {requests.length === 0 ? (
          <Text c="dimmed">{t("corrections.none")}</Text>
        ) : (
          requests.map((r) => (
            <Card key={r.id} withBorder padding="md" component="article">
              <Stack gap={4}>
                <Text fw={600}>
                  {t(`fields.${r.field ?? "admissions"}`)} · {formats.dateTime(r.createdAt)}{" "}
                  <Badge variant="light">{t(`statuses.${r.status}`)}</Badge>
                </Text>
                <Text style={{ whiteSpace: "pre-wrap" }}>{r.details}</Text>
                {r.answer && (
                  <Text size="sm" c="dimmed">
                    {t("corrections.answer", { answer: r.answer })}
                  </Text>
                )}
              </Stack>
            </Card>
          ))
        )}
      </Stack>
    </Container>
  );
}
