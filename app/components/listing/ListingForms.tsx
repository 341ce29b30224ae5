/**
 * The create and edit forms of "My listing" (issue 3 "Lawyer onboarding"). Both post to
 * /dashboard/listing (app/routes/dashboard.listing.tsx) through a fetcher, so the page stays put:
 * while saving the button shows it is busy; on failure each message shows next to its field and
 * what was typed stays; on success a notice says so and the dashboard reloads its data. Without
 * JavaScript the same forms post as plain HTML and come back to the dashboard with a notice.
 */
import { Button, Grid, Group, Stack, Text } from "@mantine/core";
import { IconDeviceFloppy, IconPlus } from "@tabler/icons-react";
import { useRef } from "react";
import { type FetcherWithComponents, useFetcher } from "react-router";
import type { CountryOption, OwnedListing } from "../../../lib/listing-owner.ts";
import { FormAlert, useFocusFirstError } from "../AccountForm";
import { BioField, CountryField, ListingTextField, PracticeAreasField } from "./ListingFields";
import { LISTING_ACTION, type ListingActionResult } from "./listing-action";

/** The fetcher's answer when it belongs to this form's intent, else undefined. */
function resultFor(data: ListingActionResult | undefined, intent: ListingActionResult["intent"]) {
  return data?.intent === intent ? data : undefined;
}

/**
 * "Create your listing" (issue 3): a new listing for a lawyer account without one. The email is
 * the account's and is shown, not edited; the listing shows as pending verification.
 */
export function CreateListingForm({
  email,
  countries,
}: {
  email: string;
  countries: readonly CountryOption[];
}) {
  const fetcher = useFetcher<ListingActionResult>({ key: "listing-create" });
  const result = resultFor(fetcher.data, "create");
  const errors = result && !result.ok ? result.fieldErrors : {};
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, result && !result.ok ? result : null);
  const saving = fetcher.state !== "idle";
  return (
    <fetcher.Form
      method="post"
      action={LISTING_ACTION}
      ref={formRef}
      noValidate
      aria-label="Create your listing"
    >
      <input type="hidden" name="intent" value="create" />
      {result && !result.ok && <FormAlert tone="error">{result.message}</FormAlert>}
      <Stack gap="md">
        <Text size="sm">
          Your listing uses your account's email, <strong>{email}</strong>, as its contact email. It shows in
          the directory at once, without the Verified badge until we have verified it.
        </Text>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <ListingTextField
              name="name"
              label="Name"
              description="Your name as clients should see it"
              required
              autoComplete="name"
              maxLength={255}
              errors={errors}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <ListingTextField
              name="firm"
              label="Firm"
              autoComplete="organization"
              maxLength={255}
              errors={errors}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <CountryField countries={countries} errors={errors} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <ListingTextField
              name="phone"
              label="Phone"
              description="With the area code; checked for the country"
              type="tel"
              inputMode="tel"
              required
              autoComplete="tel"
              maxLength={50}
              errors={errors}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <ListingTextField
              name="city"
              label="City"
              required
              autoComplete="address-level2"
              maxLength={100}
              errors={errors}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <ListingTextField
              name="state"
              label="State or province"
              description="Optional"
              autoComplete="address-level1"
              maxLength={100}
              errors={errors}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <ListingTextField
              name="businessAddress"
              label="Office address"
              autoComplete="street-address"
              maxLength={500}
              errors={errors}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <ListingTextField
              name="website"
              label="Website"
              placeholder="https://"
              type="url"
              inputMode="url"
              autoComplete="url"
              maxLength={500}
              errors={errors}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <ListingTextField
              name="experience"
              label="Years of experience"
              type="number"
              inputMode="numeric"
              required
              errors={errors}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <ListingTextField
              name="workingHours"
              label="Working hours"
              placeholder="Mon-Fri 9:00-17:00"
              maxLength={255}
              errors={errors}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <BioField errors={errors} />
          </Grid.Col>
          <Grid.Col span={12}>
            <PracticeAreasField selected={[]} errors={errors} />
          </Grid.Col>
        </Grid>
        <Group>
          <Button type="submit" loading={saving} leftSection={<IconPlus size={18} aria-hidden />}>
            Create listing
          </Button>
        </Group>
      </Stack>
    </fetcher.Form>
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
    l.bio,
    l.practiceAreas,
  ]);
}

/**
 * The edit form of a linked listing (issue 3): the business fields of spec §3 (name, description,
 * phone, address, website) plus firm, working hours and practice areas. Success shows "Your
 * listing has been updated" (the public profile link sits in the listing's summary above); the
 * form then shows the stored values (the phone in international format).
 */
export function EditListingForm({ listing }: { listing: OwnedListing }) {
  // The fetcher lives here, outside the keyed form: its answer (the success notice) survives the
  // form being rebuilt with the stored values.
  const fetcher = useFetcher<ListingActionResult>();
  const result = resultFor(fetcher.data, "update");
  const saving = fetcher.state !== "idle";
  return (
    <>
      {result && !saving && <FormAlert tone={result.ok ? "success" : "error"}>{result.message}</FormAlert>}
      <EditListingFields key={editKey(listing)} listing={listing} fetcher={fetcher} />
    </>
  );
}

/** The edit form's fields; rebuilt (new key) when the stored values change. */
function EditListingFields({
  listing,
  fetcher,
}: {
  listing: OwnedListing;
  fetcher: FetcherWithComponents<ListingActionResult>;
}) {
  const result = resultFor(fetcher.data, "update");
  const errors = result && !result.ok ? result.fieldErrors : {};
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, result && !result.ok ? result : null);
  const saving = fetcher.state !== "idle";
  return (
    <fetcher.Form
      method="post"
      action={LISTING_ACTION}
      ref={formRef}
      noValidate
      aria-label="Edit your listing"
    >
      <input type="hidden" name="intent" value="update" />
      <Stack gap="md">
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <ListingTextField
              name="name"
              label="Name"
              required
              autoComplete="name"
              maxLength={255}
              defaultValue={listing.name}
              errors={errors}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <ListingTextField
              name="firm"
              label="Firm"
              autoComplete="organization"
              maxLength={255}
              defaultValue={listing.firm}
              errors={errors}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <ListingTextField
              name="phone"
              label="Phone"
              description={`A number in ${listing.country}`}
              type="tel"
              inputMode="tel"
              required
              autoComplete="tel"
              maxLength={50}
              defaultValue={listing.phone}
              errors={errors}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <ListingTextField
              name="website"
              label="Website"
              placeholder="https://"
              type="url"
              inputMode="url"
              autoComplete="url"
              maxLength={500}
              defaultValue={listing.website}
              errors={errors}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <ListingTextField
              name="businessAddress"
              label="Office address"
              autoComplete="street-address"
              maxLength={500}
              defaultValue={listing.businessAddress}
              errors={errors}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <ListingTextField
              name="workingHours"
              label="Working hours"
              placeholder="Mon-Fri 9:00-17:00"
              maxLength={255}
              defaultValue={listing.workingHours}
              errors={errors}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <BioField defaultValue={listing.bio} errors={errors} />
          </Grid.Col>
          <Grid.Col span={12}>
            <PracticeAreasField selected={listing.practiceAreas} errors={errors} />
          </Grid.Col>
        </Grid>
        <Group>
          <Button type="submit" loading={saving} leftSection={<IconDeviceFloppy size={18} aria-hidden />}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </fetcher.Form>
  );
}
