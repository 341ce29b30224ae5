import { describe, expect, it } from "vitest";
import { coversDay, isOpenNow, localTime, openingState } from "./opening-hours.ts";

const at = (iso: string) => new Date(iso);

describe("openingState (issue 19 §1 open now)", () => {
  it("is open inside the hours and says when it closes, in the office's zone", () => {
    // Wednesday 2026-01-14 14:30 UTC = 15:30 in Berlin (CET, UTC+1).
    expect(openingState("Mon-Fri 9:00-17:00", "Europe/Berlin", at("2026-01-14T14:30:00Z"))).toEqual({
      open: true,
      closesAt: 17 * 60,
      next: null,
    });
    // The same instant is 09:30 in Toronto (EST): open; 06:30 in Los Angeles: opens today at 9.
    expect(openingState("Mon-Fri 9:00-17:00", "America/Toronto", at("2026-01-14T14:30:00Z"))?.open).toBe(
      true,
    );
    expect(openingState("Mon-Fri 9:00-17:00", "America/Los_Angeles", at("2026-01-14T14:30:00Z"))).toEqual({
      open: false,
      closesAt: null,
      next: { day: 2, minutes: 540, inDays: 0 },
    });
  });

  it("closes at the closing minute and wraps from Friday evening to Monday", () => {
    // Friday 2026-01-16 16:00 UTC = 17:00 Berlin: closed, opens Monday 9:00 (3 days on).
    expect(openingState("Mon-Fri 9:00-17:00", "Europe/Berlin", at("2026-01-16T16:00:00Z"))).toEqual({
      open: false,
      closesAt: null,
      next: { day: 0, minutes: 540, inDays: 3 },
    });
    // A Saturday morning part: Friday evening's next opening is Saturday.
    expect(
      openingState("Mon-Fri 9:00-17:00, Sat 10:00-14:00", "Europe/Berlin", at("2026-01-16T18:00:00Z"))?.next,
    ).toEqual({ day: 5, minutes: 600, inDays: 1 });
  });

  it("reads a Sunday-to-Thursday week across the week's end (Riyadh)", () => {
    expect(coversDay({ fromDay: 6, toDay: 3 }, 6)).toBe(true);
    expect(coversDay({ fromDay: 6, toDay: 3 }, 0)).toBe(true);
    expect(coversDay({ fromDay: 6, toDay: 3 }, 4)).toBe(false);
    // Sunday 2026-01-18 08:00 UTC = 11:00 in Riyadh (UTC+3): open.
    expect(openingState("Sun-Thu 9:00-18:00", "Asia/Riyadh", at("2026-01-18T08:00:00Z"))?.open).toBe(true);
    // Friday 2026-01-16 08:00 UTC = 11:00 Riyadh: closed (weekend), opens Sunday 9:00, two days on.
    expect(openingState("Sun-Thu 9:00-18:00", "Asia/Riyadh", at("2026-01-16T08:00:00Z"))?.next).toEqual({
      day: 6,
      minutes: 540,
      inDays: 2,
    });
  });

  it("follows the zone's summer time on the day the clocks change", () => {
    // Berlin moves to CEST (UTC+2) on Sunday 2026-03-29; Monday 2026-03-30 06:30 UTC is 08:30 local.
    expect(localTime(at("2026-03-30T06:30:00Z"), "Europe/Berlin")).toEqual({ day: 0, minutes: 8 * 60 + 30 });
    expect(openingState("Mon-Fri 9:00-17:00", "Europe/Berlin", at("2026-03-30T06:30:00Z"))?.open).toBe(false);
    expect(openingState("Mon-Fri 9:00-17:00", "Europe/Berlin", at("2026-03-30T07:30:00Z"))?.open).toBe(true);
    // On the change day itself (Sunday, 03:30 local after the jump) a Sunday part reads local time.
    expect(localTime(at("2026-03-29T01:30:00Z"), "Europe/Berlin")).toEqual({ day: 6, minutes: 3 * 60 + 30 });
    expect(openingState("Sun 3:00-4:00", "Europe/Berlin", at("2026-03-29T01:30:00Z"))?.open).toBe(true);
  });

  it("runs an overnight part past midnight and treats closed days as closed", () => {
    // Saturday 01:00 local after a Friday 22:00-2:00 shift: still open, closes at 2:00.
    expect(openingState("Fri 22:00-2:00", "UTC", at("2026-01-17T01:00:00Z"))).toEqual({
      open: true,
      closesAt: 120,
      next: null,
    });
    // Saturday and Sunday of a Mon-Fri week are closed all day.
    expect(openingState("Mon-Fri 9:00-17:00", "UTC", at("2026-01-17T12:00:00Z"))?.open).toBe(false);
    expect(openingState("Mon-Fri 9:00-17:00", "UTC", at("2026-01-18T12:00:00Z"))?.next?.inDays).toBe(1);
  });

  it("claims nothing for free text, no hours or an unknown zone; openNow is then false", () => {
    expect(openingState("by appointment", "UTC", at("2026-01-14T12:00:00Z"))).toBeNull();
    expect(openingState(null, "UTC", at("2026-01-14T12:00:00Z"))).toBeNull();
    expect(openingState("Mon-Fri 9:00-17:00", "Mars/Olympus", at("2026-01-14T12:00:00Z"))).toBeNull();
    expect(openingState("Mon-Fri 9:00-17:00", null, at("2026-01-14T12:00:00Z"))).toBeNull();
    expect(isOpenNow({ workingHours: "by appointment", timeZone: "UTC" }, at("2026-01-14T12:00:00Z"))).toBe(
      false,
    );
    expect(
      isOpenNow({ workingHours: "Mon-Fri 9:00-17:00", timeZone: "UTC" }, at("2026-01-14T12:00:00Z")),
    ).toBe(true);
  });
});
