/**
 * The back office's queues (issue 15 §1; app/features/admin/QueuesOverview.tsx) rendered in
 * Arabic: a re-check item names its check in the page's language ("الترخيص"), not the stored kind.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { renderInLocale } from "../../../tests/support/render-in-locale.tsx";
import { ensureLocale } from "../../i18n/i18n";
import { QueuesOverview } from "./QueuesOverview";

beforeAll(async () => {
  await ensureLocale("ar");
});

describe("QueuesOverview", () => {
  it("names a re-check's check in the page's language", () => {
    const out = renderInLocale(
      "ar",
      "/ar/admin",
      <QueuesOverview
        newContact={0}
        queues={{
          verification: [],
          rechecks: [
            {
              id: "7",
              kind: "rechecks",
              title: "Ana Müller",
              checkKind: "licence",
              subjectType: "listing",
              subjectId: "42",
              since: "2026-05-01T00:00:00.000Z",
              href: "/admin/rechecks/7",
            },
          ],
          reports: [],
          corrections: [],
          reviews: [],
        }}
      />,
    );
    expect(out).toContain("Ana Müller · الترخيص");
    expect(out).not.toContain("· licence");
    expect(out).toContain('href="/ar/admin/rechecks/7"');
  });
});
