/**
 * Lawyer profile (/lawyer/:id; spec §2 "Lawyer profile"): logo or initials, name, verified tick
 * (only for verification_status "verified"), firm, location, working hours with the office time
 * zone, rating stars and review count ('No reviews yet' when there are none), experience and
 * practice-area badges, Call Now (a tel: link; issue 28 §4: not for a demo listing whose made-up
 * number is in no range reserved for fiction), Google Reviews (only when a reviews URL exists),
 * About and Contact Information. A missing lawyer or a non-numeric id answers 404 with 'Lawyer
 * Not Found'. The page carries schema.org LegalService JSON-LD (issue 2 §4; aggregateRating only
 * when there are reviews). Send Message and Submit Case are links to forms shown in the page
 * (`?form=message`, `?form=case`), posted to this route's action, so they work without
 * JavaScript; once the page is hydrated they open the dialogs instead (issue 13 §4).
 * Issue 14 §2: every text, number and the working hours (day names, times, the office's time
 * zone by name) in the page's locale, via the profile view model (features/profile/profile.ts);
 * the JSON-LD stays data. Issue 15 §3: links to report the listing or ask for its removal; a
 * listing a moderator hid answers 410 with a page that says it was removed and why in general terms.
 */

import { Anchor, Button, Card, Container, Group, Stack, Text, Title } from "@mantine/core";
import {
  IconArrowLeft,
  IconBrandGoogle,
  IconClock,
  IconPhone,
  IconRosetteDiscountCheckFilled,
} from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { data, isRouteErrorResponse, useLoaderData, useRouteError } from "react-router";
import { dirOf, LOCALES, localizePath } from "../../lib/i18n/locales.ts";
import { timeZoneFromCookie } from "../../lib/i18n/time-zone.ts";
import { lawyerIdFromPath } from "../../lib/ids.ts";
import { mapTilesOf } from "../../lib/map-tiles.ts";
import { openingState } from "../../lib/opening-hours.ts";
import { displayName } from "../../lib/person.ts";
import { textDirection } from "../../lib/text-direction.ts";
import { verifiedLicence } from "../../lib/verification.ts";
import { logBoundaryError } from "../boundary-error";
import { servicesContext } from "../context";
import { clickSourceOf, isPrefetchRequest } from "../features/analytics/analytics-beacon";
import { CaseFormInPage, readCaseFlash, SubmitCaseButton, submitCaseFromPage } from "../features/cases";
import type { MapPoint } from "../features/map/map-types";
import { OfficeMap } from "../features/map/OfficeMap";
import { SendMessageButton, SendMessageInPage, sendMessageFromPage } from "../features/messages";
import { HiddenListingPage, ListingModerationLinks } from "../features/moderation";
import { businessAddressLines } from "../features/profile/address.server";
import { ExperienceBadge, PracticeAreaBadge, VerifiedBadge } from "../features/profile/badges";
import { FeesSection } from "../features/profile/FeesSection";
import { LanguagesLine } from "../features/profile/LanguagesLine";
import { LawyerAvatar } from "../features/profile/LawyerAvatar";
import { legalServiceJsonLd, openingText, profileMeta, workingHoursText } from "../features/profile/profile";
import { ResponseTimeLine } from "../features/profile/ResponseTimeLine";
import { SpecialistTitlesLine } from "../features/profile/SpecialistTitles";
import { Stars } from "../features/profile/Stars";
import { UnmanagedListingNotice } from "../features/profile/UnmanagedListingNotice";
import { LicenceLine, WhatWeChecked } from "../features/profile/VerificationPanel";
import {
  ProfileReviews,
  type ProfileReviewsData,
  profileReviewQuery,
} from "../features/reviews/ProfileReviews";
import { distanceUnitFor } from "../features/search/distance";
import { toCardData } from "../features/search/LawyerCard";
import { ManagedNearby } from "../features/search/ManagedNearby";
import { readPageForm } from "../form-input";
import { getT } from "../i18n/i18n";
import { requestLocale, useLocale } from "../i18n/locale";
import { listingPhone } from "../i18n/phone.server";
import { pageHeaders } from "../route-headers";
import { originFromMatches, pageMeta, siteFromMatches } from "../seo";
import { getOptionalUser } from "../session";
import { Bidi } from "../ui/Bidi";
import { DemoDataNotice } from "../ui/DemoDataNotice";
import { ErrorFallback } from "../ui/ErrorFallback";
import { LocationLine } from "../ui/Flag";
import { IconDetail } from "../ui/IconDetail";
import { ListingGonePage } from "../ui/ListingGonePage";
import { LocaleLink } from "../ui/LocaleLink";
import { GridCell, ResponsiveGrid } from "../ui/ResponsiveGrid";
import { SUCCESS_TEXT_COLOR } from "../ui/theme";
import type { Route } from "./+types/lawyer";

