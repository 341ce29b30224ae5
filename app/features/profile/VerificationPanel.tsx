/**
 * How a listing's verification is shown (issue 15 §2 "Profile and cards"): next to the tick the
 * line "Licence verified with {regulator} on {date}" linking to the register entry, or plainly
 * "Licence not yet verified"; and the "What we checked" panel: the five checks with their state,
 * dates and source, the bar admissions, and public disciplinary records with date, outcome,
 * source link and the lawyer's statement, linking to /how-we-verify. Registers are the source of
 * truth and discipline is shown with its source, as regulators do [S16][S20][S21][S22][S27].
 */
import { Anchor, Badge, Box, Card, Group, List, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconRosetteDiscountCheckFilled } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { CHECK_KINDS } from "../../../lib/constants.ts";
import {
  type CheckStatus,
  type DisciplinaryRecordDTO,
  type VerificationCheckDTO,
  type VerificationDTO,
  verifiedLicence,
} from "../../../lib/verification.ts";
import { useFormats } from "../../i18n/format";
import { LocaleLink } from "../../ui/LocaleLink";

/** Badge backgrounds per state, dark enough for white text at WCAG AA (4.5:1 or more). */
const STATUS_COLOR: Record<CheckStatus, string> = {
  verified: "#237032",
  pending: "#1864ab",
  lapsed: "#a34100",
  rejected: "#b02525",
  unverified: "#495057",
};

/** The warning colour of "Licence not yet verified" (5.6:1 on white). */
export const NOT_VERIFIED_COLOR = "#a34100";

/** A `YYYY-MM-DD` day in the page's locale, the same day in every zone (formats.day, issue 28 §5). */
function useDay(): (iso: string) => string {
  const formats = useFormats();
  return (iso) => formats.day(iso);
}

/**
 * The licence line beside the name: "Licence verified with {regulator} on {date}" (a link to the
 * register entry when the check has one) when the tick is earned, else "Licence not yet
 * verified". `verification` is the read model of server/verification/read.ts.
 */
export function LicenceLine({ verification }: { verification: VerificationDTO }) {
  const { t } = useTranslation("profile");
  const day = useDay();
  const licence = verifiedLicence(verification);
  if (!licence) {
    return (
      <Group gap={6} wrap="nowrap" data-testid="licence-not-verified">
        <IconAlertTriangle size={16} aria-hidden color={NOT_VERIFIED_COLOR} style={{ flex: "none" }} />
        <Text size="sm" fw={600} c={NOT_VERIFIED_COLOR}>
          {t("verification.notVerified")}
        </Text>
      </Group>
    );
  }
  const regulator = licence.source ?? "";
  const text = licence.checkedOn
    ? t("verification.licenceVerifiedWith", { regulator, date: day(licence.checkedOn) })
    : t("verification.licenceVerifiedWithNoDate", { regulator });
  return (
    <Group gap={6} wrap="nowrap" data-testid="licence-verified">
      <IconRosetteDiscountCheckFilled size={16} aria-hidden color="#237032" style={{ flex: "none" }} />
      {licence.sourceUrl ? (
        <Anchor href={licence.sourceUrl} size="sm" target="_blank" rel="noopener noreferrer nofollow">
          {text}
        </Anchor>
      ) : (
        <Text size="sm">{text}</Text>
      )}
    </Group>
  );
}

