import { Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../i18n/locale";
import { hourRange, useCompany, zoneName } from "./support.ts";

/**
 * The support schedule as a two-column table (days, hours), spec §2 "Static pages", in the
 * page's language and clock (issue 14 §1). Issue 19 §5: the hours and their time zone come from
 * configuration (SUPPORT_HOURS, SUPPORT_TIME_ZONE), the zone named in the page's language under
 * the table; a day without hours reads "Closed"; the emergency line is answered all day.
 * @param caption accessible caption of the table (visually hidden); "Support hours" by default
 */
export function SupportHours({ caption }: { caption?: string }) {
  const { t } = useTranslation("pages");
  const locale = useLocale();
  const company = useCompany();
  const rows = [
    ...company.hours.map((r) => ({ key: r.days, hours: r.hours, closed: r.hours === null })),
    { key: "emergencyLine" as const, hours: null, closed: false },
  ];
  return (
    <>
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
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Th scope="row" fw={600} pe="md">
                {t(`support.${row.key}`)}
              </Table.Th>
              <Table.Td>
                {row.hours
                  ? hourRange(row.hours.from, row.hours.to, locale)
                  : row.closed
                    ? t("support.closed")
                    : t("support.allDay")}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed" mt={4} data-testid="support-time-zone">
        {t("support.timeZone", { zone: zoneName(company.timeZone, locale) })}
      </Text>
    </>
  );
}
