/**
 * The lawyer profile page (/lawyer/:id; spec §2 "Lawyer profile"; app/routes/lawyer.tsx renders
 * it with the data of profile-page.server.ts): logo or initials, name, verified tick (only while
 * a licence check is verified: issue 15 §2), firm, location, working hours and whether the office
 * is open (issue 19 §1), rating stars, experience and practice-area badges, Call Now (issue 28 §4:
 * not for a demo listing's made-up number), Send Message and Submit Case (links to the in-page
 * forms that work without JavaScript, dialogs once hydrated; issue 13 §4), Google Reviews, About,
 * the office map, Contact Information, fees, "What we checked", reviews and the moderation links.
 * The page carries schema.org LegalService JSON-LD (issue 2 §4). Every text in the page's locale
 * (issue 14 §2, via the profile view model profile.ts).
 */
import { Anchor, Button, Card, Container, Group, Stack, Text, Title } from "@mantine/core";
import { IconBrandGoogle, IconClock, IconPhone } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { localizePath } from "../../../lib/i18n/locales.ts";
import { textDirection } from "../../../lib/text-direction.ts";
import { verifiedLicence } from "../../../lib/verification.ts";
import { useLocale } from "../../i18n/locale";
import { BackArrow } from "../../ui/BackArrow";
import { Bidi } from "../../ui/Bidi";
import { DemoDataNotice } from "../../ui/DemoDataNotice";
import { LocationLine } from "../../ui/Flag";
import { LocaleLink } from "../../ui/LocaleLink";
import { GridCell, ResponsiveGrid } from "../../ui/ResponsiveGrid";
import { SUCCESS_TEXT_COLOR } from "../../ui/theme";
import { type CaseDialogSent, type CaseFormFailure, CaseFormInPage, SubmitCaseButton } from "../cases";
import {
  type MessageDialogAnswer,
  type MessageFormFailure,
  SendMessageButton,
  SendMessageInPage,
} from "../messages";
import { ListingModerationLinks } from "../moderation";
import { ProfileReviews } from "../reviews";
import { ManagedNearby } from "../search";
import { ExperienceBadge, PracticeAreaBadge, VerifiedBadge, VerifiedMark } from "./badges";
import { FeesSection } from "./FeesSection";
import { LanguagesLine } from "./LanguagesLine";
import { LawyerAvatar } from "./LawyerAvatar";
import { ContactCard, OfficeCard, officePoint } from "./ProfileContact";
import { legalServiceJsonLd, openingText, workingHoursText } from "./profile";
import type { ProfilePageData } from "./profile-page.server";
import { ResponseTimeLine } from "./ResponseTimeLine";
import { SpecialistTitlesLine } from "./SpecialistTitles";
import { Stars } from "./Stars";
import { UnmanagedListingNotice } from "./UnmanagedListingNotice";
import { LicenceLine, WhatWeChecked } from "./VerificationPanel";

/** Props: the loader's data, the route action's answer to a refused in-page form, and the site's origin (JSON-LD). */
export interface ProfilePageProps {
  data: ProfilePageData;
  actionData?: CaseFormFailure | CaseDialogSent | MessageFormFailure | MessageDialogAnswer;
  origin: string;
}

