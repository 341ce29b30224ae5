/**
 * describeAuditEntry (issue 28 §5, lib/audit-changes.ts) over generated before/after objects of
 * the shapes recordAudit writes (scalars, lists, one or two levels of nesting, nulls and absent
 * keys): every field whose value differs is reported once, with the right kind and values;
 * nothing unchanged is reported; lists report exactly the members added and removed; the context
 * keys are context, not changes. Then the shapes the product writes, entry by entry.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type AuditChange,
  CONTEXT_KEYS,
  checkLabelOf,
  describeAuditEntry,
  FIELD_ORDER,
  isBlank,
  sameValue,
} from "./audit-changes.ts";

const scalar = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.integer({ min: -1000, max: 3000 }),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom("2026-03-01", "2026-12-07T10:00:00.000Z", "en", "de", "Dog Bites"),
);
const key = fc.constantFrom("phone", "status", "languages", "checkedOn", "checks", "hidden", "a", "b", "c");
const leaf = fc.oneof(
  scalar,
  fc.array(fc.oneof(fc.constantFrom("en", "de", "fr", "ja", "ar"), fc.integer({ min: 0, max: 5 })), {
    maxLength: 5,
  }),
);
const level2 = fc.dictionary(fc.constantFrom("licence#3", "insurance", "x", "y"), leaf, { maxKeys: 4 });
const side = fc.dictionary(key, fc.oneof(leaf, level2), { maxKeys: 6 });
const sideOrNull = fc.oneof(side, fc.constant(null));

/** The value at `path` of `obj` (undefined when absent). */
function at(obj: unknown, path: readonly string[]): unknown {
  let node = obj;
  for (const k of path) {
    if (typeof node !== "object" || node === null || Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[k];
  }
  return node;
}

const empty = isBlank;

describe("describeAuditEntry (issue 28 §5)", () => {
  it("reports every differing field once, with its values, and nothing else", () => {
    fc.assert(
      fc.property(sideOrNull, sideOrNull, (before, after) => {
        const { changes } = describeAuditEntry("x.y", before, after);
        const seen = new Set<string>();
        for (const c of changes) {
          const id = c.path.join("/");
          expect(seen.has(id), `${id} reported twice`).toBe(false);
          seen.add(id);
          const from = at(before, c.path);
          const to = at(after, c.path);
          expect(sameValue(from, to) || (empty(from) && empty(to))).toBe(false);
          if (c.kind === "set") expect([empty(from), c.to]).toEqual([true, to]);
          if (c.kind === "cleared") expect([empty(to), c.from]).toEqual([true, from]);
          if (c.kind === "changed") expect([c.from, c.to]).toEqual([from, to]);
          if (c.kind === "list") {
            const f = Array.isArray(from) ? from : [];
            const t = Array.isArray(to) ? to : [];
            expect(
              c.added.every((m) => t.some((x) => sameValue(x, m)) && !f.some((x) => sameValue(x, m))),
            ).toBe(true);
            expect(
              c.removed.every((m) => f.some((x) => sameValue(x, m)) && !t.some((x) => sameValue(x, m))),
            ).toBe(true);
            expect(t.filter((m) => !f.some((x) => sameValue(x, m)))).toEqual(c.added);
          }
        }
        // Every top-level field that differs is covered by a change at it or under it.
        for (const k of new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])) {
          const from = at(before, [k]);
          const to = at(after, [k]);
          if (sameValue(from, to) || (empty(from) && empty(to))) continue;
          expect(
            changes.some((c: AuditChange) => c.path[0] === k),
            `${k} differs but is not reported`,
          ).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("lists the changes in one reading order, whatever order the stored keys come in (jsonb sorts them by length)", () => {
    const reversed = (o: Record<string, unknown> | null) =>
      o === null ? null : Object.fromEntries(Object.entries(o).reverse());
    fc.assert(
      fc.property(sideOrNull, sideOrNull, (before, after) => {
        const asWritten = describeAuditEntry("x.y", before, after).changes.map((c) => c.path.join("/"));
        const reordered = describeAuditEntry("x.y", reversed(before), reversed(after)).changes.map((c) =>
          c.path.join("/"),
        );
        const known = (p: string) => FIELD_ORDER.includes(p.split("/")[0] ?? "");
        expect(reordered.filter(known)).toEqual(asWritten.filter(known));
      }),
    );
    const d = describeAuditEntry("verification.admission_added", null, {
      region: "California",
      regulator: "State Bar of California",
      countryCode: "US",
      yearAdmitted: 2011,
      licenceNumber: "SBN-1",
      admissionId: 4,
    });
    expect(d.changes.map((c) => c.path[0])).toEqual([
      "countryCode",
      "region",
      "regulator",
      "licenceNumber",
      "yearAdmitted",
    ]);
  });

  it("reports nothing for an entry whose sides are equal", () => {
    fc.assert(
      fc.property(side, (s) => {
        expect(describeAuditEntry("x.y", s, structuredClone(s)).changes).toEqual([]);
      }),
    );
  });

  it("keeps the context keys out of the changes while they agree", () => {
    fc.assert(
      fc.property(side, side, fc.integer({ min: 1, max: 99 }), (b, a, id) => {
        const d = describeAuditEntry(
          "verification.rechecked",
          { ...b, checkId: id, kind: "licence" },
          { ...a, checkId: id, kind: "licence" },
        );
        expect(d.changes.every((c) => !(CONTEXT_KEYS as readonly string[]).includes(c.path[0] ?? ""))).toBe(
          true,
        );
        expect(d.context).toEqual([
          { key: "kind", value: "licence" },
          { key: "checkId", value: id },
        ]);
      }),
    );
  });
});

describe("the entries the product writes", () => {
  it("a claim: ownership set", () => {
    expect(describeAuditEntry("listing.claimed", { ownerUserId: null }, { ownerUserId: "u-1" })).toEqual({
      context: [],
      changes: [{ kind: "set", path: ["ownerUserId"], to: "u-1" }],
    });
  });

  it("a re-check: the dates and status that moved, the check as context", () => {
    const before = {
      checkId: 12,
      kind: "licence",
      status: "lapsed",
      method: "register_lookup",
      source: "SRA",
      sourceUrl: null,
      checkedOn: "2025-03-01",
      nextCheckDue: "2026-03-01",
    };
    const after = { ...before, status: "verified", checkedOn: "2026-03-02", nextCheckDue: "2027-03-02" };
    const d = describeAuditEntry("verification.rechecked", before, after);
    expect(d.context).toEqual([
      { key: "kind", value: "licence" },
      { key: "checkId", value: 12 },
    ]);
    expect(d.changes).toEqual([
      { kind: "changed", path: ["status"], from: "lapsed", to: "verified" },
      { kind: "changed", path: ["checkedOn"], from: "2025-03-01", to: "2026-03-02" },
      { kind: "changed", path: ["nextCheckDue"], from: "2026-03-01", to: "2027-03-02" },
    ]);
  });

  it("a verification request: the checks' states before and after compared check by check", () => {
    const d = describeAuditEntry(
      "verification.requested",
      { "licence#3": "unverified", insurance: null },
      { requestId: 9, checks: { "licence#3": "pending", insurance: "pending" }, proofs: 2 },
    );
    expect(d.context).toEqual([{ key: "requestId", value: 9 }]);
    expect(d.changes).toEqual([
      { kind: "changed", path: ["checks", "licence#3"], from: "unverified", to: "pending" },
      { kind: "set", path: ["checks", "insurance"], to: "pending" },
      { kind: "set", path: ["proofs"], to: 2 },
    ]);
  });

  it("a listing edit's lists: languages and practice areas added and removed", () => {
    const d = describeAuditEntry(
      "listing.updated",
      { languages: ["en", "fr"], practiceAreas: ["Car Accidents"], phone: "+4930123" },
      { languages: ["en", "de"], practiceAreas: ["Car Accidents", "Dog Bites"], phone: "+4930999" },
    );
    expect(d.changes).toEqual([
      { kind: "changed", path: ["phone"], from: "+4930123", to: "+4930999" },
      { kind: "list", path: ["languages"], added: ["de"], removed: ["fr"] },
      { kind: "list", path: ["practiceAreas"], added: ["Dog Bites"], removed: [] },
    ]);
  });

  it("reads a check label", () => {
    expect(checkLabelOf("licence#3")).toEqual({ kind: "licence", admissionId: 3 });
    expect(checkLabelOf("insurance")).toEqual({ kind: "insurance", admissionId: null });
  });
});
