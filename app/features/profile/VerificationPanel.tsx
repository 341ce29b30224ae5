/**
 * How a listing's verification is shown (issue 15 §2 "Profile and cards"): next to the tick the
 * line "Licence verified with {regulator} on {date}" linking to the register entry, or plainly
 * "Licence not yet verified"; and the "What we checked" panel: the five checks with their state,
 * dates and source, one line per specialist title the listing states (issue 28 §2), the bar
 * admissions, and public disciplinary records with date, outcome, source link and the lawyer's
 * statement, linking to /how-we-verify. Registers are the source of truth and discipline is shown
 * with its source, as regulators do [S16][S20][S21][S22][S27]. Issue 28 §2: every word of it is
 * the page's language at render time: check names, the demo marker and a demo record's discipline
 * texts come from the catalogs; only names (regulators, insurers, schools, titles as conferred)
 * are shown as stored.
 */
import { Anchor, Badge, Box, Card, Group, List, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconRosetteDiscountCheckFilled } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { CHECK_KINDS } from "../../../lib/constants.ts";
import { translateMessage } from "../../../lib/i18n/message.ts";
import type { SpecialistTitle } from "../../../lib/specialist-titles.ts";
import {
  type CheckStatus,
  type DisciplinaryRecordDTO,
  specialistTitleCheck,
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
  // Issue 28 §2: a demo record says so in the page's language ("Demo-Eintrag"), not in stored English.
  const demo = licence.demo ? "Demo" : "";
  const text = licence.checkedOn
    ? t(`verification.licenceVerifiedWith${demo}`, { regulator, date: day(licence.checkedOn) })
    : t(`verification.licenceVerifiedWith${demo}NoDate`, { regulator });
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

/** The line under a check's name: what it found (insurer, degree), or the specialist title it is about. */
function checkDetail(
  t: TFunction,
  kind: (typeof CHECK_KINDS)[number],
  check: VerificationCheckDTO | undefined,
  title: SpecialistTitle | undefined,
): string | null {
  const d = check?.details ?? {};
  if (kind === "insurance" && d.carrier)
    return t("verification.insuranceDetails", { carrier: String(d.carrier), cover: String(d.cover ?? "") });
  if (kind === "education" && d.school)
    return t("verification.educationDetails", {
      degree: String(d.degree ?? ""),
      school: String(d.school),
      year: String(d.year ?? ""),
    });
  if (kind === "specialist_title" && title)
    return t("verification.specialistTitleDetails", { issuer: title.issuer, year: String(title.since) });
  return null;
}

/**
 * One check's line: state badge, the demo marker, dates, source (a link when it has one) and its
 * details; for a specialist title (issue 28 §2) the title as conferred next to the check's name.
 */
function CheckItem({
  kind,
  check,
  title,
}: {
  kind: (typeof CHECK_KINDS)[number];
  check: VerificationCheckDTO | undefined;
  title?: SpecialistTitle;
}) {
  const { t } = useTranslation("profile");
  const day = useDay();
  const status: CheckStatus = check?.status ?? "unverified";
  const detail = checkDetail(t, kind, check, title);
  return (
    <Box component="li" data-testid={`check-${kind}`} data-status={status}>
      <Group gap={8} wrap="wrap">
        <Text fw={600}>
          {t(`verification.kind.${kind}`)}
          {title && (
            <>
              {t("verification.titleSeparator")}
              <bdi>{title.title}</bdi>
            </>
          )}
        </Text>
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

/**
 * A public disciplinary record with its source link and the lawyer's statement. A demo record's
 * outcome and statement are catalog references, read in the page's language (issue 28 §2); a
 * real record's are the regulator's and the lawyer's own words, never looked up.
 */
function DisciplineItem({ record }: { record: DisciplinaryRecordDTO }) {
  const { t } = useTranslation("profile");
  const day = useDay();
  const own = (text: string) => (record.demo ? translateMessage(t, text) : text);
  return (
    <Box component="li" data-testid="discipline-record">
      <Text size="sm">
        {t("verification.disciplineRecord", {
          date: day(record.date),
          outcome: own(record.outcome),
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
          {t("verification.lawyerStatement")} {own(record.lawyerStatement)}
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
 * "Not checked"), one line per specialist title of `specialistTitles` with its own check (issue
 * 28 §2; none without titles), the bar admissions, and the public disciplinary records; links to
 * /how-we-verify.
 */
export function WhatWeChecked({
  verification,
  disciplinaryRecords,
  specialistTitles = [],
}: {
  verification: VerificationDTO;
  disciplinaryRecords: DisciplinaryRecordDTO[];
  specialistTitles?: readonly SpecialistTitle[];
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
          {CHECK_KINDS.map((kind) =>
            kind === "specialist_title" ? (
              specialistTitles.map((title) => (
                <CheckItem
                  key={`${kind}-${title.title}-${title.issuer}`}
                  kind={kind}
                  title={title}
                  check={specialistTitleCheck(verification.checks, title)}
                />
              ))
            ) : (
              <CheckItem key={kind} kind={kind} check={verification.checks.find((c) => c.kind === kind)} />
            ),
          )}
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
