/**
 * The profile's view model in other locales (issue 14 §2): numbers, plurals, country and
 * practice-area names, weekday names, local times and the office's time zone by name, the page
 * title and description, in German and Arabic (the right-to-left locale with six plural forms).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { openingState } from "../../../lib/opening-hours.ts";
import { ensureLocale } from "../../i18n/i18n";
import {
  openingText,
  parseWorkingHours,
  profileMeta,
  profileView,
  ratingPhrase,
  workingHoursText,
} from "./profile";

const LAWYER = {
  name: "Ana López",
  firm: "López & Asociados",
  city: "Toronto",
  location: "Toronto, Ontario, Canada",
  country: "Canada",
  countryCode: "CA",
  timeZone: "America/Toronto",
  workingHours: "Mon-Fri 9:00-17:00, Sat 9:00-13:00",
  experience: 12,
  rating: 4.5,
  reviewCount: 40,
  practiceAreas: ["Car Accidents", "Dog Bites"],
};

beforeAll(async () => {
  await Promise.all([ensureLocale("de"), ensureLocale("ar")]);
});

describe("profile view model in German", () => {
  it("writes numbers, plurals, the country and practice areas in German", () => {
    const view = profileView(LAWYER, "de");
    expect(view.rating).toBe("4,5");
    expect(view.reviews).toBe("(40 Bewertungen)");
    expect(view.experience).toBe("12 Jahre Erfahrung");
    expect(view.country).toBe("Kanada");
    expect(view.practiceAreas).toEqual(["Verkehrsunfälle", "Hundebisse"]);
    const one = profileView({ ...LAWYER, reviewCount: 1, experience: 1 }, "de");
    expect(one.reviews).toBe("(1 Bewertung)");
    expect(one.experience).toBe("1 Jahr Erfahrung");
    expect(profileView({ ...LAWYER, reviewCount: 0 }, "de").reviews).toBe("Noch keine Bewertungen");
  });

  it("gives working hours with German day names, 24-hour times and the zone's German name", () => {
    expect(workingHoursText(LAWYER, "de")).toBe(
      "Mo–Fr 09:00–17:00 Uhr, Sa 09:00–13:00 Uhr (Nordamerikanische Ostküstenzeit)",
    );
    // Free text the owner typed stays as typed, still with the zone by name.
    expect(workingHoursText({ workingHours: "Nach Vereinbarung", timeZone: "Europe/Berlin" }, "de")).toBe(
      "Nach Vereinbarung (Mitteleuropäische Zeit)",
    );
  });

  it("titles and describes the page in German", () => {
    const meta = profileMeta(LAWYER, "de");
    expect(meta.title).toBe("Ana López, Anwalt für Personenschäden in Toronto");
    expect(meta.description).toContain("12 Jahre Berufserfahrung, bewertet mit 4,5 aus 40 Bewertungen");
    expect(meta.description).toContain("Verkehrsunfälle und Hundebisse.");
    expect(ratingPhrase({ rating: 0, reviewCount: 0 }, "de")).toBe("noch keine Bewertungen");
  });
});

describe("profile view model in Arabic", () => {
  it("uses Arabic plural forms (one, two, few, many) and Arabic names", () => {
    const view = profileView(LAWYER, "ar");
    expect(view.reviews).toBe("(40 مراجعة)");
    expect(view.experience).toBe("خبرة 12 سنة");
    expect(view.country).toBe("كندا");
    expect(view.practiceAreas).toEqual(["حوادث السيارات", "عضات الكلاب"]);
    expect(profileView({ ...LAWYER, reviewCount: 1 }, "ar").reviews).toBe("(مراجعة واحدة)");
    expect(profileView({ ...LAWYER, reviewCount: 2 }, "ar").reviews).toBe("(مراجعتان)");
    expect(profileView({ ...LAWYER, experience: 3 }, "ar").experience).toBe("خبرة 3 سنوات");
  });

  it("gives working hours with Arabic weekday names and the zone's Arabic name", () => {
    const hours = workingHoursText(LAWYER, "ar") ?? "";
    expect(hours).toContain("الاثنين–الجمعة");
    expect(hours).toContain("السبت");
    expect(hours).toContain("(التوقيت الشرقي لأمريكا الشمالية)");
  });
});

describe("parseWorkingHours", () => {
  it("reads the stored shorthand and refuses free text", () => {
    expect(parseWorkingHours("Mon-Fri 8:30-17:30")).toEqual([
      { fromDay: 0, toDay: 4, open: 510, close: 1050 },
    ]);
    expect(
      parseWorkingHours("Sun-Thu 9:00-18:00, Sat 10:00-14:00")?.map((p) => [p.fromDay, p.toDay]),
    ).toEqual([
      [6, 3],
      [5, 5],
    ]);
    expect(parseWorkingHours("by appointment")).toBeNull();
    expect(parseWorkingHours("Mon-Fri 9:00-17:00, evenings by appointment")).toBeNull();
  });
});

describe("open now in the visitor's words (issue 19 §1)", () => {
  // Friday 2026-01-16 23:00 UTC = 18:00 in Toronto: closed, opens Saturday 9:00 (tomorrow).
  const friday = openingState(LAWYER.workingHours, LAWYER.timeZone, new Date("2026-01-16T23:00:00Z"));
  // Saturday 2026-01-17 19:00 UTC = 14:00 in Toronto: closed, opens Monday 9:00.
  const saturday = openingState(LAWYER.workingHours, LAWYER.timeZone, new Date("2026-01-17T19:00:00Z"));
  // Wednesday 2026-01-14 15:00 UTC = 10:00 in Toronto: open until 17:00.
  const wednesday = openingState(LAWYER.workingHours, LAWYER.timeZone, new Date("2026-01-14T15:00:00Z"));

  it("names the weekday and time in English, German and Arabic", () => {
    expect(openingText(saturday, "en")).toBe("Closed, opens Monday at 9:00 AM");
    expect(openingText(saturday, "de")).toBe("Geschlossen, öffnet Montag um 9:00");
    expect(openingText(saturday, "ar")).toContain("الاثنين");
    expect(openingText(friday, "en")).toBe("Closed, opens tomorrow at 9:00 AM");
    expect(openingText(wednesday, "en")).toBe("Open now, until 5:00 PM");
    expect(openingText(wednesday, "de")).toBe("Jetzt geöffnet, bis 17:00");
    expect(openingText(null, "en")).toBeNull();
  });

  it("leaves the zone's name out for a visitor in the office's zone, never shows the zone id", () => {
    expect(workingHoursText(LAWYER, "en", "America/Toronto")).not.toContain("(");
    expect(workingHoursText(LAWYER, "en", "Europe/Berlin")).toContain("(Eastern Time)");
    expect(workingHoursText(LAWYER, "de", "Europe/Berlin")).not.toContain("America/Toronto");
  });
});
