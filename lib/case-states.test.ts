/**
 * The case state machine's table and pure functions (issue 27 §2): the table says what the issue
 * says (written out here once more, by hand), replays refuse what it refuses, and random histories
 * through applyTransition keep the invariants. The same table against the real API:
 * server/api/case-states.test.ts.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AFTER_ACCEPTANCE_STATUSES,
  applyTransition,
  CASE_ACTORS,
  CASE_MOVES,
  CASE_TRANSITIONS,
  type CaseFacts,
  type CaseTarget,
  findTransition,
  lawyerStatusChoices,
  NEW_CASE_FACTS,
  refusalMessage,
  replayCaseHistory,
} from "./case-states.ts";
import { CASE_STATUSES } from "./constants.ts";

const at = (day: number) => new Date(Date.UTC(2026, 0, day));

describe("the transition table (issue 27 §2)", () => {
  it("is exactly the moves the issue allows, by whom and through what", () => {
    const rows = CASE_TRANSITIONS.map((t) => `${t.by} ${t.via} ${t.from}→${t.to} (${t.requires})`).sort();
    expect(rows).toEqual(
      [
        // Issue 17 §2: accept and decline are the only way out of pending.
        "lawyer accept pending→accepted (notAccepted)",
        "lawyer decline pending→declined (notAccepted)",
        "lawyer status accepted→reviewing (accepted)",
        "lawyer status accepted→engaged (accepted)",
        "lawyer status accepted→declined (accepted)",
        "lawyer status accepted→closed (accepted)",
        "lawyer status reviewing→accepted (accepted)",
        "lawyer status reviewing→engaged (accepted)",
        "lawyer status reviewing→declined (accepted)",
        "lawyer status reviewing→closed (accepted)",
        "lawyer status engaged→closed (accepted)",
        "lawyer status closed→engaged (accepted)",
        // Issue 17 §4 withdrawal, §5 retention: only a case never accepted.
        "client withdraw pending→deleted (notAccepted)",
        "client withdraw declined→deleted (notAccepted)",
        "system retention pending→deleted (notAccepted)",
        "system retention declined→deleted (notAccepted)",
      ].sort(),
    );
  });

  it("never leads back to pending or out of declined, and gives staff nothing", () => {
    expect(CASE_TRANSITIONS.filter((t) => t.to === "pending")).toEqual([]);
    expect(CASE_TRANSITIONS.filter((t) => t.from === "declined" && t.to !== "deleted")).toEqual([]);
    expect(
      CASE_TRANSITIONS.filter((t) => t.from === "pending" && t.to !== "deleted").map((t) => t.via),
    ).toEqual(["accept", "decline"]);
    expect(CASE_TRANSITIONS.filter((t) => t.by === "staff")).toEqual([]);
    for (const t of CASE_TRANSITIONS)
      if ((AFTER_ACCEPTANCE_STATUSES as readonly string[]).includes(t.from))
        expect(t.requires).toBe("accepted");
  });

  it("reads the fact, not only the status: a row that says 'reviewing' without acceptedAt is moved by nobody", () => {
    for (const to of [...CASE_STATUSES, "deleted"] as CaseTarget[])
      for (const by of CASE_ACTORS)
        for (const via of CASE_MOVES)
          expect(findTransition({ status: "reviewing", acceptedAt: null }, to, by, via)).toBeNull();
  });

  it("offers the lawyer's status control only the table's moves", () => {
    expect(lawyerStatusChoices({ status: "pending", acceptedAt: null })).toEqual([]);
    expect(lawyerStatusChoices({ status: "declined", acceptedAt: null })).toEqual([]);
    expect(lawyerStatusChoices({ status: "declined", acceptedAt: at(1) })).toEqual([]);
    expect(lawyerStatusChoices({ status: "accepted", acceptedAt: at(1) })).toEqual([
      "reviewing",
      "engaged",
      "declined",
      "closed",
    ]);
    expect(lawyerStatusChoices({ status: "engaged", acceptedAt: at(1) })).toEqual(["closed"]);
    expect(lawyerStatusChoices({ status: "closed", acceptedAt: at(1) })).toEqual(["engaged"]);
  });

  it("names why a move is refused", () => {
    expect(refusalMessage({ status: "pending", acceptedAt: null }, "reviewing", "status")).toBe(
      "errors:cases.pendingStatus",
    );
    expect(refusalMessage({ status: "declined", acceptedAt: null }, "reviewing", "status")).toBe(
      "errors:cases.declinedFinal",
    );
    expect(refusalMessage({ status: "declined", acceptedAt: null }, "accepted", "accept")).toBe(
      "errors:cases.declinedFinal",
    );
    expect(refusalMessage({ status: "accepted", acceptedAt: at(1) }, "declined", "decline")).toBe(
      "errors:cases.alreadyDecided",
    );
    expect(refusalMessage({ status: "engaged", acceptedAt: at(1) }, "reviewing", "status")).toBe(
      "errors:cases.statusMove?from=engaged&to=reviewing",
    );
    expect(refusalMessage({ status: "accepted", acceptedAt: at(1) }, "deleted", "withdraw")).toBe(
      "errors:cases.withdrawAccepted",
    );
  });
});

describe("replayCaseHistory (the demo seed's histories)", () => {
  it("stamps accept, the first engagement and the first close, and writes the timeline", () => {
    const r = replayCaseHistory(at(1), [
      { to: "accepted", by: "lawyer", via: "accept", at: at(2) },
      { to: "engaged", by: "lawyer", via: "status", at: at(3) },
      { to: "closed", by: "lawyer", via: "status", at: at(4) },
      { to: "engaged", by: "lawyer", via: "status", at: at(5) },
      { to: "closed", by: "lawyer", via: "status", at: at(6) },
    ]);
    expect(r.facts).toEqual({
      status: "closed",
      acceptedAt: at(2),
      declinedAt: null,
      declineReason: null,
      engagedAt: at(3),
      closedAt: at(4),
    });
    expect(r.updatedAt).toEqual(at(6));
    expect(r.timeline.map((s) => s.status)).toEqual([
      "pending",
      "accepted",
      "engaged",
      "closed",
      "engaged",
      "closed",
    ]);
  });

  it("refuses a history the product could not have made (the reported bypass)", () => {
    expect(() =>
      replayCaseHistory(at(1), [
        { to: "declined", by: "lawyer", via: "decline", at: at(2), reason: "Conflict" },
        { to: "reviewing", by: "lawyer", via: "status", at: at(3) },
      ]),
    ).toThrow(/declined → reviewing by lawyer/);
    expect(() =>
      replayCaseHistory(at(1), [{ to: "engaged", by: "lawyer", via: "status", at: at(2) }]),
    ).toThrow();
  });
});

describe("random histories through the pure machine keep the invariants", () => {
  it("holds for any sequence of attempted moves by anyone", () => {
    const attemptArb = fc.record({
      to: fc.constantFrom<CaseTarget>(...CASE_STATUSES, "deleted"),
      by: fc.constantFrom(...CASE_ACTORS),
      via: fc.constantFrom(...CASE_MOVES),
    });
    fc.assert(
      fc.property(fc.array(attemptArb, { maxLength: 20 }), (attempts) => {
        let facts: CaseFacts = NEW_CASE_FACTS;
        let day = 1;
        for (const a of attempts) {
          const t = findTransition(facts, a.to, a.by, a.via);
          if (!t) continue;
          if (t.to === "deleted") {
            expect(facts.acceptedAt).toBeNull();
            break;
          }
          const before = facts;
          day += 1;
          facts = applyTransition(facts, t, at(day), "reason");
          if (before.status === "declined") throw new Error("a declined case moved");
          if (before.status !== facts.status) expect(a.by).toBe("lawyer");
          if ((AFTER_ACCEPTANCE_STATUSES as readonly string[]).includes(facts.status))
            expect(facts.acceptedAt).not.toBeNull();
          if (facts.engagedAt) expect(facts.engagedAt >= (facts.acceptedAt as Date)).toBe(true);
          if (before.acceptedAt) expect(facts.acceptedAt).toEqual(before.acceptedAt);
          if (before.engagedAt) expect(facts.engagedAt).toEqual(before.engagedAt);
          if (before.closedAt) expect(facts.closedAt).toEqual(before.closedAt);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
