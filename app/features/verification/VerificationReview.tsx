/**
 * The moderator's screen of one verification request (issue 15 §2): the listing, its owner, the
 * checks asked for with the details and note, the admissions with a link to each regulator's
 * register, the current checks, the proofs (downloaded through /verification/proofs/{id}, staff
 * and owner only), and two plain forms: approve (method, register entry URL) and reject (a reason
 * the lawyer sees, required). Works without JavaScript.
 */
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { StaffRequestView } from "../../../server/verification/requests.ts";
import type { FormResult } from "../../form-result";
import { useFormats } from "../../i18n/format";
import { useLocalizePath } from "../../i18n/locale";
import { DecisionForm } from "../../ui/DecisionForm";
import { FormAlert, useFormFeedback } from "../../ui/form";
import { LocaleLink } from "../../ui/LocaleLink";
import { AdmissionLine, CheckLine, CheckStatusBadge } from "./checks";

/** The review screen; `notice` is "approved" or "rejected" right after a decision. */
export function VerificationReview({
  view,
  registers,
  notice,
  failure,
}: {
  view: StaffRequestView;
  registers: Record<number, string | null>;
  notice: string | null;
  /** The refused decision (FormResult, `intent` "approve" or "reject"), if any. */
  failure: FormResult | null;
}) {
  const { t } = useTranslation("admin");
  const tProfile = useTranslation("profile").t;
  const tListing = useTranslation("listing").t;
  const formats = useFormats();
  const localize = useLocalizePath();
  const r = view.request;
  const approve = useFormFeedback(failure, "approve");
  const reject = useFormFeedback(failure, "reject");
  // The two decisions' cards: posted to this screen's action, each named by its heading.
  const card = {
    action: localize(`/admin/verification/${r.id}`),
    padding: "lg",
    radius: "md",
    gap: "sm",
  } as const;
  const details = Object.entries(r.details ?? {}).filter(([, v]) => v !== null && v !== "");
  return (
    <Stack gap="md">
      <Anchor component={LocaleLink} to="/admin">
        {t("verification.back")}
      </Anchor>
      {notice === "approved" && (
        <FormAlert tone="success" mb={0}>
          {t("verification.approvedNotice")}
        </FormAlert>
      )}
      {notice === "rejected" && (
        <FormAlert tone="success" mb={0}>
          {t("verification.rejectedNotice")}
        </FormAlert>
      )}
      <Card withBorder padding="lg" radius="md" component="article" aria-labelledby="verification-title">
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={2} fz="h3" id="verification-title">
              {t("verification.title")}: {view.listingName}
            </Title>
            <Badge
              variant="light"
              color={r.status === "approved" ? "green" : r.status === "rejected" ? "red" : "blue"}
            >
              {tListing(`verification.requestStatus.${r.status}`)}
            </Badge>
          </Group>
          <Anchor href={localize(`/lawyer/${view.lawyerId}`)}>{t("verification.openListing")}</Anchor>
          {view.ownerEmail && <Text>{t("verification.owner", { email: view.ownerEmail })}</Text>}
          <Text size="sm" c="dimmed">
            {t("verification.requested", { date: formats.dateTime(r.createdAt) })}
          </Text>
          <Text>
            <strong>{t("verification.kinds")}</strong>{" "}
            {r.kinds.map((k) => tProfile(`verification.kind.${k}`)).join(", ")}
          </Text>
          {details.length > 0 && (
            <Text>
              <strong>{t("verification.details")}</strong>{" "}
              {details.map(([k, v]) => `${t(`verification.detailNames.${k}`)}: ${String(v)}`).join(" · ")}
            </Text>
          )}
          {r.note && (
            <Text style={{ whiteSpace: "pre-wrap" }}>
              <strong>{t("verification.note")}</strong> {r.note}
            </Text>
          )}
          {r.status === "rejected" && r.decisionReason && (
            <Text>{tListing("verification.rejectedReason", { reason: r.decisionReason })}</Text>
          )}
        </Stack>
      </Card>
      <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="admissions-title">
        <Title order={2} fz="h4" id="admissions-title" mb="sm">
          {t("verification.admissions")}
        </Title>
        <Stack gap="sm">
          {view.admissions.map((a) => (
            <Stack key={a.id} gap={2}>
              <Group gap="xs">
                <AdmissionLine a={a} />
                <CheckStatusBadge status={a.licenceStatus} />
                {r.admissionIds.includes(a.id) && (
                  <Badge variant="outline">{t("verification.inRequest")}</Badge>
                )}
              </Group>
              {registers[a.id] && (
                <Anchor
                  href={registers[a.id] ?? undefined}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="sm"
                >
                  {t("verification.register", { regulator: a.regulator })}
                </Anchor>
              )}
            </Stack>
          ))}
        </Stack>
      </Card>
      <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="checks-title">
        <Title order={2} fz="h4" id="checks-title" mb="sm">
          {t("verification.checks")}
        </Title>
        <Stack gap={4}>
          {view.checks.map((c) => (
            <CheckLine key={c.id} check={c} />
          ))}
        </Stack>
      </Card>
      <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="proofs-title">
        <Title order={2} fz="h4" id="proofs-title" mb="sm">
          {t("verification.proofs")}
        </Title>
        <Stack gap={4}>
          {r.proofs.length === 0 && <Text>{t("verification.noProofs")}</Text>}
          {r.proofs.map((p) => (
            <Anchor key={p.id} href={`/verification/proofs/${p.id}`}>
              {p.fileName}
            </Anchor>
          ))}
        </Stack>
      </Card>
      {r.status === "pending" && (
        <Group align="flex-start" grow>
          <DecisionForm
            {...card}
            hidden={{ decision: "approve" }}
            label={t("verification.approveTitle")}
            title={t("verification.approveTitle")}
            error={approve.message}
          >
            <NativeSelect
              name="method"
              label={t("verification.method")}
              defaultValue={approve.value("method", "register_lookup")}
              data={[
                { value: "register_lookup", label: t("verification.methods.register_lookup") },
                { value: "document_reviewed", label: t("verification.methods.document_reviewed") },
              ]}
            />
            <TextInput
              name="registerUrl"
              type="url"
              label={t("verification.registerUrl")}
              description={t("verification.registerUrlHint")}
              defaultValue={approve.value("registerUrl")}
              error={approve.error("registerUrl")}
            />
            <Button type="submit">{t("verification.approve")}</Button>
          </DecisionForm>
          <DecisionForm
            {...card}
            hidden={{ decision: "reject" }}
            label={t("verification.rejectTitle")}
            title={t("verification.rejectTitle")}
            error={reject.message}
          >
            <Textarea
              name="reason"
              label={t("verification.reason")}
              required
              autosize
              minRows={3}
              maxLength={2000}
              defaultValue={reject.value("reason")}
              error={reject.error("reason")}
            />
            <Button type="submit" color="red">
              {t("verification.reject")}
            </Button>
          </DecisionForm>
        </Group>
      )}
    </Stack>
  );
}
