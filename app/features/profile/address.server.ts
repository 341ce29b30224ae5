/**
 * The profile's business address in the listing country's order (issue 14 §2). Server-only: the
 * formatter carries every country's templates (about 300 KB), so the profile's loader formats the
 * lines and the page only shows them.
 */
import { formatAddress, splitStoredAddress } from "../../../lib/address.ts";
import type { LawyerDTO } from "../../../lib/lawyer.ts";

/**
 * The business address as lines in the customs of the listing's country (issue 14 §2, lib/address.ts):
 * the stored one-line `business_address` split around the city into street and postcode, then
 * ordered with the city and region for `countryCode` ("Hauptstraße 5" / "10115 Berlin";
 * "12 Main St" / "Springfield, IL 62701"). The country itself is left out (the Location line
 * names it). [] without a business address.
 */
export function businessAddressLines(
  l: Pick<LawyerDTO, "business_address" | "city" | "state" | "countryCode">,
): string[] {
  if (!l.business_address?.trim()) return [];
  const { street, postcode } = splitStoredAddress(l.business_address, l.city);
  return formatAddress({ street, postcode, city: l.city, state: l.state }, l.countryCode);
}
