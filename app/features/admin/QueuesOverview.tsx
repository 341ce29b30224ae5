/**
 * The back office's queues (issue 15 §1): verification requests, re-checks due, listing reports
 * and corrections, each with its items or an honest empty state (the checks work of issue 15
 * §2/§3 plugs its providers into server/staff; contract QueueProvider in server/staff/service.ts),
 * and the number of new contact messages.
 */
import { Anchor, List, Stack, Text } from "@mantine/core";
import { IconInbox } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { QueueItem, QueueKind } from "../../../server/staff/service.ts";
import { useFormats } from "../../i18n/format";
import { EmptyState, Section } from "../../ui/dashboard-parts";
import { LocaleLink } from "../../ui/LocaleLink";

/** The queues in the order the page shows them. */
const ORDER: QueueKind[] = ["verification", "rechecks", "reports", "corrections", "reviews"];

/** The four queues and a link to the new contact messages. */
export function QueuesOverview({
  queues,
  newContact,
}: {
  queues: Record<QueueKind, QueueItem[]>;
  newContact: number;
}) {
  const { t } = useTranslation("admin");
  const tProfile = useTranslation("profile").t;
  const formats = useFormats();
  return (
    <Stack gap="lg">
      <div>
        <Text c="dimmed">{t("queues.lead")}</Text>
        <Anchor component={LocaleLink} to="/admin/contact?status=new" mt="xs" display="inline-block">
          {t("queues.newContact", { count: newContact })}
        </Anchor>
      </div>
      {ORDER.map((kind) => (
        <Section key={kind} id={`queue-${kind}`} title={t(`queues.${kind}.title`)}>
          <Text size="sm" c="dimmed" mb="sm">
            {t(`queues.${kind}.text`)}
          </Text>
          {queues[kind].length === 0 ? (
            <EmptyState icon={<IconInbox size={24} aria-hidden />} title={t(`queues.${kind}.empty`)}>
              {null}
            </EmptyState>
          ) : (
            <List spacing="xs">
              {queues[kind].map((item) => (
                <List.Item key={item.id}>
                  <Anchor component={LocaleLink} to={item.href}>
                    {item.title}
                    {item.checkKind ? ` · ${tProfile(`verification.kind.${item.checkKind}`)}` : ""}
                  </Anchor>{" "}
                  <Text span size="sm" c="dimmed">
                    {t("queues.since", { date: formats.dateTime(item.since) })}
                  </Text>
                </List.Item>
              ))}
            </List>
          )}
        </Section>
      ))}
    </Stack>
  );
}
