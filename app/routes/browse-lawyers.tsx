/**
 * Browse lawyers (/browse-lawyers; spec §2 "Browse/search page"): header 'Browse Lawyers',
 * search bar, filters, results, browse by country and why choose us. The `location` query
 * parameter pre-fills the location filter. The browse ad slot sits after the first results for
 * visitors who are not premium (spec §9; issue 6; issue 19 §5), and the page has one search box
 * (its search bar; the filter panel has none here). In the page's locale, its searches staying on
 * the localized path ("/de/browse-lawyers"; issue 14 §2).
 */
import { Container, Stack, Text, Title } from "@mantine/core";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useLoaderData } from "react-router";
import { AdSlot } from "../features/billing/AdSlot";
import { Directory } from "../features/search/Directory";
import { directoryLoader } from "../features/search/directory.server";
import { directoryClientLoader } from "../features/search/directory-cache";
import { directoryMeta } from "../features/search/directory-meta";
import { SearchBar } from "../features/search/SearchBar";
import { SiteOverview } from "../features/search/SiteOverview";
import { useLocalizePath } from "../i18n/locale";
import { pageHeaders } from "../route-headers";
import type { Route } from "./+types/browse-lawyers";

/** Runs the search of the URL (directory.server.ts). */
export const loader = directoryLoader;

/** Client navigations answer from the 5-minute results cache (directory-cache.ts). */
export const clientLoader = directoryClientLoader;

/** Title, description and the canonical URL of this search (issue 2 §4), in the page's locale. */
export const meta: Route.MetaFunction = directoryMeta({
  titleKey: "meta.browseTitle",
  descriptionKey: "meta.browseDescription",
  path: "/browse-lawyers",
});

/** Distances on the cards follow the visitor's Accept-Language region (miles or km; issue 14 §2). */
export const headers = pageHeaders({ Vary: "Accept-Language" });

/**
 * The browse page. Each section is its own Suspense boundary so React hydrates them as separate,
 * shorter tasks after the first paint (less blocking time; issue 2 §5, docs/decisions/002).
 */
export default function BrowseLawyers() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("search");
  const localize = useLocalizePath();
  const action = localize("/browse-lawyers");
  return (
    <Container size="xl" py="xl">
      <Stack gap="xl">
        <Stack gap={4}>
          <Title order={1}>{t("browse.title")}</Title>
          <Text c="dimmed">
            {data.site.total > 0
              ? t("browse.intro", { lawyers: data.site.total, countries: data.site.countries.length })
              : t("browse.introFallback")}
          </Text>
        </Stack>
        <Suspense>
          <SearchBar params={data.params} action={action} />
        </Suspense>
        <Suspense>
          <Directory data={data} action={action} searchInPanel={false} ad={<AdSlot placement="browse" />} />
        </Suspense>
        <Suspense>
          <SiteOverview site={data.site} demo={data.demoListings} mt="xl" />
        </Suspense>
      </Stack>
    </Container>
  );
}
