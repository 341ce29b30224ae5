/**
 * The directory pages' closing sections (spec §2 route table: home and browse both end with
 * "browse by country and why choose us"): the country cards and the site's figures, from the
 * site-wide facets of the directory loader (directory.server.ts `site`, `demoListings`).
 */
import { Stack, type StackProps } from "@mantine/core";
import type { Facets } from "../../../lib/lawyer.ts";
import { CountryBrowse } from "./CountryBrowse";
import { WhyChooseUs } from "./WhyChooseUs";

/**
 * Browse by country, then why choose us, 64 px apart. `site`: the site-wide facets (countries,
 * total and verified listings); `demo`: how many listings are demonstration data; Stack props
 * (e.g. `mt`) pass through.
 */
export function SiteOverview({
  site,
  demo,
  ...stack
}: { site: Pick<Facets, "countries" | "total" | "verified">; demo: number } & StackProps) {
  return (
    <Stack gap={64} {...stack}>
      <CountryBrowse countries={site.countries} />
      <WhyChooseUs
        lawyers={site.total}
        countries={site.countries.length}
        verified={site.verified}
        demo={demo}
      />
    </Stack>
  );
}
