/**
 * The home hero (spec §2 "Home hero", §4 "Hero search", §8 geolocation, §9): heading, the Smart
 * Search box labelled AI-Enhanced with suggestions once the text is longer than 2 characters,
 * the Location Filter select (countries and counts from the data), the Search Mode select (Advanced
 * reveals practice area and rating), 'Search Lawyers' ('Searching...' while busy; Enter also
 * searches), 'Use My Location', and the quick buttons 'Personal Injury' and 'Car Accident' that
 * fill the query. After a search the page scrolls smoothly to the results after 100 ms.
 *
 * The form is a real GET form to "/#results", so searching works without JavaScript.
 * 'Use My Location' (issue 14 §2): granted -> `near=LAT,LNG` (results sorted by distance, distance
 * on each card) within a radius of 25 km, or 15 mi for mile visitors (issue 19 §2: `radiusKm`,
 * changed in the filter panel), and a notice naming the nearest city (GET /api/location, offline GeoNames data);
 * denied or unavailable -> the country of the browser's Accept-Language region when lawyers are
 * listed there, else no location filter. Never the USA by default (the spec's §4/§8 fallback was
 * US-only: docs/spec-deviations.md). Either way the text in the search box goes with it (issue
 * 28 §1: "Use my location" keeps what the person typed, searched or not).
 * Texts, country and practice-area names in the page's locale; the form and every search stay
 * on the page's localized path ("/de#results"; issue 14 §2).
 */
import {
  Button,
  Container,
  Group,
  NativeSelect,
  type NativeSelectProps,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconCurrentLocation, IconSearch } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { PRACTICE_AREAS, SCROLL_TO_RESULTS_DELAY_MS } from "../../../lib/constants.ts";
import { searchHref, withChanges } from "../../../lib/filters.ts";
import type { FacetCount } from "../../../lib/lawyer.ts";
import { defaultRadiusKm } from "../../../lib/near.ts";
import { regionFromLanguages } from "../../../lib/region.ts";
import type { SearchParams } from "../../../lib/search-state.ts";
import { useLocale, useLocaleNavigate, useLocalizePath } from "../../i18n/locale";
import { ResponsiveGrid } from "../../ui/ResponsiveGrid";
import { practiceAreaLabel } from "../profile";
import type { DistanceUnit } from "./distance";
import { locationOptions } from "./FilterPanel";
import { SmartSearchBox } from "./SmartSearchBox";

/** GET /api/location's answer (server/api/location.ts). */
interface LocationAnswer {
  source: "position" | "accept-language" | "none";
  countryCode: string | null;
  city: string | null;
  distanceKm: number | null;
}

/** Asks GET /api/location (`query` "" or "?lat=…&lng=…"); null when the request fails. */
async function lookUpLocation(query: string): Promise<LocationAnswer | null> {
  try {
    const res = await fetch(`/api/location${query}`, { headers: { Accept: "application/json" } });
    return res.ok ? ((await res.json()) as LocationAnswer) : null;
  } catch {
    return null;
  }
}

/** Scrolls smoothly to the results section after the spec's 100 ms delay. */
export function scrollToResults() {
  setTimeout(() => {
    document.getElementById("results")?.scrollIntoView({ behavior: "smooth", block: "start" });
  }, SCROLL_TO_RESULTS_DELAY_MS);
}

/** The advanced search's Minimum Rating values (spec §2 "Hero": 3 to 4.5 stars). */
const RATING_VALUES = ["3", "3.5", "4", "4.5"];

/** A filter select of the hero form: large, submitted as `name`, its value kept in state. */
function HeroSelect({
  onValue,
  ...select
}: {
  label: string;
  name: string;
  data: NativeSelectProps["data"];
  value: string;
  onValue: (value: string) => void;
}) {
  return <NativeSelect size="md" {...select} onChange={(e) => onValue(e.currentTarget.value)} />;
}

