/**
 * The create and edit forms of "My listing" (issue 3 "Lawyer onboarding"). Both post to
 * /dashboard/listing (app/routes/dashboard.listing.tsx) through a fetcher, so the page stays put:
 * while saving the button shows it is busy; on failure each message shows next to its field and
 * what was typed stays; on success a notice says so and the dashboard reloads its data. Without
 * JavaScript the same forms post as plain HTML and come back to the dashboard with a notice.
 */
import { Button, Group, Stack, Text } from "@mantine/core";
import { IconDeviceFloppy, IconMapPin, IconPlus } from "@tabler/icons-react";
import { type ReactNode, useRef } from "react";
import { Trans, useTranslation } from "react-i18next";
import { type FetcherWithComponents, useFetcher } from "react-router";
import type { LanguageOption } from "../../../lib/languages.ts";
import type { CountryOption, ListingFieldErrors, OwnedListing } from "../../../lib/listing-owner.ts";
import type { MapTiles } from "../../../lib/map-tiles.ts";
import { formFailureOf } from "../../form-result";
import { useLocale, useLocalizePath } from "../../i18n/locale";
import { FormAlert, useFocusFirstError, useTranslateMessage } from "../../ui/form";
import { GridCell, ResponsiveGrid } from "../../ui/ResponsiveGrid";
import {
  BioField,
  CountryField,
  countryName,
  GrammaticalGenderField,
  LanguagesField,
  LISTING_TEXT_FIELDS,
  ListingTextField,
  type ListingTextFieldName,
  PracticeAreasField,
} from "./ListingFields";
import { LISTING_ACTION, type ListingActionResult, type ListingFormFailure } from "./listing-action";
import { PositionPicker } from "./PositionPicker";

/** The fetcher's answer when it belongs to this form's intent, else undefined. */
function resultFor(data: ListingActionResult | undefined, intent: ListingActionResult["intent"]) {
  return data?.intent === intent ? data : undefined;
}

/** A single-line field in its grid column (width from LISTING_TEXT_FIELDS). */
function TextCell(props: {
  name: ListingTextFieldName;
  description?: string;
  defaultValue?: string | null;
  errors: ListingFieldErrors;
}) {
  return (
    <GridCell span={LISTING_TEXT_FIELDS[props.name].span}>
      <ListingTextField {...props} />
    </GridCell>
  );
}

/**
 * The frame both forms share: a fetcher form posting `intent` to LISTING_ACTION without the
 * browser's own validation, its error alert (when `alertInside`), an intro, the field grid and
 * the submit button (busy while saving). The first field with an error takes the focus.
 */
function ListingFormFrame({
  fetcher,
  intent,
  label,
  alertInside,
  intro,
  submit,
  icon,
  children,
}: {
  fetcher: FetcherWithComponents<ListingActionResult>;
  intent: "create" | "update";
  label: string;
  alertInside: boolean;
  intro?: ReactNode;
  submit: string;
  icon: ReactNode;
  children: (errors: ListingFieldErrors) => ReactNode;
}) {
  const failed = formFailureOf<ListingFormFailure>(fetcher.data, intent);
  const formRef = useRef<HTMLFormElement>(null);
  const message = useTranslateMessage();
  const localize = useLocalizePath();
  useFocusFirstError(formRef, failed);
  return (
    <fetcher.Form method="post" action={localize(LISTING_ACTION)} ref={formRef} noValidate aria-label={label}>
      <input type="hidden" name="intent" value={intent} />
      {alertInside && failed && <FormAlert tone="error">{message(failed.message)}</FormAlert>}
      <Stack gap="md">
        {intro}
        <ResponsiveGrid cols={12} spacing="md">
          {children(failed ? failed.fieldErrors : {})}
        </ResponsiveGrid>
        <Group>
          <Button type="submit" loading={fetcher.state !== "idle"} leftSection={icon}>
            {submit}
          </Button>
        </Group>
      </Stack>
    </fetcher.Form>
  );
}

/**
 * "Create your listing" (issue 3): a new listing for a lawyer account without one. The email is
 * the account's and is shown, not edited; the listing shows as pending verification.
 */
