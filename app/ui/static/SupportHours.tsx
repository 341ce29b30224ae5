import { Table } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../i18n/locale";
import { hourRange, SUPPORT_HOURS } from "./support.ts";

/**
 * The support schedule as a two-column table (days, hours in EST), spec §2 "Static pages", in
 * the page's language and clock (issue 14 §1).
 * @param caption accessible caption of the table (visually hidden); "Support hours" by default
 */
export function SupportHours({ caption }: { caption?: string }) {
  const { t } = useTranslation("pages");
  const locale = useLocale();
  return (
    <Table withRowBorders verticalSpacing={6} horizontalSpacing={0} fz="sm">
      <caption
        style={{
          position: "absolute",
          width: 1,
          height: 1,
          overflow: "hidden",
          clip: "rect(0 0 0 0)",
          whiteSpace: "nowrap",
        }}
      >
        {caption ?? t("support.caption")}
      </caption>
      <Table.Tbody>
        {SUPPORT_HOURS.map((row) => (
          <Table.Tr key={row.days}>
            <Table.Th scope="row" fw={600} pe="md">
              {t(`support.${row.days}`)}
            </Table.Th>
            <Table.Td>
              {row.hours
                ? t("support.hours", { range: hourRange(row.hours.from, row.hours.to, locale) })
                : t("support.allDay")}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
