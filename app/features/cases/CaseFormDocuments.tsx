/**
 * Step 3 of the case form, documents (spec §5 "Case form": pdf, doc, docx, jpg, jpeg, png, "a
 * stated maximum of 10MB per file", files can be added and removed; issue 4: at most 10 per
 * case, checked in the browser too): a Mantine Dropzone to drop files on, a real "Browse files"
 * button for the keyboard, the list of attached files each with its Remove button, and the
 * reasons a file was not added, next to the picker. Its styles load with this module only.
 */
import "@mantine/dropzone/styles.css";
import { ActionIcon, Alert, Button, Group, Stack, Text } from "@mantine/core";
import { Dropzone, type FileRejection } from "@mantine/dropzone";
import { IconFileText, IconPaperclip, IconTrash, IconUpload, IconX } from "@tabler/icons-react";
import { useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { CASE_DOCUMENT_MAX_COUNT, CASE_DOCUMENT_TYPES } from "../../../lib/cases.ts";
import { useLocale } from "../../i18n/locale";
import { CASE_DROPZONE_ACCEPT, caseDocumentsHint, formatFileSize } from "./CaseFormModel";

/**
 * The documents step: `files` attached so far; `onAdd` gets every file the person picked or
 * dropped (the caller checks and keeps them), `onRemove` the index to drop; `errors` are the
 * reasons files were not added or the server's verdict on them, already in the page's language;
 * `disabled` while sending.
 */
export function CaseFormDocuments({
  files,
  errors,
  disabled,
  onAdd,
  onRemove,
}: {
  files: readonly File[];
  errors: readonly string[];
  disabled: boolean;
  onAdd: (files: File[]) => void;
  onRemove: (index: number) => void;
}) {
  const { t } = useTranslation("cases");
  const locale = useLocale();
  const openRef = useRef<() => void>(null);
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const full = files.length >= CASE_DOCUMENT_MAX_COUNT;
  const listRef = useRef<HTMLDivElement>(null);
  const browseRef = useRef<HTMLButtonElement>(null);
  // Removing a file removes the focused button: the focus moves to the Remove button now in its
  // place (or the last one), or to Browse files when no file is left, never to the page's body.
  const remove = (index: number) => {
    onRemove(index);
    requestAnimationFrame(() => {
      const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>("button") ?? [];
      const target = buttons[Math.min(index, buttons.length - 1)] ?? browseRef.current;
      target?.focus();
    });
  };
  return (
    <Stack gap="sm">
      <Text fw={500} size="sm" id={`${id}-label`}>
        {t("documents.title")}
      </Text>
      <Dropzone
        openRef={openRef}
        // The type check of the picker is by name (the server checks content); size and count
        // are checked by addDocuments so that every refusal gets a clear message.
        // One call for everything picked at once (accepted and refused by type), so that each
        // refusal's reason is listed: two calls would let the second replace the first's errors.
        onDrop={() => {}}
        onDropAny={(accepted, rejections: FileRejection[]) =>
          onAdd([...accepted, ...rejections.map((r) => r.file)])
        }
        accept={CASE_DROPZONE_ACCEPT}
        disabled={disabled || full}
        activateOnKeyboard={false}
        inputProps={{ "aria-labelledby": `${id}-label`, "aria-describedby": hintId, name: "documents" }}
        radius="md"
        p="lg"
      >
        <Group justify="center" gap="md" wrap="nowrap" mih={90} style={{ pointerEvents: "none" }}>
          <Dropzone.Accept>
            <IconUpload size={40} aria-hidden color="var(--mantine-color-blue-6)" />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={40} aria-hidden color="var(--mantine-color-red-6)" />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconPaperclip size={40} aria-hidden color="var(--mantine-color-gray-6)" />
          </Dropzone.Idle>
          <div>
            <Text size="md" fw={500}>
              {t("documents.drop")}
            </Text>
            <Text size="sm" c="dimmed" mt={4} id={hintId}>
              {caseDocumentsHint(t)}
            </Text>
          </div>
        </Group>
      </Dropzone>
      <Group gap="sm">
        <Button
          ref={browseRef}
          variant="default"
          leftSection={<IconUpload size={16} aria-hidden />}
          onClick={() => openRef.current?.()}
          disabled={disabled || full}
          aria-describedby={errors.length > 0 ? `${hintId} ${errorId}` : hintId}
        >
          {t("documents.browse")}
        </Button>
        <Text size="sm" c="dimmed" aria-live="polite">
          {files.length === 0
            ? t("documents.none")
            : t("documents.count", { count: files.length, max: CASE_DOCUMENT_MAX_COUNT })}
        </Text>
      </Group>
      <div id={errorId} role="alert">
        {errors.length > 0 && (
          <Alert color="red" variant="light" p="xs" data-testid="documents-error">
            <Stack gap={4}>
              {errors.map((e) => (
                <Text key={e} size="sm" c="red.9">
                  {e}
                </Text>
              ))}
            </Stack>
          </Alert>
        )}
      </div>
      {files.length > 0 && (
        <Stack
          component="ul"
          gap={6}
          p={0}
          m={0}
          style={{ listStyle: "none" }}
          aria-label={t("documents.attached")}
          data-testid="attached-documents"
          ref={listRef}
        >
          {files.map((file, index) => (
            <li key={`${file.name}-${file.size}-${file.lastModified}`}>
              <Group gap="xs" wrap="nowrap">
                <IconFileText size={18} aria-hidden style={{ flex: "none" }} />
                <Text size="sm" style={{ flex: 1, minWidth: 0, overflowWrap: "anywhere" }}>
                  {file.name}{" "}
                  <Text span size="xs" c="dimmed">
                    ({formatFileSize(file.size, locale)})
                  </Text>
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size={36}
                  onClick={() => remove(index)}
                  disabled={disabled}
                  aria-label={t("documents.remove", { name: file.name })}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            </li>
          ))}
        </Stack>
      )}
      <Text size="xs" c="dimmed">
        {t("documents.accepted", {
          types: new Intl.ListFormat(locale, { type: "unit", style: "short" }).format(
            Object.keys(CASE_DOCUMENT_TYPES),
          ),
        })}
      </Text>
    </Stack>
  );
}
