/**
 * What the profile of a listing nobody manages says instead of a promise (issue 28 §4: "nothing
 * promises a reply within 24 hours ... say that the listing is not managed yet and what LexAtlas
 * will do"): the lawyer has not joined LexAtlas; what happens to a case sent to it (the firm's
 * published address is told, without the client's details; the description and documents wait
 * encrypted until the lawyer claims the listing and accepts; the client is told of the answer and
 * may send the case to another lawyer at any time) — each step what server/cases and
 * server/responses do (docs/spec-deviations.md). The route puts the managed lawyers nearby under it.
 */
import { List, Stack, Text } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Notice } from "../../ui/Notice";

/** The notice for the lawyer `name`; `children` (the managed lawyers nearby) follow its text. */
export function UnmanagedListingNotice({ name, children }: { name: string; children?: ReactNode }) {
  const { t } = useTranslation("profile");
  return (
    <Notice
      color="orange"
      icon={<IconInfoCircle aria-hidden />}
      title={t("unmanaged.title", { name })}
      data-testid="unmanaged-listing"
    >
      <Stack gap="sm">
        <Text size="sm">{t("unmanaged.lead")}</Text>
        <List size="sm" spacing={4}>
          <List.Item>{t("unmanaged.stepNotify")}</List.Item>
          <List.Item>{t("unmanaged.stepHold")}</List.Item>
          <List.Item>{t("unmanaged.stepAnswer")}</List.Item>
        </List>
        {children}
      </Stack>
    </Notice>
  );
}
