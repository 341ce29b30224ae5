/**
 * The response sweep of issue 16 §3 against a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL) with the test clock: nothing before 12 h, the lawyer's reminder at exactly
 * 12 h in the owner's language and never twice, the client's notice at exactly 24 h in the case's
 * language and never twice, nothing for an answered case, a failed send retried on the next run,
 * and no email for cases older than the catch-up period.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESPONSE_SWEEP_CATCH_UP_DAYS } from "../../lib/response-times.ts";
import { createTestClock } from "../../tests/support/clock.ts";
import { openTestDatabase } from "../../tests/support/db.ts";
import type { Database } from "../db/client.ts";
import { caseMessages, caseStatusEvents, cases, lawyers, users } from "../db/schema.ts";
import type { MailMessage } from "../email/mailer.ts";
import { runResponseSweep, startResponseSweepTimer } from "./sweep.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const H = 3_600_000;
const clock = createTestClock("2026-06-01T08:00:00Z");
let sent: MailMessage[] = [];
let failNext = false;
const mailer = {
  send: async (m: MailMessage) => {
    if (failNext) {
      failNext = false;
      throw new Error("SMTP down");
    }
    sent.push(m);
  },
};
const sweep = () =>
  runResponseSweep({ db: database.db, clock, mailer, emailLinkOrigin: "https://lexatlas.test" });

let n = 0;
/** A listing owned by a lawyer account in `ownerLocale` and a case sent to it now in `caseLocale`. */
async function newCase(
  ownerLocale = "de",
  caseLocale = "fr",
  languages: string[] = [],
): Promise<{ caseId: string; lawyerEmail: string }> {
  n++;
  const [l] = await database.db
    .insert(lawyers)
    .values({
      name: `Lea Sweep ${n}`,
      email: `sweep${n}@firm.example`,
      location: "Berlin",
      country: "Germany",
      countryCode: "DE",
      city: "Berlin",
      languages,
    })
    .returning({ id: lawyers.id });
  const lawyerId = (l as { id: number }).id;
  await database.db.insert(users).values({
    email: `owner-sweep${n}@firm.example`,
    password: "x",
    firstName: "Lea",
    lastName: "Sweep",
    role: "lawyer",
    lawyerId,
    locale: ownerLocale,
  });
  const at = clock.now();
  const [c] = await database.db
    .insert(cases)
    .values({
      lawyerId,
      caseTitle: `Accident ${n}`,
      caseType: "Car Accidents",
      description: "Rear-ended at a red light.",
      clientName: "Camille",
      clientEmail: `client${n}@example.com`,
      clientPhone: "+33 1 00 00 00 00",
      locale: caseLocale,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: cases.id });
  const caseId = (c as { id: string }).id;
  await database.db.insert(caseStatusEvents).values({ caseId, status: "pending", createdAt: at });
  return { caseId, lawyerEmail: `sweep${n}@firm.example` };
}

