/**
 * Home (/): the hero search, then the browse and results section, browse by country and why
 * choose us (spec §2 route table "Home: hero search plus browse and results"), with the home
 * top and sidebar ad slots for visitors who are not premium (spec §9; issue 6), the "top" one
 * after the first results (issue 19 §5). In the page's
 * locale, its searches staying on the localized path ("/de"; issue 14 §2).
 */
import { Container, Stack } from "@mantine/core";
import { Suspense } from "react";
import { useLoaderData } from "react-router";
import { AdSlot } from "../features/billing/AdSlot";
import { Directory } from "../features/search/Directory";
import { directoryLoader } from "../features/search/directory.server";
import { directoryClientLoader } from "../features/search/directory-cache";
import { directoryMeta } from "../features/search/directory-meta";
import { HeroSearch } from "../features/search/HeroSearch";
import { SiteOverview } from "../features/search/SiteOverview";
import { useLocalizePath } from "../i18n/locale";
import { pageHeaders } from "../route-headers";
import { GridCell, ResponsiveGrid } from "../ui/ResponsiveGrid";
import type { Route } from "./+types/home";

/** Runs the search of the URL (directory.server.ts). */
export const loader = directoryLoader;

/** Client navigations answer from the 5-minute results cache (directory-cache.ts). */
export const clientLoader = directoryClientLoader;

/** Title, description and the canonical URL of this search (issue 2 §4), in the page's locale. */
export const meta: Route.MetaFunction = directoryMeta({
  titleKey: "meta.homeTitle",
  descriptionKey: "meta.homeDescription",
  path: "/",
});

/** Distances on the cards follow the visitor's Accept-Language region (miles or km; issue 14 §2). */
export const headers = pageHeaders({ Vary: "Accept-Language" });

/**
 * The home page. Each section is its own Suspense boundary so React hydrates them as separate,
 * shorter tasks after the first paint (less blocking time; issue 2 §5, docs/decisions/002).
 */
export default function Home() {
  const data = useLoaderData<typeof loader>();
  const localize = useLocalizePath();
  return (
    <>
      <Suspense>
        <HeroSearch params={data.params} countries={data.site.countries} distanceUnit={data.distanceUnit} />
      </Suspense>
      <Container size="xl" py="xl">
        <Stack gap={64}>
          <Stack gap="xl">
            <Suspense>
              {/* Issue 19 §5: the ad after the first results, not above them. */}
              <Directory data={data} action={localize("/")} ad={<AdSlot placement="home-top" />} />
            </Suspense>
          </Stack>
          <ResponsiveGrid cols={12} spacing="xl">
            <GridCell span={{ base: 12, lg: 9 }}>
              <Suspense>
                <SiteOverview site={data.site} demo={data.demoListings} />
              </Suspense>
            </GridCell>
            <GridCell span={{ base: 12, lg: 3 }}>
              <AdSlot placement="home-sidebar" />
            </GridCell>
          </ResponsiveGrid>
        </Stack>
      </Container>
    </>
  );
}
