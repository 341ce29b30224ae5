/**
 * How a verification check and a bar admission read on the verification screens (issue 15 §2):
 * the check's state as a coloured badge, the admission as one line, and one check with its kind,
 * the specialist title it is about (issue 28 §2), its state and the calendar day it was checked
 * (issue 28 §5). Shared by the lawyer's verification page and the moderator's review screen.
 */
import { Badge, Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { CheckStatus } from "../../../lib/verification.ts";
import type { AdmissionView, OwnerVerificationView } from "../../../server/verification/requests.ts";
import { useFormats } from "../../i18n/format";

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

/**
 * One check as a line: its kind (with `regulator` in brackets when given, and the specialist
 * title it is about, as conferred), its state badge and the day it was checked (a calendar date,
 * the same for every reader). `strong` sets the kind in bold; `testId` is the line's data-testid.
 */
export function CheckLine({
  check: c,
  regulator,
  strong,
  testId,
}: {
  check: Pick<OwnerVerificationView["checks"][number], "kind" | "status" | "checkedOn" | "details">;
  regulator?: string;
  strong?: boolean;
  testId?: string;
}) {
  const tProfile = useTranslation("profile").t;
  const formats = useFormats();
  return (
    <Group gap="xs" data-testid={testId}>
      <Text fw={strong ? 600 : undefined}>
        {tProfile(`verification.kind.${c.kind}`)}
        {regulator ? ` (${regulator})` : ""}
        {/* Issue 28 §2: which specialist title the check is about, as conferred. */}
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
}
