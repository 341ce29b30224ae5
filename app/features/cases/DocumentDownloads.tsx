/**
 * The case page's download log for the client (issue 17 §3: "every download is recorded (who,
 * when) and the client sees the list on the case page"; GDPR Art. 15 and 5(2)): each download of
 * the case's documents, newest first, with the document's name, who (your lawyer, you, you with
 * the case link, LexAtlas staff) and when, in the visitor's time zone. Server-rendered, no script.
 */
import { Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { CaseDownloadInfo } from "../../../server/cases/service.ts";
import { useTimeZone } from "../../i18n/format";
import { useLocale } from "../../i18n/locale";
import { Section } from "../../ui/dashboard-parts";
import { formatCaseDate } from "./case-display";

/** The "Who downloaded your documents" section of the case page; `downloads` newest first. */
export function DocumentDownloads({ downloads }: { downloads: CaseDownloadInfo[] }) {
  const { t } = useTranslation("cases");
  const locale = useLocale();
  const timeZone = useTimeZone();
  return (
    <Section headingId="case-downloads" title={t("downloads.title")}>
      <Text size="sm" c="dimmed" mb="sm">
        {t("downloads.intro")}
      </Text>
      {downloads.length === 0 ? (
        <Text data-testid="case-downloads-none">{t("downloads.none")}</Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table data-testid="case-downloads" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("downloads.document")}</Table.Th>
                <Table.Th scope="col">{t("downloads.who")}</Table.Th>
                <Table.Th scope="col">{t("downloads.when")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {downloads.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td style={{ overflowWrap: "anywhere" }}>
                    <bdi>{d.fileName}</bdi>
                  </Table.Td>
                  <Table.Td>{t(`downloads.roles.${d.role}`)}</Table.Td>
                  <Table.Td>{formatCaseDate(d.downloadedAt, locale, timeZone)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}