/** The listing id of the address, or a 404 response for anything that is not one. */
function lawyerIdOf(id: string): number {
  const lawyerId = lawyerIdFromPath(id);
  if (lawyerId === null) throw data({ message: "Lawyer not found" }, { status: 404 });
  return lawyerId;
}

/** Which in-page form the address asks for (`?form=case` or `?form=message`; issue 13 §4), else null. */
function inPageFormOf(url: URL): "case" | "message" | null {
  const form = url.searchParams.get("form");
  return form === "case" || form === "message" ? form : null;
}

/**
 * Loads the lawyer, and the signed-in visitor's name and email to prefill Send Message and Submit
 * Case (null when signed out); throws a 404 response for a non-numeric id or an unknown lawyer.
 * Counts the profile view, and a click when the visitor came from a search or match result
 * (issue 6; services.analytics, not awaited: the page never waits for it).
 *
 * Issue 13 §4: `?form=case` or `?form=message` shows that form in the page (it works without
 * JavaScript); with `&sent=1` its success view: for a case, the summary the action left in the
 * flash cookie (case-flash.ts; without it, the empty form), answered `private, no-store` (middleware).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = lawyerIdOf(params.id);
  const url = new URL(request.url);
  const services = context.get(servicesContext);
  const { directory } = services;
  const lawyer = await directory.getLawyer(id);
  if (!lawyer) {
    // Issue 15 §3: a listing a moderator hid answers 410 with its general reason.
    const hidden = await directory.hiddenListing(id);
    // 410 is cacheable by default (RFC 9110 §15.5.11); a moderator may restore the listing, so
    // no cache may keep this answer.
    if (hidden) {
      throw data(
        { message: "Listing removed", hiddenReason: hidden.reason },
        { status: 410, headers: { "Cache-Control": "no-store" } },
      );
    }
    throw data({ message: "Lawyer not found" }, { status: 404 });
  }
  // Issue 15 §2: the checks behind the tick, shown in "What we checked".
  const { verification, disciplinaryRecords } = await directory.getVerification(id);
  const user = await getOptionalUser(request, context);
  // Issue 6: a view (and a result click, by the Referer), counted without waiting; a prefetch is no visit.
  if (!isPrefetchRequest(request)) {
    void services.analytics.recordView(
      lawyer.id,
      { ip: services.clientIp(context), userAgent: request.headers.get("User-Agent") },
      { source: clickSourceOf(request), viewerUserId: user?.id ?? null },
    );
  }
  const visitor = user ? { name: displayName(user, requestLocale(request)), email: user.email } : null;
  const form = inPageFormOf(url);
  const sent = url.searchParams.get("sent") === "1";
  const caseSent = form === "case" && sent ? readCaseFlash(request, id) : null;
  const messageSent = form === "message" && sent;
  // Issue 14 §2: the business address in the country's order and the phone nationally or
  // internationally for this visitor, formatted here (server-only formatter and phone metadata).
  // The postal address is the country's, the same in every locale, never losing a stored part
  // (issue 28 §2); it may write the city as its country does ("80331 München"), so it is read
  // with the city's names in every locale. The page shows the city and region in its own language
  // (issue 14 §1, server/search/place-names.ts).
  const cityNames = LOCALES.map((l) => directory.localizePlaces([lawyer], l)[0]?.city ?? lawyer.city);
  const addressLines = businessAddressLines(lawyer, cityNames);
  const [shown = lawyer] = directory.localizePlaces([lawyer], requestLocale(request));
  // Issue 16 §1: the published reviews' figures and one page of them (`?reviewSort=&reviewPage=`).
  const reviewQuery = profileReviewQuery(url);
  const [reviewSummary, reviewPage] = await Promise.all([
    services.reviews.summary(id),
    services.reviews.listPublished(id, reviewQuery),
  ]);
  const reviews: ProfileReviewsData = { summary: reviewSummary, page: reviewPage, sort: reviewQuery.sort };
  // Issue 19 §1: open now / opens next from the hours in the office's zone at this request's
  // time (the injectable clock); the visitor's zone decides whether the zone's name is shown.
  const opening = openingState(lawyer.workingHours, lawyer.timeZone, services.clock.now());
  // Issue 28 §4: a listing nobody manages offers the managed lawyers nearby instead of a promise.
  const nearby = lawyer.managed
    ? null
    : directory
        .localizePlaces((await directory.managedNearby(id)) ?? [], requestLocale(request))
        .map(toCardData);
  return {
    opening,
    visitorZone: timeZoneFromCookie(request.headers.get("Cookie")),
    mapTiles: mapTilesOf(services.config),
    lawyer: shown,
    verification,
    disciplinaryRecords,
    visitor,
    form,
    caseSent,
    messageSent,
    addressLines,
    // Issue 28 §4: null for a demo listing whose made-up number is in no range reserved for fiction.
    phone: listingPhone(lawyer, request),
    reviews,
    nearby,
    distanceUnit: distanceUnitFor(request.headers.get("Accept-Language")),
  };
}

/**
 * Server middleware: a success view (`&sent=1`) is the visitor's own (a case summary from their
 * cookie), so it is answered `private, no-store`: no shared or back-forward cache keeps it.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }, next) => {
    const response = (await next()) as Response;
    if (new URL(request.url).searchParams.has("sent"))
      response.headers.set("Cache-Control", "private, no-store");
    return response;
  },
];

/**
 * The loader's `Cache-Control: no-store` of a hidden listing's 410 (issue 15 §3), and `Vary:
 * Accept-Language` on every answer: the phone is written for the visitor's region (issue 14 §2),
 * so a cache must not hand a German visitor's national "030 1234567" to a visitor from France;
 * the in-page forms' 429 Retry-After passes through pageHeaders (app/route-headers.ts).
 */