/** One check's line: state badge, dates, source (a link when it has one) and its details. */
function CheckItem({
  kind,
  check,
}: {
  kind: (typeof CHECK_KINDS)[number];
  check: VerificationCheckDTO | undefined;
}) {
  const { t } = useTranslation("profile");
  const day = useDay();
  const status: CheckStatus = check?.status ?? "unverified";
  const d = check?.details ?? {};
  const detail =
    kind === "insurance" && d.carrier
      ? t("verification.insuranceDetails", { carrier: String(d.carrier), cover: String(d.cover ?? "") })
      : kind === "education" && d.school
        ? t("verification.educationDetails", {
            degree: String(d.degree ?? ""),
            school: String(d.school),
            year: String(d.year ?? ""),
          })
        : null;
  return (
    <Box component="li" data-testid={`check-${kind}`} data-status={status}>
      <Group gap={8} wrap="wrap">
        <Text fw={600}>{t(`verification.kind.${kind}`)}</Text>
        <Badge color={STATUS_COLOR[status]} tt="none" styles={{ root: { color: "#ffffff" } }}>
          {t(`verification.status.${status}`)}
        </Badge>
        {check?.demo && (
          <Badge
            color="gray"
            variant="outline"
            tt="none"
            styles={{ root: { color: "var(--mantine-color-gray-8)" } }}
          >
            {t("verification.demoRecord")}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dark.5">
        {[
          check?.checkedOn ? t("verification.checkedOn", { date: day(check.checkedOn) }) : null,
          check?.nextCheckDue ? t("verification.nextCheck", { date: day(check.nextCheckDue) }) : null,
        ]
          .filter(Boolean)
          .join(" · ")}
      </Text>
      {check?.source && (
        <Text size="sm" c="dark.5">
          {t("verification.sourceLabel")}{" "}
          {check.sourceUrl ? (
            <Anchor href={check.sourceUrl} target="_blank" rel="noopener noreferrer nofollow" inherit>
              {check.source}
            </Anchor>
          ) : (
            check.source
          )}
        </Text>
      )}
      {detail && (
        <Text size="sm" c="dark.5">
          {detail}
        </Text>
      )}
    </Box>
  );
}

/** A public disciplinary record with its source link and the lawyer's statement. */
function DisciplineItem({ record }: { record: DisciplinaryRecordDTO }) {
  const { t } = useTranslation("profile");
  const day = useDay();
  return (
    <Box component="li" data-testid="discipline-record">
      <Text size="sm">
        {t("verification.disciplineRecord", {
          date: day(record.date),
          outcome: record.outcome,
          regulator: record.regulator,
        })}
        {record.sourceUrl && (
          <>
            {" "}
            <Anchor href={record.sourceUrl} target="_blank" rel="noopener noreferrer nofollow" inherit>
              {t("verification.disciplineSource")}
            </Anchor>
          </>
        )}
      </Text>
      {record.lawyerStatement && (
        <Text size="sm" c="dark.5">
          {t("verification.lawyerStatement")} {record.lawyerStatement}
        </Text>
      )}
    </Box>
  );
}

/**
 * Items of several blocks each (a Group, Texts): a plain list, since Mantine's List.Item wraps its
 * content in a <span>, where a <div> or <p> is not allowed (W3C Nu HTML checker).
 */
const BLOCK_LIST = { listStyle: "none", margin: 0, padding: 0 } as const;

/**
 * The "What we checked" panel (issue 15 §2): every one of the five checks (a missing one reads
 * "Not checked"), the bar admissions, and the public disciplinary records; links to /how-we-verify.
 */
export function WhatWeChecked({
  verification,
  disciplinaryRecords,
}: {
  verification: VerificationDTO;
  disciplinaryRecords: DisciplinaryRecordDTO[];
}) {
  const { t } = useTranslation("profile");
  return (
    <Card
      withBorder
      padding="xl"
      component="section"
      aria-labelledby="checks-heading"
      data-testid="what-we-checked"
    >
      <Stack gap="sm">
        <Title order={2} size="h3" id="checks-heading">
          {t("verification.panelTitle")}
        </Title>
        <Stack component="ul" gap="sm" style={BLOCK_LIST}>
          {CHECK_KINDS.map((kind) => (
            <CheckItem key={kind} kind={kind} check={verification.checks.find((c) => c.kind === kind)} />
          ))}
        </Stack>
        {verification.admissions.length > 0 && (
          <>
            <Title order={3} size="h5">
              {t("verification.admissionsTitle")}
            </Title>
            <List spacing={4} size="sm">
              {verification.admissions.map((a) => (
                <List.Item key={`${a.regulator}-${a.licenceNumber}`}>
                  {t("verification.admission", {
                    regulator: a.regulator,
                    number: a.licenceNumber,
                    jurisdiction: [a.region, a.countryCode].filter(Boolean).join(", "),
                    year: a.yearAdmitted === null ? "—" : String(a.yearAdmitted),
                  })}
                </List.Item>
              ))}
            </List>
          </>
        )}
        {disciplinaryRecords.length > 0 && (
          <>
            <Title order={3} size="h5">
              {t("verification.disciplineTitle")}
            </Title>
            <Stack component="ul" gap="xs" style={BLOCK_LIST}>
              {disciplinaryRecords.map((r) => (
                <DisciplineItem key={`${r.date}-${r.outcome}`} record={r} />
              ))}
            </Stack>
          </>
        )}
        <Text size="sm">
          <Anchor component={LocaleLink} to="/how-we-verify" inherit>
            {t("verification.howWeVerify")}
          </Anchor>
        </Text>
      </Stack>
    </Card>
  );
}
