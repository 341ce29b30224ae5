/**
 * The lawyer's verification page (issue 15 §2 "Lawyers request verification from their
 * dashboard"): the five checks with their states, the bar admissions with add and edit forms,
 * the request form (what to verify, insurance and education details, proof files, a note), the
 * requests with the moderator's decision and reason, and a statement on each public disciplinary
 * record. Plain forms that post to /dashboard/verification: everything works without JavaScript.
 */
import {
  Anchor,
  Badge,
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
import type { CheckStatus } from "../../../lib/verification.ts";
import type {
  AdmissionView,
  OwnerVerificationView,
  RequestView,
} from "../../../server/verification/requests.ts";
import type { FormResult } from "../../form-result";
import { useFormats } from "../../i18n/format";
import { useLocalizePath } from "../../i18n/locale";
import { Section } from "../../ui/dashboard-parts";
import { FormAlert, useTranslateMessage } from "../../ui/form";
import { LocaleLink } from "../../ui/LocaleLink";

const STATUS_COLORS: Record<CheckStatus, string> = {
  verified: "green",
  pending: "blue",
  unverified: "gray",
  lapsed: "orange",
  rejected: "red",
};

/** A check's state as a coloured badge with its word. */
export function CheckStatusBadge({ status }: { status: CheckStatus }) {
  const { t } = useTranslation("profile");
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {t(`verification.status.${status}`)}
    </Badge>
  );
}

/** The admission as one line: regulator, number, jurisdiction and year. */
export function AdmissionLine({
  a,
}: {
  a: Pick<AdmissionView, "regulator" | "licenceNumber" | "countryCode" | "region" | "yearAdmitted">;
}) {
  const { t } = useTranslation("listing");
  const jurisdiction = a.region ? `${a.region}, ${a.countryCode}` : a.countryCode;
  return (
    <Text>
      {t("verification.admissionLine", { regulator: a.regulator, number: a.licenceNumber, jurisdiction })}
      {a.yearAdmitted ? ` · ${t("verification.admittedIn", { year: String(a.yearAdmitted) })}` : ""}
    </Text>
  );
}

/** The fields of an admission (add or edit), filled from `values` or the admission. */
function AdmissionForm({ admission, failure }: { admission?: AdmissionView; failure: FormResult | null }) {
  const { t } = useTranslation("listing");
  const translate = useTranslateMessage();
  const localize = useLocalizePath();
  const key = admission ? `admission-${admission.id}` : "admission-new";
  const mine = failure?.intent === key ? failure : null;
  const value = (name: string, fallback: string) => mine?.values?.[name] ?? fallback;
  const err = (name: string) => translate(mine?.fieldErrors?.[name]);
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
        {mine?.message && (
          <FormAlert tone="error" mb={0}>
            {translate(mine.message)}
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

/** The request form: checks to verify, admissions, details, proofs and note. */
function RequestForm({ view, failure }: { view: OwnerVerificationView; failure: FormResult | null }) {
  const { t } = useTranslation("listing");
  const tProfile = useTranslation("profile").t;
  const translate = useTranslateMessage();
  const localize = useLocalizePath();
  const mine = failure?.intent === "request" ? failure : null;
  const v = (name: string) => mine?.values?.[name] ?? "";
  const err = (name: string) => translate(mine?.fieldErrors?.[name]);
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      action={localize("/dashboard/verification")}
      aria-label={t("verification.requestTitle")}
    >
      <input type="hidden" name="intent" value="request" />
      <Stack gap="sm">
        {mine?.message && (
          <FormAlert tone="error" mb={0}>
            {translate(mine.message)}
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
  const tProfile = useTranslation("profile").t;
  const translate = useTranslateMessage();
  const formats = useFormats();
  const localize = useLocalizePath();
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
              {view.checks.map((c) => {
                const admission = view.admissions.find((a) => a.id === c.admissionId);
                return (
                  <Group key={c.id} gap="xs" data-testid={`check-${c.kind}`}>
                    <Text fw={600}>
                      {tProfile(`verification.kind.${c.kind}`)}
                      {admission ? ` (${admission.regulator})` : ""}
                      {/* Issue 28 §2: which specialist title the check is about. */}
                      {c.kind === "specialist_title" && c.details?.title ? (
                        <>
                          {tProfile("verification.titleSeparator")}
                          <bdi>{String(c.details.title)}</bdi>
                        </>
                      ) : null}
                    </Text>
                    <CheckStatusBadge status={c.status} />
                    {c.checkedOn && (
                      <Text size="sm" c="dimmed">
                        {tProfile("verification.checkedOn", { date: formats.day(c.checkedOn) })}
                      </Text>
                    )}
                  </Group>
                );
              })}
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
              {view.discipline.map((d) => {
                const mine = failure?.intent === `statement-${d.id}` ? failure : null;
                return (
                  <Form key={d.id} method="post" action={localize("/dashboard/verification")}>
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
                      {mine?.message && (
                        <FormAlert tone="error" mb={0}>
                          {translate(mine.message)}
                        </FormAlert>
                      )}
                      <Textarea
                        name="statement"
                        label={t("verification.statement")}
                        maxLength={2000}
                        autosize
                        minRows={2}
                        defaultValue={mine?.values?.statement ?? d.lawyerStatement ?? ""}
                      />
                      <Group>
                        <Button type="submit" variant="default">
                          {t("verification.saveStatement")}
                        </Button>
                      </Group>
                    </Stack>
                  </Form>
                );
              })}
            </Stack>
          </Section>
        </>
      )}
    </Stack>
  );
}