export const headers = pageHeaders(({ errorHeaders }) => {
  const headers = new Headers({ Vary: "Accept-Language" });
  // Issue 15 §3: the 410 of a hidden listing is never cached (it may be restored).
  const noStore = errorHeaders?.get("Cache-Control");
  if (noStore) headers.set("Cache-Control", noStore);
  return headers;
});

/**
 * The profile's two in-page forms (issue 13 §4; spec §5, §9), by `intent`: "case" (Submit Case,
 * multipart/form-data with `documents`, streamed through the case intake: submitCaseFromPage)
 * and "message" (Send Message, url-encoded: sendMessageFromPage). A multipart post is always the
 * case form. Both validate with the shared schemas of lib/ and call the same domain functions as
 * the API, rate limited the same way ('case-ip', 'message-ip'); success redirects (303) to the
 * success view, a failure answers the page with its errors and what was typed. 404 for an
 * unknown listing; 400 for a post that is neither form.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const id = lawyerIdOf(params.id);
  const type = request.headers.get("Content-Type") ?? "";
  if (/^multipart\/form-data/i.test(type)) return submitCaseFromPage({ request, context, lawyerId: id });
  const form = await readPageForm(request).catch(() => null);
  const intent = form?.text("intent");
  if (form && intent === "case") return submitCaseFromPage({ request, context, lawyerId: id, form });
  if (form && intent === "message") return sendMessageFromPage({ request, context, lawyerId: id, form });
  throw data({ message: "Unknown form." }, { status: 400 });
}

/** Title and description from the lawyer's name, firm and city, the canonical profile URL; noindex when not found. */
export const meta: Route.MetaFunction = ({ matches, loaderData, params, error }) => {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "profile");
  if (isRouteErrorResponse(error) && error.status === 410) {
    const tm = getT(site.locale, "moderation");
    return pageMeta(site, {
      title: tm("hidden.title"),
      description: tm("hidden.text"),
      path: `/lawyer/${encodeURIComponent(params.id ?? "")}`,
      noindex: true,
    });
  }
  if (!loaderData) {
    return pageMeta(site, {
      title: t("meta.notFoundTitle"),
      description: t("meta.notFoundDescription"),
      path: `/lawyer/${encodeURIComponent(params.id ?? "")}`,
      noindex: true,
    });
  }
  const l = loaderData.lawyer;
  return pageMeta(site, { ...profileMeta(l, site.locale), path: `/lawyer/${l.id}` });
};

