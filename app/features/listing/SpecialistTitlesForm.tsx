/**
 * "Specialist titles" on the listing edit page (issue 28 §2): a form of its own (intent
 * `specialist-titles`, posted to /dashboard/listing like the fees form, through a fetcher; a plain
 * HTML post without JavaScript) with one row per stated title and one empty row to add another
 * (up to SPECIALIST_TITLES_MAX): the title as conferred in its original language, the body that
 * conferred it, its practice area and the year. A row left empty is dropped; the server checks
 * the rest (lib/specialist-titles.ts) and refuses with a message next to the field in the page's
 * language, keeping what was typed. A changed or removed title loses its check.
 */
import { Button, Fieldset, Group, NativeSelect, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconDeviceFloppy } from "@tabler/icons-react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { PRACTICE_AREAS } from "../../../lib/constants.ts";
import type { OwnedListing } from "../../../lib/listing-owner.ts";
import {
  SPECIALIST_TITLE_LENGTH,
  SPECIALIST_TITLES_MAX,
  type SpecialistTitle,
  type SpecialistTitleField,
  specialistTitleKey,
} from "../../../lib/specialist-titles.ts";
import { formFailureOf } from "../../form-result";
import { useLocale, useLocalizePath } from "../../i18n/locale";
import { FormAlert, useFocusFirstError, useTranslateMessage } from "../../ui/form";
import { GridCell, ResponsiveGrid } from "../../ui/ResponsiveGrid";
import { practiceAreaLabel } from "../profile";
import { LISTING_ACTION, type ListingActionResult, type ListingFormFailure } from "./listing-action";

/** The specialist titles form of a linked listing (see the module). */
export function SpecialistTitlesForm({ listing }: { listing: OwnedListing }) {
  const fetcher = useFetcher<ListingActionResult>({ key: "listing-specialist-titles" });
  const result = fetcher.data?.intent === "specialist-titles" ? fetcher.data : undefined;
  const saving = fetcher.state !== "idle";
  const message = useTranslateMessage();
  const { t } = useTranslation("listing");
  return (
    <section aria-labelledby="specialist-titles-title">
      <Title order={3} fz="h4" id="specialist-titles-title" mb="xs">
        {t("specialistTitles.title")}
      </Title>
      <Text size="sm" c="dark.5" mb="sm">
        {t("specialistTitles.intro")}
      </Text>
      {result?.ok && !saving && <FormAlert tone="success">{message(result.message)}</FormAlert>}
      <TitleRows key={JSON.stringify(listing.specialistTitles)} listing={listing} fetcher={fetcher} />
    </section>
  );
}

/** The rows with the stored titles and one empty row; `fetcher` carries the answer. */
function TitleRows({
  listing,
  fetcher,
}: {
  listing: OwnedListing;
  fetcher: ReturnType<typeof useFetcher<ListingActionResult>>;
}) {
  const { t } = useTranslation("listing");
  const locale = useLocale();
  const localize = useLocalizePath();
  const message = useTranslateMessage();
  const formRef = useRef<HTMLFormElement>(null);
  const failed = formFailureOf<ListingFormFailure>(fetcher.data, "specialist-titles");
  useFocusFirstError(formRef, failed);
  const errors: Record<string, string | undefined> = failed?.fieldErrors ?? {};
  const stored: (SpecialistTitle | null)[] = [...listing.specialistTitles];
  if (stored.length < SPECIALIST_TITLES_MAX) stored.push(null);
  const field = (i: number, f: SpecialistTitleField) => ({
    name: specialistTitleKey(i, f),
    error: message(errors[specialistTitleKey(i, f)]),
  });
  return (
    <fetcher.Form method="post" action={localize(LISTING_ACTION)} ref={formRef} noValidate>
      <input type="hidden" name="intent" value="specialist-titles" />
      <Stack gap="md">
        {failed && (
          <FormAlert tone="error" mb={0}>
            {message(errors.specialistTitles ?? failed.message)}
          </FormAlert>
        )}
        {stored.map((title, i) => (
          <Fieldset
            // Rows are positions of the form (their names carry the index), not identities.
            // biome-ignore lint/suspicious/noArrayIndexKey: the index is the row's name
            key={i}
            legend={title ? title.title : t("specialistTitles.newRow")}
            variant="default"
            data-testid={`specialist-title-row-${i}`}
          >
            <ResponsiveGrid cols={12} spacing="sm">
              <GridCell span={{ base: 12, sm: 6 }}>
                <TextInput
                  label={t("specialistTitles.fieldTitle")}
                  description={t("specialistTitles.fieldTitleHint")}
                  maxLength={SPECIALIST_TITLE_LENGTH.title}
                  defaultValue={title?.title ?? ""}
                  {...field(i, "title")}
                />
              </GridCell>
              <GridCell span={{ base: 12, sm: 6 }}>
                <TextInput
                  label={t("specialistTitles.fieldIssuer")}
                  description={t("specialistTitles.fieldIssuerHint")}
                  maxLength={SPECIALIST_TITLE_LENGTH.issuer}
                  defaultValue={title?.issuer ?? ""}
                  {...field(i, "issuer")}
                />
              </GridCell>
              <GridCell span={{ base: 12, sm: 8 }}>
                <NativeSelect
                  label={t("specialistTitles.fieldArea")}
                  defaultValue={title?.area ?? ""}
                  data={[
                    { value: "", label: t("specialistTitles.chooseArea") },
                    ...PRACTICE_AREAS.map((a) => ({ value: a, label: practiceAreaLabel(a, locale) })),
                  ]}
                  {...field(i, "area")}
                />
              </GridCell>
              <GridCell span={{ base: 12, sm: 4 }}>
                <TextInput
                  label={t("specialistTitles.fieldSince")}
                  inputMode="numeric"
                  maxLength={4}
                  defaultValue={title ? String(title.since) : ""}
                  {...field(i, "since")}
                />
              </GridCell>
            </ResponsiveGrid>
          </Fieldset>
        ))}
        <Text size="sm" c="dark.5">
          {t("specialistTitles.removeHint")}
        </Text>
        <Group>
          <Button
            type="submit"
            loading={fetcher.state !== "idle"}
            leftSection={<IconDeviceFloppy size={18} aria-hidden />}
          >
            {t("specialistTitles.save")}
          </Button>
        </Group>
      </Stack>
    </fetcher.Form>
  );
}
