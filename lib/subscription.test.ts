import { describe, expect, it } from "vitest";
import {
  canCancelSubscription,
  displayedSubscriptionStatus,
  effectiveTier,
  isPremium,
} from "./subscription.ts";

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

describe("effectiveTier (issue 6: cancel at period end)", () => {
  const now = new Date("2026-06-01T00:00:00Z");
  it("keeps a canceled premium until its period end and reads free from then on", () => {
    expect(effectiveTier("premium", "canceled", "2026-06-02T00:00:00Z", now)).toBe("premium");
    expect(effectiveTier("premium", "canceled", new Date("2026-06-01T00:00:00Z"), now)).toBe("free");
    expect(effectiveTier("premium", "canceled", "2026-05-01T00:00:00Z", now)).toBe("free");
  });
  it("leaves every other case as stored", () => {
    expect(effectiveTier("premium", "active", "2026-05-01T00:00:00Z", now)).toBe("premium");
    expect(effectiveTier("premium", "canceled", null, now)).toBe("premium");
    expect(effectiveTier("free", "canceled", "2026-07-01T00:00:00Z", now)).toBe("free");
    expect(effectiveTier("premium", "past_due", "2026-05-01T00:00:00Z", now)).toBe("premium");
  });
});