describe("response sweep (issue 16 §3)", () => {
  it("issue 28 §2: the reminder is in the listing's first language, whatever the account's", async () => {
    await clock.rewinding(async () => {
      sent = [];
      const { caseId, lawyerEmail } = await newCase("en", "en", ["de", "en"]);
      clock.set(new Date(clock.now().getTime() + 12 * H));
      expect((await sweep()).reminders).toBe(1);
      const reminder = sent.find((m) => m.to === lawyerEmail);
      expect(reminder?.subject).toContain("Erinnerung");
      expect(reminder?.text).toContain(`https://lexatlas.test/de/cases/${caseId}`);
      // Out of the later tests' way: its client notice is not theirs to count.
      await database.db.update(cases).set({ clientNotifiedAt: clock.now() }).where(eq(cases.id, caseId));
    });
  });

  it("reminds the lawyer at exactly 12 h, tells the client at exactly 24 h, each once", async () => {
    await clock.rewinding(async () => {
      sent = [];
      const { caseId, lawyerEmail } = await newCase("de", "fr");
      const start = clock.now().getTime();
      clock.set(new Date(start + 12 * H - 1000));
      expect(await sweep()).toEqual({ reminders: 0, clientNotices: 0, failures: 0 });
      clock.set(new Date(start + 12 * H));
      expect(await sweep()).toEqual({ reminders: 1, clientNotices: 0, failures: 0 });
      expect(sent).toHaveLength(1);
      expect(sent[0]?.to).toBe(lawyerEmail);
      expect(sent[0]?.subject).toContain("Erinnerung"); // the owner's language
      expect(sent[0]?.text).toContain(`https://lexatlas.test/de/cases/${caseId}`);
      expect(sent[0]?.text).toContain("12 Stunden");
      clock.set(new Date(start + 18 * H));
      expect(await sweep()).toEqual({ reminders: 0, clientNotices: 0, failures: 0 });
      clock.set(new Date(start + 24 * H - 1000));
      expect((await sweep()).clientNotices).toBe(0);
      clock.set(new Date(start + 24 * H));
      expect(await sweep()).toEqual({ reminders: 0, clientNotices: 1, failures: 0 });
      expect(sent[1]?.to).toBe(`client${n}@example.com`);
      expect(sent[1]?.subject).toContain("n’a pas encore répondu"); // the case's language
      expect(sent[1]?.text).toContain(`https://lexatlas.test/fr/cases/${caseId}`);
      clock.set(new Date(start + 30 * H));
      expect(await sweep()).toEqual({ reminders: 0, clientNotices: 0, failures: 0 });
      expect(sent).toHaveLength(2);
    });
  });

  it("sends nothing for a case the lawyer accepted or declined before 12 h (issue 17 §2)", async () => {
    await clock.rewinding(async () => {
      sent = [];
      const { caseId } = await newCase();
      const { caseId: declinedId } = await newCase();
      const start = clock.now().getTime();
      await database.db
        .update(cases)
        .set({ status: "accepted", acceptedAt: new Date(start + 2 * H) })
        .where(eq(cases.id, caseId));
      await database.db
        .update(cases)
        .set({ status: "declined", declinedAt: new Date(start + 3 * H) })
        .where(eq(cases.id, declinedId));
      clock.set(new Date(start + 30 * H));
      const s = await sweep();
      expect(s.reminders + s.clientNotices).toBe(0);
      expect(sent.filter((m) => m.text.includes(caseId) || m.text.includes(declinedId))).toHaveLength(0);
    });
  });

  it("a lawyer's message alone is no answer: the reminder and the late notice still go (issue 17 §2)", async () => {
    await clock.rewinding(async () => {
      sent = [];
      const { caseId } = await newCase();
      const start = clock.now().getTime();
      await database.db
        .insert(caseMessages)
        .values({ caseId, authorRole: "lawyer", body: "Hello", createdAt: new Date(start + 2 * H) });
      clock.set(new Date(start + 30 * H));
      const s = await sweep();
      expect(s.reminders + s.clientNotices).toBe(2);
    });
  });

  it("sends both at once to a case found late (server was stopped), and retries a failed send", async () => {
    await clock.rewinding(async () => {
      sent = [];
      const { caseId } = await newCase("en", "en");
      const start = clock.now().getTime();
      clock.set(new Date(start + 26 * H));
      failNext = true; // the reminder fails
      let s = await sweep();
      expect(s).toEqual({ reminders: 0, clientNotices: 1, failures: 1 });
      // The client notice marks the case handled: its reminder is not retried after the deadline.
      s = await sweep();
      expect(s.reminders + s.clientNotices + s.failures).toBe(0);
      expect(sent.filter((m) => m.text.includes(caseId))).toHaveLength(1);
      expect(sent[0]?.subject).toContain("has not answered your case yet");
    });
  });

  it("retries a failed client notice on the next run", async () => {
    await clock.rewinding(async () => {
      sent = [];
      const { caseId } = await newCase("en", "en");
      const start = clock.now().getTime();
      clock.set(new Date(start + 12 * H));
      expect((await sweep()).reminders).toBe(1);
      clock.set(new Date(start + 24 * H));
      failNext = true;
      expect(await sweep()).toEqual({ reminders: 0, clientNotices: 0, failures: 1 });
      expect(await sweep()).toEqual({ reminders: 0, clientNotices: 1, failures: 0 });
      expect(sent.filter((m) => m.text.includes(caseId))).toHaveLength(2);
    });
  });

  it("leaves cases older than the catch-up period alone", async () => {
    await clock.rewinding(async () => {
      sent = [];
      const { caseId } = await newCase();
      clock.advance(RESPONSE_SWEEP_CATCH_UP_DAYS * 24 * H + 1000);
      await sweep();
      expect(sent.filter((m) => m.text.includes(caseId))).toHaveLength(0);
    });
  });

  it("runs the sweep at start and on each tick, one run at a time", async () => {
    let runs = 0;
    let release: () => void = () => {};
    const timer = startResponseSweepTimer({
      everyMs: 3_600_000,
      run: () =>
        new Promise<void>((resolve) => {
          runs++;
          release = resolve;
        }),
    });
    const again = timer.tick(); // still running: joins the first run
    expect(runs).toBe(1);
    release();
    await again;
    const next = timer.tick();
    expect(runs).toBe(2);
    release();
    await next;
    timer.stop();
  });
});
