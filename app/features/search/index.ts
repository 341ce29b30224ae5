/**
 * Search: the directory of lawyers (spec §2 "Homepage", "Browse lawyers", docs/search.md): the
 * hero and the search bar, the filters, the results with their cards and pages, browsing by
 * country, and the short-lived cache of directory answers. The loader's data comes from
 * ./directory.server.ts, which only route loaders import (it is server-only, so it is not here).
 */
export { CountryBrowse } from "./CountryBrowse";
export { Directory } from "./Directory";
export { DirectoryCache, directoryCache } from "./directory-cache";
export { type DistanceUnit, distanceUnitFor } from "./distance";
export { HeroSearch } from "./HeroSearch";
export { formatDistance, LawyerCard, type LawyerCardData, toCardData } from "./LawyerCard";
export { ManagedNearby } from "./ManagedNearby";
export { SearchBar } from "./SearchBar";
export { WhyChooseUs } from "./WhyChooseUs";
