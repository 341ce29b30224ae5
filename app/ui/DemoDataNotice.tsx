/** A small visible note that the listings are fictional demo data (issue 2 §2). */
import { Alert } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";

/** Notice shown above search results and on profiles. */
export function DemoDataNotice({ compact = false }: { compact?: boolean }) {
  return (
    <Alert
      variant="light"
      color="gray"
      icon={<IconInfoCircle aria-hidden />}
      py={compact ? 6 : "sm"}
      role="note"
      styles={{ message: { color: "var(--mantine-color-gray-8)" } }}
    >
      Demo data: these listings are fictional and generated for demonstration. They do not describe real
      lawyers or firms.
    </Alert>
  );
}
