/**
 * One check in the re-check queue (issue 15 §2 "Ongoing monitoring"; /admin/rechecks/:checkId):
 * what the check says now (listing, kind, status, method, source and link, dates, admission) and
 * two plain forms (no JavaScript needed): re-confirm it with what the moderator found in the
 * register (method, source, link, checked on, next check due) or confirm that it lapsed, each
 * with a reason for the audit log. Errors show next to their field; typed values are kept.
 */
import {
  Anchor,
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
import { CHECK_METHODS } from "../../../lib/constants.ts";
import type { RecheckView as Recheck } from "../../../server/verification/recheck.ts";
import type { FormResult } from "../../form-result";
import { useFormats } from "../../i18n/format";
import { useLocalizePath } from "../../i18n/locale";
import { DecisionForm } from "../../ui/DecisionForm";
import { FormAlert, useFormFeedback, useTranslateMessage } from "../../ui/form";
import { LocaleLink } from "../../ui/LocaleLink";

/** The check, `today` (YYYY-MM-DD, for the date fields' defaults), a notice after a decision, and the last failure. */
export function RecheckView({
  check,
  today,
  notice,
  failure,
}: {
  check: Recheck;
  today: string;
  notice: string | null;
  /** The refused form (FormResult, `intent` the outcome "verified" or "lapsed"), if any. */
  failure: FormResult | null;
}) {
  const { t } = useTranslation("admin");
  const tProfile = useTranslation("profile").t;
  const formats = useFormats();
  const localize = useLocalizePath();
  const message = useTranslateMessage();
  const verified = useFormFeedback(failure, "verified");
  const lapsed = useFormFeedback(failure, "lapsed");
  const v = verified.value;
  // The two outcomes' cards: posted to this screen's action, checked by the server (errors next
  // to their fields), each a section named by its heading.
  const card = {
    action: localize(`/admin/rechecks/${check.checkId}`),
    noValidate: true,
    padding: "lg",
    radius: "md",
    gap: "sm",
    titleOrder: 3,
  } as const;
  // Calendar dates: the same day for every moderator, wherever they are (issue 28 §5).
  const day = (d: string | null) => (d ? formats.day(d) : t("rechecks.notSet"));
  const nextYear = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
  return (
    <Stack gap="md">
      <Anchor component={LocaleLink} to="/admin">
        {t("rechecks.back")}
      </Anchor>
      {notice === "verified" && <FormAlert tone="success">{t("rechecks.done.verified")}</FormAlert>}
      {notice === "lapsed" && <FormAlert tone="success">{t("rechecks.done.lapsed")}</FormAlert>}
      {failure?.message && <FormAlert tone="error">{message(failure.message)}</FormAlert>}
      <Card withBorder padding="lg" radius="md" component="article" aria-labelledby="recheck-title">
        <Stack gap="xs">
          <Title order={2} fz="h3" id="recheck-title">
            {t("rechecks.heading", {
              kind: tProfile(`verification.kind.${check.kind}`),
              listing: check.listingName,
            })}
          </Title>
          <Anchor component={LocaleLink} to={`/lawyer/${check.lawyerId}`}>
            {t("rechecks.openListing")}
          </Anchor>
          <Text>
            {t("rechecks.status")}: {tProfile(`verification.status.${check.status}`)}
          </Text>
          <Text>
            {t("rechecks.method")}:{" "}
            {check.method ? t(`rechecks.methods.${check.method}`) : t("rechecks.notSet")}
          </Text>
          <Text>
            {t("rechecks.source")}: {check.source ?? t("rechecks.notSet")}
            {check.sourceUrl && (
              <>
                {" · "}
                <Anchor href={check.sourceUrl} rel="noopener noreferrer" target="_blank">
                  {t("rechecks.openSource")}
                </Anchor>
              </>
            )}
          </Text>
          <Text>
            {t("rechecks.checkedOn")}: {day(check.checkedOn)} · {t("rechecks.nextCheckDue")}:{" "}
            {day(check.nextCheckDue)}
          </Text>
          {check.admission && (
            <Text>
              {t("rechecks.admission", {
                regulator: check.admission.regulator,
                number: check.admission.licenceNumber,
              })}
            </Text>
          )}
        </Stack>
      </Card>

      <DecisionForm
        {...card}
        hidden={{ outcome: "verified" }}
        labelledBy="recheck-confirm"
        title={t("rechecks.confirmTitle")}
        lead={t("rechecks.confirmLead")}
      >
        <NativeSelect
          name="method"
          label={t("rechecks.method")}
          defaultValue={v("method", check.method ?? "register_lookup")}
          error={verified.error("method")}
          data={CHECK_METHODS.map((m) => ({ value: m, label: t(`rechecks.methods.${m}`) }))}
        />
        <TextInput
          name="source"
          label={t("rechecks.source")}
          required
          defaultValue={v("source", check.admission?.regulator ?? check.source ?? "")}
          error={verified.error("source")}
          maxLength={255}
        />
        <TextInput
          name="sourceUrl"
          type="url"
          label={t("rechecks.sourceUrl")}
          defaultValue={v("sourceUrl", check.sourceUrl ?? "")}
          error={verified.error("sourceUrl")}
          maxLength={500}
        />
        <Group grow>
          <TextInput
            name="checkedOn"
            type="date"
            label={t("rechecks.checkedOn")}
            required
            defaultValue={v("checkedOn", today)}
            error={verified.error("checkedOn")}
          />
          <TextInput
            name="nextCheckDue"
            type="date"
            label={t("rechecks.nextCheckDue")}
            required
            defaultValue={v("nextCheckDue", nextYear)}
            error={verified.error("nextCheckDue")}
          />
        </Group>
        <Textarea
          name="reason"
          label={t("rechecks.reason")}
          required
          defaultValue={v("reason", "")}
          error={verified.error("reason")}
          maxLength={1000}
        />
        <Group>
          <Button type="submit">{t("rechecks.confirm")}</Button>
        </Group>
      </DecisionForm>

      <DecisionForm
        {...card}
        hidden={{ outcome: "lapsed" }}
        labelledBy="recheck-lapse"
        title={t("rechecks.lapseTitle")}
        lead={t("rechecks.lapseLead")}
      >
        <Textarea
          name="reason"
          label={t("rechecks.reason")}
          required
          defaultValue={lapsed.value("reason")}
          error={lapsed.error("reason")}
          maxLength={1000}
        />
        <Group>
          <Button type="submit" color="red" variant="light">
            {t("rechecks.lapse")}
          </Button>
        </Group>
      </DecisionForm>
    </Stack>
  );
}
