/**
 * The lawyer's verification page (issue 15 §2 "Lawyers request verification from their
 * dashboard"): the five checks with their states, the bar admissions with add and edit forms
 * (AdmissionForm), the request form (RequestForm: what to verify, insurance and education details,
 * proof files, a note), the requests with the moderator's decision and reason, and a statement on
 * each public disciplinary record. Plain forms that post to /dashboard/verification: everything
 * works without JavaScript.
 */
import { Anchor, Badge, Button, Group, Stack, Text, Textarea, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { OwnerVerificationView, RequestView } from "../../../server/verification/requests.ts";
import type { FormResult } from "../../form-result";
import { useFormats } from "../../i18n/format";
import { useLocalizePath } from "../../i18n/locale";
import { Section } from "../../ui/dashboard-parts";
import { FormAlert, useFormFeedback } from "../../ui/form";
import { LocaleLink } from "../../ui/LocaleLink";
import { AdmissionForm } from "./AdmissionForm";
import { AdmissionLine, CheckLine, CheckStatusBadge } from "./checks";
import { RequestForm } from "./RequestForm";

/** One request with its state and, when rejected, the moderator's reason. */
function RequestRow({ request }: { request: RequestView }) {
  const { t } = useTranslation("listing");
  const tProfile = useTranslation("profile").t;
  const formats = useFormats();
  const checks = request.kinds.map((k) => tProfile(`verification.kind.${k}`)).join(", ");
  return (
    <Stack gap={4} data-testid={`verification-request-${request.id}`}>
      <Group gap="xs">
        <Text fw={600}>
          {t("verification.requestLine", { date: formats.date(request.createdAt), checks })}
        </Text>
        <Badge
          color={request.status === "approved" ? "green" : request.status === "rejected" ? "red" : "blue"}
          variant="light"
        >
          {t(`verification.requestStatus.${request.status}`)}
        </Badge>
      </Group>
      {request.status === "rejected" && request.decisionReason && (
        <Text data-testid="rejection-reason">
          {t("verification.rejectedReason", { reason: request.decisionReason })}
        </Text>
      )}
      {request.proofs.length > 0 && (
        <Group gap="sm">
          {request.proofs.map((p) => (
            <Anchor key={p.id} href={`/verification/proofs/${p.id}`} size="sm">
              {p.fileName}
            </Anchor>
          ))}
        </Group>
      )}
    </Stack>
  );
}

/**
 * The lawyer's statement on one public disciplinary record (issue 15 §2): the record (date,
 * outcome, regulator) and a text field, kept after a refusal of this form (intent
 * `statement-{id}`), else the statement already given.
 */
function DisciplineStatementForm({
  record: d,
  failure,
}: {
  record: OwnerVerificationView["discipline"][number];
  failure: FormResult | null;
}) {
  const { t } = useTranslation("listing");
  const tProfile = useTranslation("profile").t;
  const formats = useFormats();
  const localize = useLocalizePath();
  const { message, value } = useFormFeedback(failure, `statement-${d.id}`);
  return (
    <Form method="post" action={localize("/dashboard/verification")}>
      <input type="hidden" name="intent" value="statement" />
      <input type="hidden" name="recordId" value={d.id} />
      <Stack gap="xs">
        <Text>
          {tProfile("verification.disciplineRecord", {
            date: formats.day(d.date),
            outcome: d.outcome,
            regulator: d.regulator,
          })}
        </Text>
        {message && (
          <FormAlert tone="error" mb={0}>
            {message}
          </FormAlert>
        )}
        <Textarea
          name="statement"
          label={t("verification.statement")}
          maxLength={2000}
          autosize
          minRows={2}
          defaultValue={value("statement", d.lawyerStatement ?? "")}
        />
        <Group>
          <Button type="submit" variant="default">
            {t("verification.saveStatement")}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

/** The page: notices, checks, admissions, request form, requests, discipline. */
export function VerificationPage({
  view,
  notice,
  failure,
}: {
  view: OwnerVerificationView | null;
  notice: string | null;
  failure: FormResult | null;
}) {
  const { t } = useTranslation("listing");
  return (
    <Stack gap="lg">
      <Anchor component={LocaleLink} to="/dashboard">
        {t("verification.back")}
      </Anchor>
      <Title order={1}>{t("verification.title")}</Title>
      <Text>{t("verification.lead")}</Text>
      {notice && ["saved", "requested", "statement"].includes(notice) && (
        <FormAlert tone="success" mb={0}>
          {t(`verification.notices.${notice}`)}
        </FormAlert>
      )}
      {!view ? (
        <FormAlert tone="info" mb={0}>
          {t("verification.noListing")}
        </FormAlert>
      ) : (
        <>
          <Section id="checks" title={t("verification.checksTitle")}>
            <Stack gap="xs">
              {view.checks.length === 0 && <Text>{t("verification.noChecks")}</Text>}
              {view.checks.map((c) => (
                <CheckLine
                  key={c.id}
                  check={c}
                  regulator={view.admissions.find((a) => a.id === c.admissionId)?.regulator}
                  strong
                  testId={`check-${c.kind}`}
                />
              ))}
            </Stack>
          </Section>
          <Section id="admissions" title={t("verification.admissionsTitle")}>
            <Stack gap="lg">
              {view.admissions.length === 0 && <Text>{t("verification.noAdmissions")}</Text>}
              {view.admissions.map((a) => (
                <Stack key={a.id} gap="xs">
                  <Group gap="xs">
                    <AdmissionLine a={a} />
                    <CheckStatusBadge status={a.licenceStatus} />
                  </Group>
                  <details>
                    <summary>{t("verification.editAdmission")}</summary>
                    <AdmissionForm admission={a} failure={failure} />
                  </details>
                </Stack>
              ))}
              <Title order={3} fz="h4">
                {t("verification.addAdmission")}
              </Title>
              <AdmissionForm failure={failure} />
            </Stack>
          </Section>
          <Section id="request" title={t("verification.requestTitle")}>
            <RequestForm view={view} failure={failure} />
          </Section>
          <Section id="requests" title={t("verification.requestsTitle")}>
            <Stack gap="md">
              {view.requests.length === 0 && <Text>{t("verification.noRequests")}</Text>}
              {view.requests.map((r) => (
                <RequestRow key={r.id} request={r} />
              ))}
            </Stack>
          </Section>
          <Section id="discipline" title={t("verification.disciplineTitle")}>
            <Stack gap="md">
              {view.discipline.length === 0 && <Text>{t("verification.noDiscipline")}</Text>}
              {view.discipline.map((d) => (
                <DisciplineStatementForm key={d.id} record={d} failure={failure} />
              ))}
            </Stack>
          </Section>
        </>
      )}
    </Stack>
  );
}
