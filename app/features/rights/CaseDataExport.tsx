/**
 * The case page's "Download this case's data" (issue 17 §4; GDPR Art. 15/20): for the case's
 * client. A visitor with the case link downloads that case (`/cases/{id}/export`, by the case's
 * cookie); a signed-in client downloads their whole account's data (`/api/account/export`).
 */
import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Section } from "../../ui/dashboard-parts";
import { ExportButton } from "./ExportButton";

/** The section for case `caseId`; `signedIn`: the viewer is the signed-in client. */
export function CaseDataExport({ caseId, signedIn }: { caseId: string; signedIn: boolean }) {
  const { t } = useTranslation("rights");
  return (
    <Section headingId="case-data-export" title={t("export.heading")}>
      <Text size="sm" mb="sm">
        {signedIn ? t("export.description") : t("export.caseDescription")}
      </Text>
      <ExportButton href={signedIn ? "/api/account/export" : `/cases/${caseId}/export`} />
    </Section>
  );
}
