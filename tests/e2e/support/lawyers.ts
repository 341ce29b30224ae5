/**
 * Helpers the journeys share: finding real lawyers through the public search API of the
 * server under test (spec §7, `GET /api/lawyers/search`).
 */
import { type APIRequestContext, expect } from "@playwright/test";

/** The fields of the lawyer DTO the journeys read. */
export interface LawyerSummary {
  id: number;
  name: string;
  city: string;
  country: string;
  practiceAreas: string[];
  /** Whether an account with a confirmed email manages the listing (issue 28 §4). */
  managed: boolean;
}

/**
 * Returns the lawyers of one search page (JSON array from `/api/lawyers/search?<params>`).
 * Fails the test when the API does not answer 200.
 */
export async function searchLawyers(
  request: APIRequestContext,
  params: Record<string, string>,
): Promise<LawyerSummary[]> {
  const response = await request.get(`/api/lawyers/search?${new URLSearchParams(params)}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as LawyerSummary[];
}

/** The id of the first lawyer the default search returns (the seeded demo data has thousands). */
export async function firstLawyerId(request: APIRequestContext): Promise<number> {
  const [first] = await searchLawyers(request, { pageSize: "6" });
  expect(first, "the demo data should contain lawyers").toBeDefined();
  return (first as LawyerSummary).id;
}
