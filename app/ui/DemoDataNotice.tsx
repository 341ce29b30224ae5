/** A small visible note that the listings are fictional demo data (issue 2 §2), in the page's language. */
import { Alert } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/** Notice shown above search results and on profiles (text: "search" catalog, `demoNotice`). */
export function DemoDataNotice({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation("search");
  return (
    <Alert
      variant="light"
      color="gray"
      icon={<IconInfoCircle aria-hidden />}
      py={compact ? 6 : "sm"}
      role="note"
      styles={{ message: { color: "var(--mantine-color-gray-8)" } }}
    >
      {t("demoNotice")}
    </Alert>
  );
}