export function CreateListingForm({
  email,
  countries,
  languages = null,
}: {
  email: string;
  countries: readonly CountryOption[];
  /** The languages named and sorted on the server (lib/languages.ts languageOptions). */
  languages?: readonly LanguageOption[] | null;
}) {
  const fetcher = useFetcher<ListingActionResult>({ key: "listing-create" });
  const { t } = useTranslation("listing");
  return (
    <ListingFormFrame
      fetcher={fetcher}
      intent="create"
      label={t("create.title")}
      alertInside
      intro={
        <Text size="sm">
          <Trans t={t} i18nKey="create.intro" values={{ email }} components={{ strong: <strong /> }} />
        </Text>
      }
      submit={t("create.submit")}
      icon={<IconPlus size={18} aria-hidden />}
    >
      {(errors) => (
        <>
          <TextCell name="name" description={t("create.nameHint")} errors={errors} />
          <TextCell name="firm" errors={errors} />
          <GridCell span={{ base: 12, sm: 6 }}>
            <CountryField countries={countries} errors={errors} />
          </GridCell>
          <TextCell name="phone" description={t("create.phoneHint")} errors={errors} />
          <TextCell name="city" errors={errors} />
          <TextCell name="state" errors={errors} />
          <TextCell name="businessAddress" errors={errors} />
          <TextCell name="website" errors={errors} />
          <TextCell name="experience" errors={errors} />
          <TextCell name="workingHours" errors={errors} />
          <GridCell span={12}>
            <LanguagesField selected={[]} options={languages} errors={errors} />
          </GridCell>
          <GridCell span={{ base: 12, sm: 6 }}>
            <GrammaticalGenderField errors={errors} />
          </GridCell>
          <GridCell span={12}>
            <BioField errors={errors} />
          </GridCell>
          <GridCell span={12}>
            <PracticeAreasField selected={[]} errors={errors} />
          </GridCell>
          <GridCell span={12}>
            <Text size="sm" fw={600}>
              {t("create.admissionIntro")}
            </Text>
          </GridCell>
          <TextCell name="admissionRegulator" errors={errors} />
          <TextCell name="admissionNumber" errors={errors} />
          <TextCell name="admissionRegion" errors={errors} />
          <TextCell name="admissionYear" errors={errors} />
        </>
      )}
    </ListingFormFrame>
  );
}

/**
 * The office position of the edit form (issue 19 §1; issue 28 §5: the map is the way to set it,
 * the numbers the fallback): the map picker first (a click or a dragged marker writes both
 * fields); "Find on map from my address" when a geocoder is configured — a submit button
 * (`locate=1`) that saves the form and places the office from its address, with or without
 * JavaScript; and the latitude and longitude fields inside an "Enter coordinates" disclosure
 * (a native `<details>`: keyboard and no-JavaScript users open it), open from the start when maps
 * are off or a coordinate has an error.
 */
function OfficePosition({
  listing,
  tiles,
  locate,
  errors,
}: {
  listing: OwnedListing;
  tiles: MapTiles | null;
  locate: boolean;
  errors: ListingFieldErrors;
}) {
  const { t } = useTranslation("listing");
  const coordinateError = Boolean(errors.latitude || errors.longitude);
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <legend>
        <Text component="span" size="sm" fw={500}>
          {t("position.legend")}
        </Text>
      </legend>
      <Stack gap="sm">
        <PositionPicker
          initial={
            listing.latitude !== null && listing.longitude !== null
              ? { latitude: listing.latitude, longitude: listing.longitude }
              : null
          }
          tiles={tiles}
        />
        {locate && (
          <Group gap="sm" wrap="wrap" align="center">
            <Button
              type="submit"
              name="locate"
              value="1"
              variant="light"
              leftSection={<IconMapPin size={18} aria-hidden />}
            >
              {t("position.locate")}
            </Button>
            <Text size="xs" c="dimmed">
              {t("position.locateHint")}
            </Text>
          </Group>
        )}
        <details data-testid="coordinates" open={!tiles || coordinateError}>
          <summary>
            <Text component="span" size="sm">
              {t("position.enterCoordinates")}
            </Text>
          </summary>
          <Stack gap="xs" mt="xs">
            <Text size="xs" c="dimmed">
              {t("position.help")}
            </Text>
            <ResponsiveGrid cols={12} spacing="md">
              <TextCell
                name="latitude"
                defaultValue={listing.latitude === null ? "" : String(listing.latitude)}
                errors={errors}
              />
              <TextCell
                name="longitude"
                defaultValue={listing.longitude === null ? "" : String(listing.longitude)}
                errors={errors}
              />
            </ResponsiveGrid>
          </Stack>
        </details>
      </Stack>
    </fieldset>
  );
}

