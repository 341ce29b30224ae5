/**
 * The back office's audit log shows what changed with the lawyer's history renderer (issue 28
 * §5, app/ui/AuditChanges.tsx), not the stored JSON: in English and Arabic, staff see the record
 * ids the entry is about and an owner's account id (a lawyer sees neither).
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Locale } from "../../../lib/i18n/locales.ts";
import type { AuditRow } from "../../../server/audit/index.ts";
import { renderInLocale, visibleText } from "../../../tests/support/render-in-locale.tsx";
import { ensureLocale, getT } from "../../i18n/i18n";
import { AuditLogView } from "./AuditLogView";

const OWNER = "6f1c2a9e-8b7d-4c6e-9f00-1a2b3c4d5e6f";
const base = {
  actorRole: "moderator",
  actorEmail: "mod@example.org",
  subjectType: "listing",
  subjectId: "42",
  reason: null,
  ip: null,
};
const rows: AuditRow[] = [
  {
    id: 1,
    at: "2026-03-01T10:00:00.000Z",
    action: "listing.claimed",
    before: { ownerUserId: null },
    after: { ownerUserId: OWNER },
    ...base,
  },
  {
    id: 2,
    at: "2026-03-02T10:00:00.000Z",
    action: "verification.rechecked",
    before: { checkId: 12, kind: "licence", status: "lapsed", checkedOn: "2025-03-01" },
    after: { checkId: 12, kind: "licence", status: "verified", checkedOn: "2026-03-01" },
    ...base,
  },
  {
    id: 3,
    at: "2026-03-03T10:00:00.000Z",
    action: "contact.marked_handled",
    before: { status: "new" },
    after: { status: "handled" },
    ...base,
    subjectType: "contact_message",
    subjectId: "7",
  },
];
const query = { actor: "", action: "", subjectType: "", subjectId: "", from: "", to: "" };

beforeAll(async () => {
  await ensureLocale("ar");
});

describe("the audit log's changes (issue 28 §5)", () => {
  for (const [locale, path] of [
    ["en", "/admin/audit"],
    ["ar", "/ar/admin/audit"],
  ] as const satisfies readonly (readonly [Locale, string])[]) {
    it(`reads as sentences in ${locale}`, () => {
      const html = renderInLocale(
        locale,
        path,
        <AuditLogView audit={{ rows, page: 1, hasMore: false }} query={query} isAdmin={false} />,
        "America/Los_Angeles",
      );
      const text = visibleText(html.replace(/<style[^>]*>[\s\S]*?<\/style>/g, ""));
      const t = getT(locale, "admin");
      expect(text).not.toMatch(/[{}"]/);
      expect(text).toContain(t("audit.columns.change"));
      expect(text).toContain(t("history.context.checkId", { id: "12" }));
      expect(text).toContain(OWNER);
      expect(text).toContain(t("history.values.status.handled"));
    });
  }

  it("says it in English as the lawyer's history does", () => {
    const text = visibleText(
      renderInLocale(
        "en",
        "/admin/audit",
        <AuditLogView audit={{ rows, page: 1, hasMore: false }} query={query} isAdmin />,
        "America/Los_Angeles",
      ),
    );
    expect(text).toContain("Status changed from New to Handled");
    expect(text).toContain("Checked on changed from Mar 1, 2025 to Mar 1, 2026");
    expect(text).toContain(`Ownership: claimed by ${OWNER}`);
    expect(text).toContain("Check: Licence · check #12");
  });
});
