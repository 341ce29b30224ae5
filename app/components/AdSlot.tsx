/**
 * An ad slot (spec §1 "Non-premium visitors see ad blocks", §9 "Ad slots: homepage top, homepage
 * sidebar, dashboard, browse lawyers"; issue 6 "Ads"). Rendered only for visitors who are not
 * premium (decided on the server). Issue 6 fills it in.
 */

/** Where an ad slot sits (spec §9). */
export type AdPlacement = "home-top" | "home-sidebar" | "dashboard" | "browse";

/** An ad slot for `placement`; renders nothing until issue 6. */
export function AdSlot({ placement }: { placement: AdPlacement }) {
  void placement;
  return null;
}
