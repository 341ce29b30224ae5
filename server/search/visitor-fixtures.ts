/**
 * Lawyers for the tests of issue 28 §1 (the visitor's country first, real words, near me): one
 * each in Zürich, Rome, New York, Auckland, München and Porto, rated above three in Brazil (São
 * Paulo, Rio de Janeiro), so that without the visitor's country the Brazilians come last. Not used
 * by the app.
 */
import type { Db } from "../db/client.ts";
import { lawyers } from "../db/schema.ts";
import { refreshSearchData } from "./refresh.ts";

/** [name, city, country, code, lat, lng, areas, rating] in id order: the Brazilians rated lowest. */
export const VISITOR_ROWS: [string, string, string, string, number, number, string[], number][] = [
  ["Anja Zeller", "Zürich", "Switzerland", "CH", 47.37, 8.54, ["Medical Malpractice", "Birth Injury"], 4.9],
  ["Bruno Romano", "Rome", "Italy", "IT", 41.9, 12.5, ["Medical Malpractice"], 4.8],
  ["Carla Novak", "New York City", "United States", "US", 40.71, -74.0, ["Medical Malpractice"], 4.7],
  [
    "Dylan Hart",
    "Auckland",
    "New Zealand",
    "NZ",
    -36.85,
    174.76,
    ["Birth Injury", "Medical Malpractice"],
    4.6,
  ],
  ["Elias Brandt", "München", "Germany", "DE", 48.14, 11.58, ["Car Accidents"], 4.5],
  [
    "Fernanda Lima",
    "São Paulo",
    "Brazil",
    "BR",
    -23.55,
    -46.63,
    ["Medical Malpractice", "Birth Injury"],
    4.1,
  ],
  ["Gustavo Rocha", "Rio de Janeiro", "Brazil", "BR", -22.91, -43.17, ["Medical Malpractice"], 4.0],
  ["Helena Souza", "São Paulo", "Brazil", "BR", -23.56, -46.64, ["Car Accidents"], 3.9],
  ["Inês Costa", "Porto", "Portugal", "PT", 41.15, -8.61, ["Medical Malpractice"], 4.4],
];

/** Inserts VISITOR_ROWS (ids 1..9 on a fresh database) and refreshes the search data. */
export async function insertVisitorFixtures(db: Db): Promise<void> {
  await db.insert(lawyers).values(
    VISITOR_ROWS.map(([name, city, country, countryCode, latitude, longitude, practiceAreas, rating], i) => ({
      name,
      firm: `${name.split(" ")[1]} Advocacia`,
      email: `v${i + 1}@example.test`,
      city,
      country,
      countryCode,
      location: `${city}, ${country}`,
      latitude,
      longitude,
      practiceAreas,
      rating,
      reviewCount: 10,
      bio: "Represents patients harmed by negligent treatment and families after a difficult birth.",
    })),
  );
  await refreshSearchData(db);
}
