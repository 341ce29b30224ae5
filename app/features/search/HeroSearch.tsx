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
 *
 * Issue 29 "Lean markup": native elements styled by filters.css (no Mantine layout wrappers
 * with inline styles), the look of Mantine's "md" inputs and buttons kept.
 */
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
import { practiceAreaLabel } from "../profile";
import type { DistanceUnit } from "./distance";
import { locationOptions } from "./LocationSelect";
import { SmartSearchBox } from "./SmartSearchBox";
import "./filters.css";

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

/** An option of a hero select. */
interface HeroOption {
  value: string;
  label: string;
}

/**
 * A native select of the hero form with its label (`id` links them): submitted as `name` when
 * given (Search Mode has none), its value kept in state by `onValue`.
 */
function HeroSelect({
  id,
  label,
  name,
  data,
  value,
  onValue,
  className,
}: {
  id: string;
  label: string;
  name?: string;
  data: HeroOption[];
  value: string;
  onValue: (value: string) => void;
  className?: string;
}) {
  return (
    <div className={className}>
      <label className="hs-label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="hs-input"
        name={name}
        value={value}
        onChange={(e) => onValue(e.currentTarget.value)}
      >
        {data.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
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
      <div className="hs">
        <div className="hs-intro">
          <h1 id="hero-heading">{t("hero.title")}</h1>
          <p>{t("hero.subtitle")}</p>
        </div>
        <Form
          method="get"
          action={localize("/#results")}
          className="hs-form"
          onSubmit={(e) => {
            e.preventDefault();
            search();
          }}
          role="search"
          aria-label={t("hero.formLabel")}
        >
          {/* Issue 28 §1: the chosen country first (or none) stays with a new search. */}
          {params.preferCountry && <input type="hidden" name="preferCountry" value={params.preferCountry} />}
          <SmartSearchBox value={query} onChange={setQuery} />
          <div className="hs-pair">
            <HeroSelect
              id="hero-location"
              label={t("hero.locationFilter")}
              name="location"
              data={locationOptions(countries, location || undefined, t, locale)}
              value={location}
              onValue={setLocation}
            />
            <HeroSelect
              id="hero-mode"
              label={t("hero.searchMode")}
              className="js-only"
              data={[
                { value: "simple", label: t("hero.simpleSearch") },
                { value: "advanced", label: t("hero.advancedSearch") },
              ]}
              value={mode}
              onValue={(v) => setMode(v === "advanced" ? "advanced" : "simple")}
            />
          </div>
          {mode === "advanced" && (
            <div className="hs-pair" data-testid="advanced-fields">
              <HeroSelect
                id="hero-area"
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
                id="hero-rating"
                label={t("hero.minimumRating")}
                name="rating"
                data={ratingOptions}
                value={rating}
                onValue={setRating}
              />
            </div>
          )}
          <div className="hs-actions">
            <button type="submit" className="hs-btn hs-primary" disabled={busy}>
              <IconSearch size={18} aria-hidden />
              {busy && !locating ? t("hero.searching") : t("hero.searchLawyers")}
            </button>
            <button type="button" className="hs-btn js-only" onClick={locateMe} disabled={locating}>
              <IconCurrentLocation size={18} aria-hidden />
              {locating ? t("hero.locating") : t("hero.useMyLocation")}
            </button>
          </div>
          <div className="hs-quick">
            <span>{t("hero.quickSearch")}</span>
            {quick.map((q) => (
              <a key={q.label} href={quickHref(q.query)} onClick={fill(q.query)}>
                {q.label}
              </a>
            ))}
          </div>
        </Form>
      </div>
    </section>
  );
}
