/**
 * "Download my data" (issue 17 §4): a link to the export that works without JavaScript (the
 * browser downloads the zip); with JavaScript the click fetches it, shows "Preparing…", and when
 * the server answers 202 (a large export built in the background) says "we will email you" and
 * polls the status URL until the zip arrives. GDPR Art. 15/20.
 */
import { Alert, Button, Group, Loader, Stack, Text } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

type State = "idle" | "preparing" | "building" | "error";

/** How often a background export's status is asked for, in ms. */
const POLL_MS = 3000;

/** Saves `blob` as `fileName` through a temporary link. */
function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The file name of a zip answer (Content-Disposition), else a plain one. */
function fileNameOf(res: Response): string {
  return (
    /filename="([^"]+)"/.exec(res.headers.get("Content-Disposition") ?? "")?.[1] ?? "lexatlas-export.zip"
  );
}

/**
 * The download button for `href` (`/api/account/export`, or `/cases/{id}/export` for a case
 * link); `label` overrides "Download my data".
 */
export function ExportButton({ href, label }: { href: string; label?: string }) {
  const { t } = useTranslation("rights");
  const [state, setState] = useState<State>("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  async function fetchZip(url: string): Promise<void> {
    const res = await fetch(url, {
      credentials: "same-origin",
      headers: { Accept: "application/zip, application/json" },
    });
    if (res.status === 200) {
      save(await res.blob(), fileNameOf(res));
      setState("idle");
      return;
    }
    if (res.status === 202) {
      const body = (await res.json()) as { statusUrl?: string };
      setState("building");
      timer.current = setTimeout(() => {
        fetchZip(body.statusUrl ?? url).catch(() => setState("error"));
      }, POLL_MS);
      return;
    }
    setState("error");
  }

  return (
    <Stack gap="sm" data-testid="export" data-state={state}>
      <Group>
        <Button
          component="a"
          href={href}
          download
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={state === "preparing"}
          disabled={state === "building"}
          onClick={(event: React.MouseEvent) => {
            event.preventDefault();
            setState("preparing");
            fetchZip(href).catch(() => setState("error"));
          }}
        >
          {label ?? t("export.button")}
        </Button>
      </Group>
      {state === "preparing" && (
        <Text size="sm" c="dimmed" role="status">
          {t("export.preparing")}
        </Text>
      )}
      {state === "building" && (
        <Alert color="blue" variant="light" role="status" icon={<Loader size="xs" />}>
          {t("export.building")}
        </Alert>
      )}
      {state === "error" && (
        <Alert color="red" variant="light" role="alert">
          {t("export.error")}
        </Alert>
      )}
    </Stack>
  );
}
