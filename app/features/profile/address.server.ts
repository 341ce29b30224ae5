/**
 * The profile's business address in the listing country's form (issue 14 §2, issue 28 §2).
 * Server-only: the formatter carries every country's templates (about 300 KB), so the profile's
 * loader lays out the lines and the page only shows them.
 */
import { storedAddressLines } from "../../../lib/address.ts";
import type { LawyerDTO } from "../../../lib/lawyer.ts";

/**
 * The stored one-line `business_address` as lines in the customs of the listing's country
 * (lib/address.ts storedAddressLines: read back with the country's template, or as typed; a
 * Japanese address in Japanese order after its 〒 postcode), every stored part kept, the city
 * (and region) added when the text does not name it. `cityNames` are the other names of the city
 * the address may use ("München" for the stored "Munich": place-names.ts through
 * `directory.localizePlaces`). The same lines in every page locale. [] without a business address.
 */
export function businessAddressLines(
  l: Pick<LawyerDTO, "business_address" | "city" | "state" | "countryCode">,
  cityNames: readonly string[] = [],
): string[] {
  return storedAddressLines(l.business_address, {
    city: l.city,
    cityNames,
    state: l.state,
    countryCode: l.countryCode,
  });
}
