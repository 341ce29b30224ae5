/**
 * The re-check screen (issue 15 §2; app/features/admin/RecheckView.tsx) rendered on the server in
 * German and Arabic: labels and the refused form's messages come from the catalogs, typed values
 * stay in their fields, both forms post to the localized path, and no catalog key leaks.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { msg } from "../../../lib/i18n/message.ts";
import { renderInLocale } from "../../../tests/support/render-in-locale.tsx";
import { ensureLocale } from "../../i18n/i18n";
import { RecheckView } from "./RecheckView";

const check = {
  checkId: 7,
  lawyerId: 42,
  listingName: "Ana Müller",
  kind: "licence" as const,
  status: "lapsed",
  method: "register_lookup" as const,
  source: "Rechtsanwaltskammer",
  sourceUrl: "https://www.bea-brak.de/bravsearch/",
  checkedOn: "2025-05-01",
  nextCheckDue: "2026-05-01",
  admission: { regulator: "Rechtsanwaltskammer", licenceNumber: "123456" },
};

beforeAll(async () => {
  await Promise.all([ensureLocale("de"), ensureLocale("ar")]);
});

describe("RecheckView", () => {
  it("in German, with a refused confirmation: messages next to the fields, typed values kept", () => {
    const out = renderInLocale(
      "de",
      "/de/admin/rechecks/7",
      <RecheckView
        check={check}
        today="2026-06-01"
        notice={null}
        failure={{
          intent: "verified",
          values: {
            source: "Kammer",
            sourceUrl: "ftp://x",
            checkedOn: "2026-06-01",
            nextCheckDue: "2020-01-01",
            reason: "ok",
          },
          fieldErrors: {
            sourceUrl: msg("admin:rechecks.errors.sourceUrl"),
            nextCheckDue: msg("admin:rechecks.errors.nextCheckDue"),
          },
        }}
      />,
    );
    expect(out).toContain("Prüfung „Zulassung“ von Ana Müller");
    expect(out).toContain("Zulassung: Rechtsanwaltskammer, Nummer 123456");
    expect(out).toContain("Geben Sie einen Link ein, der mit http:// oder https:// beginnt.");
    expect(out).toContain("Geben Sie ein Datum nach dem heutigen Tag ein.");
    expect(out).toContain('value="ftp://x"');
    expect(out).toContain('value="Kammer"');
    expect(out.match(/action="\/de\/admin\/rechecks\/7"/g)).toHaveLength(2);
    expect(out).not.toContain("admin:");
    expect(out).not.toContain("rechecks.");
  });

  it("in Arabic after a decision: the notice, and default dates for a new confirmation", () => {
    const out = renderInLocale(
      "ar",
      "/ar/admin/rechecks/7",
      <RecheckView check={check} today="2026-06-01" notice="lapsed" failure={null} />,
    );
    expect(out).toContain("تم وضع علامة «منتهٍ» على التحقق.");
    expect(out).toContain('value="2026-06-01"');
    expect(out).toContain('value="2027-06-01"');
    expect(out).not.toContain("rechecks.");
  });
});
