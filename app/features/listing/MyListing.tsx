/**
 * "My listing" on a lawyer's dashboard (issue 3 "Lawyer onboarding"; spec §1 "Lawyers can sign
 * up, have a dashboard"). Rendered by app/routes/dashboard.tsx inside its "My listing" section
 * with the view from `services.listings.ownerView(user)` (lib/listing-owner.ts):
 * - linked: a summary (logo, name, status, "View public profile"), the logo uploader and the
 *   edit form;
 * - claimable: "We found a listing with your email" and "Send verification link";
 * - create: "Verify your email" first while the account's email is not verified (security review
 *   of issue 3: a listing shows the address), then the "Create your listing" form;
 * - client: a note that listings are for lawyer accounts.
 * A `?listing=<notice>` in the URL (after the emailed claim or verification link, or a form sent
 * without JavaScript) shows its notice on top.
 */
import { Badge, Divider, Group, Stack, Text, Title } from "@mantine/core";
import { IconClockHour4, IconExternalLink } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { LanguageOption } from "../../../lib/languages.ts";
import type { ListingOwnerView, OwnedListing } from "../../../lib/listing-owner.ts";
import type { MapTiles } from "../../../lib/map-tiles.ts";
import { FormAlert } from "../../ui/form";
import { LinkButton } from "../../ui/LinkButton";
import { VerifiedBadge } from "../profile";
import { ClaimPanel } from "./ClaimPanel";
import { FeesForm } from "./FeesForm";
import { CreateListingForm, EditListingForm } from "./ListingForms";
import { LogoUploader } from "./LogoUploader";
import { LISTING_NOTICES, type ListingNotice } from "./listing-action";
import { SpecialistTitlesForm } from "./SpecialistTitlesForm";
import { VerifyEmailPanel } from "./VerifyEmailPanel";

/** The notice code of `?listing=` when it names one of LISTING_NOTICES, else null. */
function useListingNotice(): ListingNotice | null {
  const [params] = useSearchParams();
  const code = params.get("listing");
  return code && Object.hasOwn(LISTING_NOTICES, code) ? (code as ListingNotice) : null;
}

/** Name, firm, location and verification state of a linked listing, with the public profile link. */
function ListingSummary({ listing }: { listing: OwnedListing }) {
  const { t } = useTranslation("listing");
  const verified = listing.verificationStatus === "verified";
  return (
    <Group justify="space-between" align="flex-start" gap="sm">
      <div style={{ minWidth: 0 }}>
        <Group gap={8} align="center">
          <Title order={3} fz="h4">
            {listing.name}
          </Title>
          {verified ? (
            <VerifiedBadge size="sm" />
          ) : (
            <Badge
              size="sm"
              color="yellow.3"
              styles={{ root: { color: "#5c3c00" } }}
              leftSection={<IconClockHour4 size={12} aria-hidden />}
              tt="none"
            >
              {t("summary.pending")}
            </Badge>
          )}
        </Group>
        <Text size="sm">{[listing.firm, listing.location].filter(Boolean).join(" · ")}</Text>
        <Text size="xs" c="dimmed">
          {t("summary.contactEmail", { email: listing.email })}
          {!verified && ` · ${t("summary.unverified")}`}
        </Text>
      </div>
      <LinkButton
        to={listing.profilePath}
        variant="light"
        size="sm"
        icon={IconExternalLink}
        iconSize={16}
        iconAfter
      >
        {t("summary.viewProfile")}
      </LinkButton>
    </Group>
  );
}

/** The "My listing" section's content for `view` (see the module comment). */
export function MyListing({
  view,
  tiles = null,
  locate = false,
  languages = null,
}: {
  view: ListingOwnerView;
  /** The map tiles of the edit form's position picker (issue 19 §1); null: no map. */
  tiles?: MapTiles | null;
  /** Whether a geocoder is configured: the edit form offers "Find on map from my address" (issue 28 §5). */
  locate?: boolean;
  /** The languages named and sorted on the server for the page's locale (lib/languages.ts languageOptions). */
  languages?: readonly LanguageOption[] | null;
}) {
  const { t } = useTranslation("listing");
  const code = useListingNotice();
  // The claim and verify panels say themselves that the link was sent.
  const panelSaysSent =
    (code === "claim-sent" && view.kind === "claimable") ||
    (code === "verify-sent" && view.kind === "create" && !view.emailVerified);
  // The logo's own refusal shows next to its file field (LogoUploader), not on top.
  const notice = panelSaysSent || !code || code === "logo-too-large" ? null : LISTING_NOTICES[code];
  return (
    <Stack gap="lg">
      {notice && (
        <FormAlert tone={notice.tone === "error" ? "error" : "success"}>
          {t(`notices.${notice.key}`)}
        </FormAlert>
      )}
      {view.kind === "client" && <Text size="sm">{t("clientOnly")}</Text>}
      {view.kind === "claimable" && (
        <ClaimPanel email={view.email} candidate={view.candidate} claimSentAt={view.claimSentAt} />
      )}
      {view.kind === "create" && !view.emailVerified && (
        <VerifyEmailPanel email={view.email} sentAt={view.verificationSentAt} />
      )}
      {view.kind === "create" && view.emailVerified && (
        <>
          <div>
            <Title order={3} fz="h4">
              {t("create.title")}
            </Title>
            <Text size="sm" c="dimmed">
              {t("create.lead")}
            </Text>
          </div>
          <CreateListingForm email={view.email} countries={view.countries} languages={languages} />
        </>
      )}
      {view.kind === "linked" && (
        <>
          <ListingSummary listing={view.listing} />
          <Divider />
          <LogoUploader
            name={view.listing.name}
            logoUrl={view.listing.logoUrl}
            refusedTooLarge={code === "logo-too-large"}
          />
          <Divider />
          <EditListingForm listing={view.listing} tiles={tiles} locate={locate} languages={languages} />
          <Divider />
          {/* Issue 19 §1: fees and first meeting. */}
          <FeesForm listing={view.listing} />
          <Divider />
          {/* Issue 28 §2: specialist titles, each checked on its own. */}
          <SpecialistTitlesForm listing={view.listing} />
        </>
      )}
    </Stack>
  );
}
