/**
 * The logo uploader of "My listing" (issue 3: "a logo upload (an image checked by content, at
 * most 2 MB, resized and re-encoded on the server)"): shows the current logo (or the initials),
 * takes a JPEG, PNG, WebP or GIF file, says at once in the browser when it is over 2 MB, and
 * posts it to /dashboard/listing; the server's verdict (too large, not an image) shows next to
 * the input. The public profile and cards show the new logo as soon as it is saved.
 */
import { Button, Group, Input, Stack, Text } from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { type ChangeEvent, useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { LISTING_MESSAGES, LOGO_ACCEPT, LOGO_MAX_BYTES, LOGO_SIZE_PX } from "../../../lib/listing-owner.ts";
import { FormAlert } from "../../ui/form";
import { LawyerAvatar } from "../profile";
import { LISTING_ACTION, type ListingActionResult } from "./listing-action";

/** "1.4 MB" / "820 KB": a file size for people. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * The uploader for the listing of `name`, whose current logo is `logoUrl` (null: initials).
 * A file over LOGO_MAX_BYTES is refused in the browser before anything is sent.
 */
export function LogoUploader({ name, logoUrl }: { name: string; logoUrl: string | null }) {
  const fetcher = useFetcher<ListingActionResult>({ key: "listing-logo" });
  const result = fetcher.data?.intent === "logo" ? fetcher.data : undefined;
  const [localError, setLocalError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const uploading = fetcher.state !== "idle";
  const serverError = result && !result.ok && !uploading ? result.message : null;
  const error = localError ?? serverError;
  const formRef = useRef<HTMLFormElement>(null);
  const saved = result?.ok && !uploading;
  // After a successful upload, clear the chosen file: the avatar now shows the stored logo.
  useEffect(() => {
    if (saved) {
      formRef.current?.reset();
      setChosen(null);
    }
  }, [saved]);

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0] ?? null;
    setChosen(file);
    if (file && file.size > LOGO_MAX_BYTES) {
      setLocalError(`${LISTING_MESSAGES.logoTooLarge} This file is ${formatBytes(file.size)}.`);
    } else {
      setLocalError(null);
    }
  }

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={LISTING_ACTION}
      encType="multipart/form-data"
      aria-label="Logo"
      onSubmit={(event) => {
        if (localError || !chosen) {
          event.preventDefault();
          if (!chosen) setLocalError(LISTING_MESSAGES.logoMissing);
          inputRef.current?.focus();
        }
      }}
    >
      <input type="hidden" name="intent" value="logo" />
      {result?.ok && !uploading && <FormAlert tone="success">{result.message}</FormAlert>}
      <Group align="flex-start" gap="lg">
        <LawyerAvatar name={name} logo={logoUrl} size={96} />
        <Stack gap="xs" style={{ flex: "1 1 220px", minWidth: 0 }}>
          <Input.Wrapper
            label="Logo"
            labelProps={{ htmlFor: id }}
            description={`JPEG, PNG, WebP or GIF, at most ${formatBytes(LOGO_MAX_BYTES)}. Shown at up to ${LOGO_SIZE_PX} × ${LOGO_SIZE_PX} pixels.`}
            error={error}
            errorProps={{ id: `${id}-error` }}
            descriptionProps={{ id: `${id}-description` }}
          >
            <input
              ref={inputRef}
              id={id}
              type="file"
              name="logo"
              accept={LOGO_ACCEPT}
              onChange={onChange}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-description ${id}-error` : `${id}-description`}
              style={{
                display: "block",
                maxWidth: "100%",
                marginTop: 6,
                fontSize: "var(--mantine-font-size-sm)",
              }}
            />
          </Input.Wrapper>
          <div>
            <Button
              type="submit"
              variant="light"
              loading={uploading}
              leftSection={<IconUpload size={16} aria-hidden />}
            >
              Upload logo
            </Button>
          </div>
          {!logoUrl && (
            <Text size="xs" c="dimmed">
              Without a logo, your profile shows your initials.
            </Text>
          )}
        </Stack>
      </Group>
    </fetcher.Form>
  );
}
