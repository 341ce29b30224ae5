/**
 * The contact-form inbox of the back office (issue 15 §1): a GET filter form (status, category;
 * works without JavaScript), the messages newest first with their state, and paging.
 */
import { Anchor, Badge, Button, Group, Stack, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { CONTACT_CATEGORIES, CONTACT_MESSAGE_STATUSES } from "../../../lib/constants.ts";
import { optionKey } from "../../../lib/option-key.ts";
import type { ContactFilter, ContactPage } from "../../../server/staff/service.ts";
import { useFormats } from "../../i18n/format";
import { useLocalizePath } from "../../i18n/locale";
import { LocaleLink } from "../../ui/LocaleLink";
import { Pager } from "./AdminShell";
import { FilterSelect, ResultsTable } from "./lists";

/** The inbox's query string for `filter` and `page` (page 1 and empty filters left out). */
export function inboxSearch(filter: ContactFilter, page = 1): string {
  const params = new URLSearchParams();
  if (filter.status) params.set("status", filter.status);
  if (filter.category) params.set("category", filter.category);
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The badge of a message's state. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("admin");
  return (
    <Badge color={status === "new" ? "blue" : "gray"} variant="light">
      {t(`contact.statuses.${status}`)}
    </Badge>
  );
}

/** Filters, the page of messages and the pager. */
export function ContactInbox({ inbox, filter }: { inbox: ContactPage; filter: ContactFilter }) {
  const { t } = useTranslation("admin");
  const tContact = useTranslation("contact").t;
  const tCases = useTranslation("cases").t;
  const formats = useFormats();
  const localize = useLocalizePath();
  return (
    <Stack gap="md">
      <Text c="dimmed">{t("contact.lead")}</Text>
      <Form method="get" action={localize("/admin/contact")} aria-label={t("contact.filters")}>
        <Group align="flex-end" gap="md">
          <FilterSelect
            name="status"
            label={t("contact.status")}
            defaultValue={filter.status ?? ""}
            anyLabel={t("contact.any")}
            options={CONTACT_MESSAGE_STATUSES.map((s) => ({ value: s, label: t(`contact.statuses.${s}`) }))}
          />
          <FilterSelect
            name="category"
            label={t("contact.category")}
            defaultValue={filter.category ?? ""}
            anyLabel={t("contact.any")}
            options={CONTACT_CATEGORIES.map((c) => ({
              value: c,
              label: tContact(`categories.${optionKey(c)}`),
            }))}
          />
          <Button type="submit" variant="light">
            {t("contact.apply")}
          </Button>
        </Group>
      </Form>
      <Text size="sm">{t("contact.count", { total: inbox.total })}</Text>
      <ResultsTable
        count={inbox.rows.length}
        empty={t("contact.empty")}
        minWidth={720}
        columns={[
          t("contact.columns.received"),
          t("contact.columns.from"),
          t("contact.columns.subject"),
          t("contact.columns.category"),
          t("contact.columns.priority"),
          t("contact.columns.status"),
        ]}
      >
        {inbox.rows.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td>{formats.dateTime(row.createdAt)}</Table.Td>
            <Table.Td>
              {row.name}
              <Text size="xs" c="dimmed">
                {row.email}
              </Text>
            </Table.Td>
            <Table.Td>
              <Anchor component={LocaleLink} to={`/admin/contact/${row.id}`}>
                {row.subject}
              </Anchor>
            </Table.Td>
            <Table.Td>{tContact(`categories.${optionKey(row.category)}`)}</Table.Td>
            <Table.Td>{tCases(`priorities.${row.priority}`)}</Table.Td>
            <Table.Td>
              <StatusBadge status={row.status} />
            </Table.Td>
          </Table.Tr>
        ))}
      </ResultsTable>
      <Pager
        page={inbox.page}
        pageCount={inbox.pageCount}
        hasMore={inbox.page < inbox.pageCount}
        href={(page) => `/admin/contact${inboxSearch(filter, page)}`}
      />
    </Stack>
  );
}