/** The editable values of a listing, as a key: the form is rebuilt when they change. */
function editKey(l: OwnedListing): string {
  return JSON.stringify([
    l.name,
    l.firm,
    l.phone,
    l.businessAddress,
    l.website,
    l.workingHours,
    l.latitude,
    l.longitude,
    l.bio,
    l.practiceAreas,
    l.languages,
  ]);
}

/**
 * The edit form of a linked listing (issue 3): the business fields of spec §3 (name, description,
 * phone, address, website) plus firm, working hours and practice areas. Success shows "Your
 * listing has been updated" (the public profile link sits in the listing's summary above); the
 * form then shows the stored values (the phone, stored as E.164, in international format: the
 * dashboard loader writes it with editablePhone).
 */
export function EditListingForm({
  listing,
  tiles = null,
  locate = false,
  languages = null,
}: {
  listing: OwnedListing;
  /** The map tiles (MAP_TILE_URL) of the position picker; null: no map (issue 19 §1). */
  tiles?: MapTiles | null;
  /** Whether a geocoder is configured (GEOCODER_URL): offers "Find on map from my address". */
  locate?: boolean;
  /** The languages named and sorted on the server (lib/languages.ts languageOptions). */
  languages?: readonly LanguageOption[] | null;
}) {
  // The fetcher lives here, outside the keyed form: its answer (the success notice) survives the
  // form being rebuilt with the stored values.
  const fetcher = useFetcher<ListingActionResult>();
  const result = resultFor(fetcher.data, "update");
  const saving = fetcher.state !== "idle";
  const message = useTranslateMessage();
  return (
    <>
      {result && !saving && (
        <FormAlert tone={result.ok ? "success" : "error"}>{message(result.message)}</FormAlert>
      )}
      <EditListingFields
        key={editKey(listing)}
        listing={listing}
        fetcher={fetcher}
        tiles={tiles}
        locate={locate}
        languages={languages}
      />
    </>
  );
}

/** The edit form's fields; rebuilt (new key) when the stored values change. */
function EditListingFields({
  listing,
  fetcher,
  tiles,
  locate,
  languages,
}: {
  listing: OwnedListing;
  fetcher: FetcherWithComponents<ListingActionResult>;
  tiles: MapTiles | null;
  locate: boolean;
  languages: readonly LanguageOption[] | null;
}) {
  const { t } = useTranslation("listing");
  const locale = useLocale();
  return (
    <ListingFormFrame
      fetcher={fetcher}
      intent="update"
      label={t("edit.label")}
      alertInside={false}
      submit={t("edit.submit")}
      icon={<IconDeviceFloppy size={18} aria-hidden />}
    >
      {(errors) => (
        <>
          <TextCell name="name" defaultValue={listing.name} errors={errors} />
          <TextCell name="firm" defaultValue={listing.firm} errors={errors} />
          <TextCell
            name="phone"
            description={t("edit.phoneHint", {
              country: countryName(listing.countryCode, listing.country, locale),
            })}
            defaultValue={listing.phone}
            errors={errors}
          />
          <TextCell name="website" defaultValue={listing.website} errors={errors} />
          <TextCell name="businessAddress" defaultValue={listing.businessAddress} errors={errors} />
          <TextCell name="workingHours" defaultValue={listing.workingHours} errors={errors} />
          <GridCell span={{ base: 12, sm: 6 }}>
            <GrammaticalGenderField defaultValue={listing.grammaticalGender} errors={errors} />
          </GridCell>
          <GridCell span={12}>
            <OfficePosition listing={listing} tiles={tiles} locate={locate} errors={errors} />
          </GridCell>
          <GridCell span={12}>
            <LanguagesField selected={listing.languages} options={languages} errors={errors} />
          </GridCell>
          <GridCell span={12}>
            <BioField defaultValue={listing.bio} errors={errors} />
          </GridCell>
          <GridCell span={12}>
            <PracticeAreasField selected={listing.practiceAreas} errors={errors} />
          </GridCell>
        </>
      )}
    </ListingFormFrame>
  );
}