/** The profile page (see the module comment). */
export function ProfilePage({ data, actionData, origin }: ProfilePageProps) {
  const { t } = useTranslation("profile");
  const locale = useLocale();
  const {
    lawyer: l,
    verification,
    disciplinaryRecords,
    visitor,
    form,
    caseSent,
    messageSent,
    addressLines,
    phone,
    reviews,
    opening,
    visitorZone,
    mapTiles,
    nearby,
    distanceUnit,
  } = data;
  const caseFailure = actionData?.intent === "case" ? actionData : null;
  // A dialog's answers go to its fetcher; only the in-page form's refusals (with the typed values) show here.
  const messageFailure = actionData?.intent === "message" && "values" in actionData ? actionData : null;
  const messagePrefill = visitor;
  /** The lawyer the two forms (Send Message, Submit Case) go to, in their dialogs and in-page. */
  const formLawyer = { lawyerId: l.id, lawyerName: l.name };
  // Issue 28 §4: whether anyone can answer, and who can instead (the case form's notice and confirmation).
  const caseListing = {
    countryCode: l.countryCode,
    managed: l.managed,
    alternatives: l.managed ? null : (
      <ManagedNearby
        lawyers={nearby ?? []}
        countryCode={l.countryCode}
        distanceUnit={distanceUnit}
        headingOrder={4}
      />
    ),
  };
  const casePrefill = visitor && { clientName: visitor.name, clientEmail: visitor.email };
  // Issue 19 §1: no zone name for a visitor in the office's zone; "Open now" / "Opens Monday 9:00".
  const hours = workingHoursText(l, locale, visitorZone);
  const openText = openingText(opening, locale);
  const office = officePoint(l, addressLines);
  // Issue 15 §2: the tick only while a licence check is verified and not past due.
  const verified = l.verified && verifiedLicence(verification) !== null;
  return (
    <Container size="lg" py="xl" data-analytics-lawyer={l.id}>
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD with "<" escaped
        dangerouslySetInnerHTML={{
          __html: legalServiceJsonLd(l, `${origin}${localizePath(`/lawyer/${l.id}`, locale)}`),
        }}
      />
      <Stack gap="lg">
        <Anchor component={LocaleLink} to="/browse-lawyers" size="sm">
          <Group gap={4} component="span">
            <BackArrow size={16} /> {t("page.backToDirectory")}
          </Group>
        </Anchor>
        <Card withBorder shadow="sm" padding="xl">
          <Group align="flex-start" gap="lg" wrap="wrap">
            <LawyerAvatar name={l.name} logo={l.business_logo ?? l.imageUrl} size={96} />
            <Stack gap={6} style={{ flex: 1, minWidth: 240 }}>
              <Group gap={8} wrap="nowrap" align="center">
                <Title order={1} fz={{ base: 26, md: 32 }}>
                  <Bidi>{l.name}</Bidi>
                </Title>
                {verified && (
                  <VerifiedMark size={28} label={t("page.verifiedLawyer")} data-testid="verified-tick" />
                )}
              </Group>
              <Text size="lg" fw={500}>
                <Bidi>{l.firm}</Bidi>
              </Text>
              <LicenceLine verification={verification} />
              <LocationLine countryCode={l.countryCode} location={l.location} />
              {hours && (
                <Group gap={6} wrap="nowrap">
                  <IconClock
                    size={16}
                    style={{ flex: "none" }}
                    aria-hidden
                    color="var(--mantine-color-gray-7)"
                  />
                  <Stack gap={0}>
                    {openText && (
                      <Text
                        size="sm"
                        fw={600}
                        c={opening?.open ? SUCCESS_TEXT_COLOR : "gray.8"}
                        data-testid="open-now"
                        data-open={opening?.open ? "true" : "false"}
                      >
                        {openText}
                      </Text>
                    )}
                    <Text size="sm" data-testid="working-hours">
                      {hours}
                    </Text>
                  </Stack>
                </Group>
              )}
              <Stars rating={l.rating} reviewCount={l.reviewCount} size="md" />
              <Group gap={6} mt={4}>
                {verified && <VerifiedBadge />}
                <ExperienceBadge years={l.experience} />
              </Group>
              <Group gap={6} mt={4}>
                {l.practiceAreas.map((a) => (
                  <PracticeAreaBadge key={a} area={a} />
                ))}
              </Group>
              {/* Issue 28 §2: titles as conferred, with their issuing body and their own check. */}
              <SpecialistTitlesLine titles={l.specialistTitles} checks={verification.checks} />
              <LanguagesLine languages={l.languages} />
              <ResponseTimeLine stats={l.responseStats} managed={l.managed} size="md" />
              <Group gap="sm" mt="md">
                {phone?.href && (
                  <Button
                    component="a"
                    href={phone.href}
                    leftSection={<IconPhone size={18} aria-hidden />}
                    data-contact-click="call"
                  >
                    {t("page.callNow")}
                  </Button>
                )}
                <SendMessageButton {...formLawyer} prefill={messagePrefill} inPage={form === "message"} />
                <SubmitCaseButton
                  {...formLawyer}
                  {...caseListing}
                  licenceVerified={verified}
                  prefill={casePrefill}
                  inPage={form === "case"}
                />
                {l.googleReviewsUrl && (
                  <Button
                    component="a"
                    href={l.googleReviewsUrl}
                    target="_blank"
                    rel="noopener noreferrer nofollow"
                    variant="default"
                    leftSection={<IconBrandGoogle size={18} aria-hidden />}
                  >
                    {t("page.googleReviews")}
                  </Button>
                )}
              </Group>
            </Stack>
          </Group>
        </Card>
        {!l.managed && (
          <UnmanagedListingNotice name={l.name}>
            <ManagedNearby
              lawyers={nearby ?? []}
              countryCode={l.countryCode}
              distanceUnit={distanceUnit}
              headingOrder={2}
            />
          </UnmanagedListingNotice>
        )}
        {form === "case" && (
          <CaseFormInPage
            {...formLawyer}
            {...caseListing}
            licenceVerified={verified}
            prefill={casePrefill}
            failure={caseFailure}
            success={caseSent}
          />
        )}
        {form === "message" && (
          <SendMessageInPage
            {...formLawyer}
            prefill={messagePrefill}
            failure={messageFailure}
            sent={messageSent}
          />
        )}
        <ResponsiveGrid cols={12} spacing="lg">
          <GridCell span={{ base: 12, md: 7 }}>
            <Stack gap="lg" h="100%">
              {/* Issue 19 §1: no empty About card; without a bio the office map takes its place. */}
              {l.bio.trim() && (
                <Card withBorder padding="xl" component="section" aria-labelledby="about-heading">
                  <Title order={2} size="h3" id="about-heading" mb="sm">
                    {t("page.about")}
                  </Title>
                  {/* An Arabic bio reads right to left, an English one that begins with a Hebrew
                      name left to right (issue 14 §4; dir="auto" would follow the name's first letter). */}
                  <Text style={{ whiteSpace: "pre-line" }} dir={textDirection(l.bio)}>
                    {l.bio}
                  </Text>
                </Card>
              )}
              <OfficeCard lawyer={l} office={office} tiles={mapTiles} />
            </Stack>
          </GridCell>
          <GridCell span={{ base: 12, md: 5 }}>
            <ContactCard lawyer={l} phone={phone} addressLines={addressLines} />
          </GridCell>
        </ResponsiveGrid>
        {/* Issue 19 §1: fees and first meeting, with a worked example. */}
        <FeesSection fees={l.fees} countryCode={l.countryCode} />
        <WhatWeChecked
          verification={verification}
          disciplinaryRecords={disciplinaryRecords}
          specialistTitles={l.specialistTitles}
        />
        <ProfileReviews lawyerId={l.id} data={reviews} />
        <ListingModerationLinks lawyerId={l.id} />
        {l.demo && <DemoDataNotice compact />}
      </Stack>
    </Container>
  );
}