/** The profile page. */
export default function LawyerProfile({ matches, actionData }: Route.ComponentProps) {
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
  } = useLoaderData<typeof loader>();
  const caseFailure = actionData?.intent === "case" ? actionData : null;
  const messageFailure = actionData?.intent === "message" ? actionData : null;
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
  const origin = originFromMatches(matches);
  // Issue 19 §1: no zone name for a visitor in the office's zone; "Open now" / "Opens Monday 9:00".
  const hours = workingHoursText(l, locale, visitorZone);
  const openText = openingText(opening, locale);
  const office: MapPoint | null =
    l.latitude !== null && l.longitude !== null
      ? {
          id: l.id,
          name: l.name,
          firm: l.firm,
          address: (addressLines.length > 0 ? addressLines : [l.location]).join(", "),
          latitude: l.latitude,
          longitude: l.longitude,
        }
      : null;
  // The back arrow points the way back: to the right on right-to-left pages.
  const backIconStyle = dirOf(locale) === "rtl" ? { transform: "scaleX(-1)" } : undefined;
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
            <IconArrowLeft size={16} aria-hidden style={backIconStyle} /> {t("page.backToDirectory")}
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
                  <IconRosetteDiscountCheckFilled
                    size={28}
                    color="#237032"
                    role="img"
                    aria-label={t("page.verifiedLawyer")}
                    data-testid="verified-tick"
                  />
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
              <Card withBorder padding="xl" component="section" aria-labelledby="office-heading">
                <Title order={2} size="h3" id="office-heading" mb="sm">
                  {t("map.officeHeading")}
                </Title>
                <Stack gap="sm">
                  {office ? (
                    <OfficeMap
                      points={[office]}
                      tiles={mapTiles}
                      label={t("map.profileLabel", { name: l.name })}
                      height={260}
                    />
                  ) : (
                    <Text c="dimmed" size="sm">
                      {t("map.noPosition")}
                    </Text>
                  )}
                  <Text size="sm" data-testid="office-address">
                    {office?.address ?? l.location}
                  </Text>
                </Stack>
              </Card>
            </Stack>
          </GridCell>
          <GridCell span={{ base: 12, md: 5 }}>
            <Card withBorder padding="xl" h="100%" component="section" aria-labelledby="contact-heading">
              <Title order={2} size="h3" id="contact-heading" mb="sm">
                {t("page.contactInformation")}
              </Title>
              <Stack gap="sm">
                <IconDetail icon="phone" iconSize={18} label={t("page.phone")}>
                  {phone ? (
                    <Anchor href={phone.href ?? undefined} data-contact-click="call" dir="ltr">
                      <Bidi>{phone.text}</Bidi>
                    </Anchor>
                  ) : (
                    <Text component="span" size="sm" c="dimmed" data-testid="phone-withheld">
                      {t("page.phoneWithheld")}
                    </Text>
                  )}
                </IconDetail>
                <IconDetail icon="mail" iconSize={18} label={t("page.email")}>
                  <Anchor href={`mailto:${l.email}`} data-contact-click="email">
                    <Bidi>{l.email}</Bidi>
                  </Anchor>
                </IconDetail>
                {l.website && (
                  <IconDetail icon="world-www" iconSize={18} label={t("page.website")}>
                    <Anchor
                      href={l.website}
                      target="_blank"
                      rel="noopener noreferrer nofollow"
                      data-contact-click="website"
                    >
                      <Bidi>{l.website.replace(/^https?:\/\//, "")}</Bidi>
                    </Anchor>
                  </IconDetail>
                )}
                <IconDetail icon="building" iconSize={18} label={t("page.firm")}>
                  <Bidi>{l.firm}</Bidi>
                </IconDetail>
                {l.business_address && (
                  <IconDetail icon="map-pin" iconSize={18} label={t("page.businessAddress")}>
                    {addressLines.map((line) => (
                      <span key={line} style={{ display: "block" }} data-testid="address-line">
                        <Bidi>{line}</Bidi>
                      </span>
                    ))}
                  </IconDetail>
                )}
                <IconDetail icon="map-pin" iconSize={18} label={t("page.location")}>
                  <Bidi>{l.location}</Bidi>
                </IconDetail>
              </Stack>
            </Card>
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

/**
 * 'Lawyer Not Found' for 404s (spec §2); the removal page for a listing a moderator hid (410,
 * issue 15 §3); other errors go to the root boundary's fallback.
 */
export function ErrorBoundary() {
  const { t } = useTranslation("profile");
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 410) {
    return (
      <HiddenListingPage reason={(error.data as { hiddenReason?: string } | null)?.hiddenReason ?? null} />
    );
  }
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <ListingGonePage title={t("page.notFoundTitle")} back={t("page.backToDirectory")}>
        <Text c="dimmed">{t("page.notFoundText")}</Text>
      </ListingGonePage>
    );
  }
  logBoundaryError(error);
  return <ErrorFallback />;
}
