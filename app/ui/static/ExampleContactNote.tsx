import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useCompany } from "./support.ts";

/**
 * Issue 19 §5: while the company's contact details are the demo's examples (lib/company.ts),
 * a short note says so next to them; nothing once real values are configured.
 */
export function ExampleContactNote({ c }: { c?: string }) {
  const { t } = useTranslation("pages");
  if (!useCompany().example) return null;
  return (
    <Text size="xs" fs="italic" c={c ?? "dimmed"} data-testid="example-contact">
      {t("company.example")}
    </Text>
  );
}
