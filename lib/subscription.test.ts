import { describe, expect, it } from "vitest";
import { canCancelSubscription, displayedSubscriptionStatus, isPremium } from "./subscription.ts";

describe("subscription display rules (spec §4)", () => {
  it("shows active, canceled and past_due as stored and anything else as inactive", () => {
    expect(displayedSubscriptionStatus("active")).toBe("active");
    expect(displayedSubscriptionStatus("canceled")).toBe("canceled");
    expect(displayedSubscriptionStatus("past_due")).toBe("past_due");
    expect(displayedSubscriptionStatus("inactive")).toBe("inactive");
    expect(displayedSubscriptionStatus("trialing")).toBe("inactive");
    expect(displayedSubscriptionStatus(null)).toBe("inactive");
  });

  it("unlocks premium only for the premium tier", () => {
    expect(isPremium("premium")).toBe(true);
    expect(isPremium("free")).toBe(false);
    expect(isPremium(undefined)).toBe(false);
  });

  it("offers cancel only for premium and active", () => {
    expect(canCancelSubscription("premium", "active")).toBe(true);
    expect(canCancelSubscription("premium", "canceled")).toBe(false);
    expect(canCancelSubscription("premium", "past_due")).toBe(false);
    expect(canCancelSubscription("free", "active")).toBe(false);
  });
});