/** The hero search of the home page. */
export function HeroSearch({
  params,
  countries,
  distanceUnit = "kilometer",
}: {
  params: SearchParams;
  countries: FacetCount[];
  /** The visitor's unit: "Use My Location" starts at 25 km or 15 mi (issue 19 §2). */
  distanceUnit?: DistanceUnit;
}) {
  const { t } = useTranslation("search");
  const locale = useLocale();
  const localize = useLocalizePath();
  const navigate = useLocaleNavigate();
  const navigation = useNavigation();
  const [query, setQuery] = useState(params.query ?? "");
  const [location, setLocation] = useState(params.location ?? "");
  const [mode, setMode] = useState<"simple" | "advanced">("simple");
  const [area, setArea] = useState(params.practiceAreas.length === 1 ? (params.practiceAreas[0] ?? "") : "");
  const [rating, setRating] = useState(params.rating > 0 ? String(params.rating) : "");
  const [locating, setLocating] = useState(false);
  const pendingScroll = useRef(false);
  const busy = locating || (pendingScroll.current && navigation.state !== "idle");

  // Follow the URL when it changes elsewhere (chips, Back, country cards). Not on mount: the
  // state already starts from the URL, and text typed before hydration must not be reset.
  const urlKey = JSON.stringify([params.query ?? "", params.location ?? ""]);
  const seenUrlKey = useRef(urlKey);
  useEffect(() => {
    if (seenUrlKey.current === urlKey) return;
    seenUrlKey.current = urlKey;
    setQuery(params.query ?? "");
    setLocation(params.location ?? "");
  }, [urlKey, params.query, params.location]);

  // Scroll to the results once the search has loaded (spec §9: after 100 ms).
  useEffect(() => {
    if (navigation.state === "idle" && pendingScroll.current) {
      pendingScroll.current = false;
      scrollToResults();
    }
  }, [navigation.state]);

  const run = (changes: Partial<SearchParams>) => {
    pendingScroll.current = true;
    navigate(searchHref(localize("/"), withChanges(params, changes)), { preventScrollReset: true });
  };

  const search = () => {
    const changes: Partial<SearchParams> = {
      query: query.trim() || undefined,
      location: location || undefined,
      near: undefined,
      radiusKm: undefined,
    };
    if (mode === "advanced") {
      changes.practiceAreas = area ? [area as SearchParams["practiceAreas"][number]] : [];
      changes.rating = rating ? Number(rating) : 0;
    }
    run(changes);
  };

  const locateMe = () => {
    const fallback = async (reason: string) => {
      // Issue 14 §2: the Accept-Language region (asked of the server, else the browser's own
      // languages), and only when lawyers are listed there; otherwise no location filter.
      setLocating(true);
      const answer = await lookUpLocation("");
      const region = answer ? answer.countryCode : regionFromLanguages(navigator.languages ?? []);
      const country = countries.find((c) => c.value === region);
      console.info(
        `Geolocation unavailable (${reason}); falling back to ${country?.value ?? "no location filter"}`,
      );
      notifications.show({
        title: t("hero.locationUnavailableTitle"),
        message: country
          ? t("hero.locationUnavailableCountry", { country: country.label })
          : t("hero.locationUnavailableAll"),
      });
      setLocating(false);
      setLocation(country?.value ?? "");
      run({
        query: query.trim() || undefined,
        location: country?.value,
        near: undefined,
        radiusKm: undefined,
      });
    };
    if (typeof navigator === "undefined" || !navigator.geolocation) {
      void fallback("not supported");
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      async (pos) => {
        const lat = Math.round(pos.coords.latitude * 1e4) / 1e4;
        const lng = Math.round(pos.coords.longitude * 1e4) / 1e4;
        const place = await lookUpLocation(`?lat=${lat}&lng=${lng}`);
        setLocating(false);
        if (place?.source === "position" && place.city) {
          notifications.show({
            title: t("hero.nearestTitle"),
            message: t("hero.nearestText", { city: place.city }),
          });
        }
        setLocation("");
        // Issue 19 §2: a radius from the start (25 km / 15 mi), changed in the filter panel.
        // Issue 28 §1: with the text of the search box, typed or not yet searched.
        run({
          query: query.trim() || undefined,
          near: { lat, lng },
          radiusKm: defaultRadiusKm(distanceUnit),
          location: undefined,
        });
      },
      (err) => void fallback(err.message || `code ${err.code}`),
      { timeout: 10_000, maximumAge: 600_000 },
    );
  };

  const fill = (text: string) => (e: React.MouseEvent) => {
    e.preventDefault();
    setQuery(text);
  };

  const ratingOptions = [
    { value: "", label: t("filters.anyRating") },
    ...RATING_VALUES.map((v) => ({ value: v, label: t("filters.ratingOption", { stars: Number(v) }) })),
  ];
  const quickHref = (text: string) => localize(`/?${new URLSearchParams({ query: text })}#results`);
  const quick = [
    { label: t("hero.quickPersonalInjury"), query: t("hero.quickPersonalInjuryQuery") },
    { label: t("hero.quickCarAccident"), query: t("hero.quickCarAccidentQuery") },
  ];

  return (
    <section className="hero" aria-labelledby="hero-heading">
      <Container size="lg" py={{ base: 40, md: 64 }}>
        <Stack gap="lg">
          <Stack gap="xs" ta="center">
            <Title order={1} id="hero-heading" c="white" fz={{ base: 30, md: 44 }}>
              {t("hero.title")}
            </Title>
            <Text c="blue.0" size="lg">
              {t("hero.subtitle")}
            </Text>
          </Stack>
          <Form
            method="get"
            action={localize("/#results")}
            onSubmit={(e) => {
              e.preventDefault();
              search();
            }}
            role="search"
            aria-label={t("hero.formLabel")}
          >
            {/* Issue 28 §1: the chosen country first (or none) stays with a new search. */}
            {params.preferCountry && (
              <input type="hidden" name="preferCountry" value={params.preferCountry} />
            )}
            <div
              style={{
                background: "white",
                borderRadius: 12,
                padding: 20,
                color: "var(--mantine-color-dark-8)",
              }}
            >
              <Stack gap="md">
                <SmartSearchBox value={query} onChange={setQuery} />
                <ResponsiveGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <HeroSelect
                    label={t("hero.locationFilter")}
                    name="location"
                    data={locationOptions(countries, location || undefined, t, locale)}
                    value={location}
                    onValue={setLocation}
                  />
                  <NativeSelect
                    label={t("hero.searchMode")}
                    size="md"
                    className="js-only"
                    data={[
                      { value: "simple", label: t("hero.simpleSearch") },
                      { value: "advanced", label: t("hero.advancedSearch") },
                    ]}
                    value={mode}
                    onChange={(e) => setMode(e.currentTarget.value === "advanced" ? "advanced" : "simple")}
                  />
                </ResponsiveGrid>
                {mode === "advanced" && (
                  <ResponsiveGrid cols={{ base: 1, sm: 2 }} spacing="md" data-testid="advanced-fields">
                    <HeroSelect
                      label={t("hero.practiceArea")}
                      name="practiceAreas"
                      data={[
                        { value: "", label: t("hero.allPracticeAreas") },
                        ...PRACTICE_AREAS.map((a) => ({ value: a, label: practiceAreaLabel(a, locale, t) })),
                      ]}
                      value={area}
                      onValue={setArea}
                    />
                    <HeroSelect
                      label={t("hero.minimumRating")}
                      name="rating"
                      data={ratingOptions}
                      value={rating}
                      onValue={setRating}
                    />
                  </ResponsiveGrid>
                )}
                <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap">
                  <Button
                    type="submit"
                    size="md"
                    loading={false}
                    disabled={busy}
                    leftSection={<IconSearch size={18} aria-hidden />}
                  >
                    {busy && !locating ? t("hero.searching") : t("hero.searchLawyers")}
                  </Button>
                  <Button
                    type="button"
                    size="md"
                    variant="default"
                    className="js-only"
                    onClick={locateMe}
                    disabled={locating}
                    leftSection={<IconCurrentLocation size={18} aria-hidden />}
                  >
                    {locating ? t("hero.locating") : t("hero.useMyLocation")}
                  </Button>
                </Group>
                <Group gap="xs">
                  <Text size="sm" c="dimmed">
                    {t("hero.quickSearch")}
                  </Text>
                  {quick.map((q) => (
                    <Button
                      key={q.label}
                      component="a"
                      href={quickHref(q.query)}
                      size="compact-sm"
                      variant="light"
                      onClick={fill(q.query)}
                    >
                      {q.label}
                    </Button>
                  ))}
                </Group>
              </Stack>
            </div>
          </Form>
        </Stack>
      </Container>
    </section>
  );
}
