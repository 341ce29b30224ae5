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
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { numberFormat } from "../../../lib/i18n/intl-cache.ts";
import { LOGO_ACCEPT, LOGO_MAX_BYTES, LOGO_SIZE_PX } from "../../../lib/listing-owner.ts";
import { formFailureOf } from "../../form-result";
import { useLocale, useLocalizePath } from "../../i18n/locale";
import { FormAlert, useTranslateMessage } from "../../ui/form";
import { LawyerAvatar } from "../profile";
import { LISTING_ACTION, type ListingActionResult, type ListingFormFailure } from "./listing-action";

/**
 * "1.4 MB" / "820 KB": a file size for people in `locale` ("1,4 MB" in German; Intl's units
 * megabyte and kilobyte, binary multiples as the 2 MB limit is).
 */
export function formatBytes(bytes: number, locale = "en"): string {
  if (bytes >= 1024 * 1024) {
    return numberFormat(locale, {
      style: "unit",
      unit: "megabyte",
      minimumFractionDigits: bytes % (1024 * 1024) === 0 ? 0 : 1,
      maximumFractionDigits: 1,
    }).format(bytes / (1024 * 1024));
  }
  return numberFormat(locale, { style: "unit", unit: "kilobyte" }).format(
    Math.max(1, Math.round(bytes / 1024)),
  );
}

/**
 * The uploader for the listing of `name`, whose current logo is `logoUrl` (null: initials).
 * A file over LOGO_MAX_BYTES is refused in the browser before anything is sent; without
 * JavaScript the server refuses it (413) and the dashboard comes back with `refusedTooLarge`,
 * shown next to the file field (issue 27 §2).
 */
export function LogoUploader({
  name,
  logoUrl,
  refusedTooLarge = false,
}: {
  name: string;
  logoUrl: string | null;
  refusedTooLarge?: boolean;
}) {
  const fetcher = useFetcher<ListingActionResult>({ key: "listing-logo" });
  const { t } = useTranslation("listing");
  const locale = useLocale();
  const localize = useLocalizePath();
  const message = useTranslateMessage();
  const result = fetcher.data?.intent === "logo" ? fetcher.data : undefined;
  const [localError, setLocalError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const uploading = fetcher.state !== "idle";
  const failed = formFailureOf<ListingFormFailure>(result);
  const serverError = failed && !uploading ? (message(failed.message) ?? null) : null;
  const refused =
    refusedTooLarge && !result && !chosen
      ? t("notices.logoTooLarge", { max: formatBytes(LOGO_MAX_BYTES, locale) })
      : null;
  const error = localError ?? serverError ?? refused;
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
      setLocalError(
        t("logo.tooLarge", {
          max: formatBytes(LOGO_MAX_BYTES, locale),
          size: formatBytes(file.size, locale),
        }),
      );
    } else {
      setLocalError(null);
    }
  }

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={localize(LISTING_ACTION)}
      encType="multipart/form-data"
      aria-label={t("logo.label")}
      onSubmit={(event) => {
        if (localError || !chosen) {
          event.preventDefault();
          if (!chosen) setLocalError(t("logo.missing"));
          inputRef.current?.focus();
        }
      }}
    >
      <input type="hidden" name="intent" value="logo" />
      {result?.ok && !uploading && <FormAlert tone="success">{message(result.message)}</FormAlert>}
      <Group align="flex-start" gap="lg">
        <LawyerAvatar name={name} logo={logoUrl} size={96} />
        <Stack gap="xs" style={{ flex: "1 1 220px", minWidth: 0 }}>
          <Input.Wrapper
            label={t("logo.label")}
            labelProps={{ htmlFor: id }}
            description={t("logo.hint", { max: formatBytes(LOGO_MAX_BYTES, locale), px: LOGO_SIZE_PX })}
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
                marginBlockStart: 6,
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
              {t("logo.upload")}
            </Button>
          </div>
          {!logoUrl && (
            <Text size="xs" c="dimmed">
              {t("logo.noLogo")}
            </Text>
          )}
        </Stack>
      </Group>
    </fetcher.Form>
  );
}
