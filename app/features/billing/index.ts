/**
 * Billing: the premium subscription and what it changes (spec §1, §9, issue 6): the dashboard's
 * subscription card and upgrade view, the test-payments provider's checkout page, and the ad slots
 * shown only to visitors who are not premium.
 */
export { type AdPlacement, AdSlot } from "./AdSlot";
export { SubscriptionCard, UpgradeView } from "./SubscriptionPanel";
export { TestCheckoutPage } from "./TestCheckoutPage";
