/**
 * Issue 27 §2 "what a lawyer may see of a case", over every reader the lawyer has, against the
 * real server on loopback and the real database (PGlite, or PostgreSQL with TEST_DATABASE_URL),
 * emails captured by a real SMTP server: a case never accepted — pending, declined, and declined
 * then pushed through every status change and accept the lawyer may try — shows its lawyer the
 * conflict-check summary and nothing else on the case page (the loader's data, server-rendered
 * HTML), GET /api/cases/{id}, the list, the thread, both download links, the export zip
 * (data.json and its documents) and every email to the listing. A control case, really accepted,
 * opens the same readers (so the checks can fail). Also the case page with a free-text "date
 * needed" (a 500 of the attack run).
 */
import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub, RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../lib/account.ts";
import type { BUDGETS } from "../../lib/constants.ts";
import { createLogger } from "../../server/logger.ts";
import { createServices, rememberClientIp, type Services } from "../../server/services.ts";
import { caseForm, casePayload, PDF } from "../../tests/support/case-fixtures.ts";
import { caseTestHarness, type TestLawyer } from "../../tests/support/case-parties.ts";
import { createTestClock } from "../../tests/support/clock.ts";
import { TEST_ENGINE } from "../../tests/support/db.ts";
import { routeOutcome } from "../../tests/support/page-routes.ts";
import { unzip } from "../../tests/support/unzip.ts";
import { servicesContext } from "../context.ts";
import { ensureLocale, instanceFor } from "../i18n/i18n";
import CasePage, { loader } from "./case.tsx";

const ORIGIN = "http://localhost:5173";
const clock = createTestClock("2026-09-07T10:00:00Z");
let services: Services;
const harness = caseTestHarness(clock, "sealed");
const { api, parties } = harness;
const { call, signUp } = api;

beforeAll(async () => {
  await ensureLocale("en");
  // The pages' services: the same database, clock and data folder (document store) as the API.
  services = createServices({
    db: harness.database.db,
    config: harness.server.config,
    logger: createLogger("silent"),
    clock,
  });
});
afterAll(async () => {
  await services?.mailer.close();
});

/** One case sent to the lawyer, with what must not reach the lawyer before acceptance. */
interface SentCase {
  id: string;
  docId: string;
  /** Texts of the case file: the description, the document's name, the client's email and phone, the budget. */
  secrets: string[];
}

let serial = 0;

/**
 * A signed-in client's case to `lawyer` with a document, a client message in its thread, the
 * `budget` and a unique description, email, phone and date needed; answers its id, the document's
 * id (as the client sees it) and its secrets.
 */
async function sendCase(
  lawyer: TestLawyer,
  budget: (typeof BUDGETS)[number] = "$10,000 - $25,000",
): Promise<SentCase> {
  serial += 1;
  const client = await signUp({ role: "user" });
  const description = `Sealed case file ${serial}: fractured wrist, surgery, MRI report attached`;
  const fileName = `medical-report-${serial}.pdf`;
  const phone = `+1 416 555 ${String(7000 + serial)}`;
  const r = await call("POST", "/api/cases", {
    token: client.token,
    form: caseForm(
      casePayload(lawyer.lawyerId, {
        clientEmail: client.email,
        clientPhone: phone,
        description,
        budget,
        dateNeeded: `2026-12-${10 + serial}`,
        preferredCommunication: "phone",
      }),
      [[fileName, PDF, "application/pdf"]],
    ),
  });
  expect(r.status, r.text).toBe(201);
  const id = r.body.case.id as string;
  const written = await call("POST", `/api/cases/${id}/messages`, {
    token: client.token,
    body: { body: `Hello from client ${serial}` },
  });
  expect(written.status, written.text).toBe(201);
  return {
    id,
    docId: r.body.case.documents[0].id as string,
    secrets: [
      description,
      fileName,
      client.email,
      `+1416555${7000 + serial}`,
      budget,
      `2026-12-${10 + serial}`,
    ],
  };
}

/** Expects none of `secrets` in `text` (what a reader gave the lawyer), naming the reader. */
function expectSealed(reader: string, text: string, secrets: string[]) {
  for (const secret of secrets) expect(text.includes(secret), `${reader} shows "${secret}"`).toBe(false);
}

/** The case page for the signed-in `token` at /cases/{id}: the loader's outcome and, on 200, its server-rendered HTML. */
async function casePage(id: string, token: string) {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  rememberClientIp(context, api.freshIp());
  const request = new Request(`${ORIGIN}/cases/${id}`, { headers: { Cookie: `${SESSION_COOKIE}=${token}` } });
  // biome-ignore lint/suspicious/noExplicitAny: the loader's generated argument type
  const outcome = await routeOutcome(() => loader({ params: { id }, request, context } as any));
  if (outcome.status !== 200) return { outcome, html: "" };
  const Stub = createRoutesStub([
    {
      id: "case",
      path: "/cases/:id",
      Component: (() => (
        <MantineProvider>
          <CasePage />
        </MantineProvider>
      )) as never,
      loader: () => outcome.data,
    },
  ]);
  const html = renderToString(
    <I18nextProvider i18n={instanceFor("en")}>
      <Stub initialEntries={[`/cases/${id}`]} hydrationData={{ loaderData: { case: outcome.data } }} />
    </I18nextProvider>,
  );
  return { outcome, html };
}

/** The lawyer's export zip (GET /api/account/export): its entries. */
async function exportOf(token: string) {
  const res = await fetch(`${harness.server.baseUrl}/api/account/export`, {
    headers: { Authorization: `Bearer ${token}`, "X-Forwarded-For": api.freshIp() },
  });
  expect(res.status).toBe(200);
  return unzip(Buffer.from(await res.arrayBuffer()));
}

describe(`every reader of a never-accepted case shows the lawyer the summary only (issue 27 §2, ${TEST_ENGINE})`, () => {
  let lawyer: TestLawyer;
  /** Pending; declined; declined then every status change and accept tried; and the accepted control. */
  let sealed: SentCase[];
  let control: SentCase;

  beforeAll(async () => {
    lawyer = await parties.lawyerWithListing("Ivo Brandt");
    const pending = await sendCase(lawyer);
    const declined = await sendCase(lawyer);
    const pushed = await sendCase(lawyer);
    control = await sendCase(lawyer, "$50,000 - $100,000");
    for (const c of [declined, pushed]) {
      const r = await call("POST", `/api/cases/${c.id}/decline`, { token: lawyer.token, body: {} });
      expect(r.status, r.text).toBe(200);
    }
    for (const status of ["reviewing", "accepted", "engaged", "closed", "pending", "declined"])
      for (const method of ["PATCH", "POST"])
        await call(method, `/api/cases/${pushed.id}/status`, { token: lawyer.token, body: { status } });
    await call("POST", `/api/cases/${pushed.id}/accept`, { token: lawyer.token, body: { noConflict: true } });
    const accepted = await call("POST", `/api/cases/${control.id}/accept`, {
      token: lawyer.token,
      body: { noConflict: true },
    });
    expect(accepted.status, accepted.text).toBe(200);
    sealed = [pending, declined, pushed];
  });

  it("GET /api/cases/{id}, the list and the thread: the summary, every other field null", async () => {
    for (const c of sealed) {
      const one = await call("GET", `/api/cases/${c.id}`, { token: lawyer.token });
      expect(one.status).toBe(200);
      expect(one.body.case).toMatchObject({
        summaryOnly: true,
        acceptedAt: null,
        description: null,
        documents: null,
        budget: null,
        dateNeeded: null,
        clientEmail: null,
        clientPhone: null,
        preferredCommunication: null,
        clientName: "Dana Visitor",
        otherParty: "Northwind Haulage Ltd",
        incidentPlace: "Toronto, Canada",
        incidentDate: "2025-11-02",
      });
      expect(["pending", "declined"]).toContain(one.body.case.status);
      expectSealed("GET /api/cases/{id}", one.text, c.secrets);
      const thread = await call("GET", `/api/cases/${c.id}/messages`, { token: lawyer.token });
      expect(thread.status).toBe(200);
      expectSealed("GET /api/cases/{id}/messages", thread.text, c.secrets);
    }
    const list = await call("GET", "/api/cases", { token: lawyer.token });
    expect(list.body.cases).toHaveLength(4);
    expectSealed(
      "GET /api/cases",
      list.text,
      sealed.flatMap((c) => c.secrets),
    );
  });

  it("the document links of the API and of the case page answer 404 to the lawyer", async () => {
    for (const c of sealed) {
      const viaApi = await call("GET", `/api/cases/${c.id}/documents/${c.docId}`, { token: lawyer.token });
      expect(viaApi.status).toBe(404);
      const viaPage = await call("GET", `/cases/${c.id}/documents/${c.docId}`, { cookie: lawyer.token });
      expect(viaPage.status).toBe(404);
      expectSealed("the download links", viaApi.text + viaPage.text, c.secrets);
    }
  });

  it("the lawyer's export zip: the summary of each sealed case in data.json, none of its documents", async () => {
    const entries = await exportOf(lawyer.token);
    const data = entries.get("data.json")?.toString() ?? "";
    expectSealed(
      "the export's data.json",
      data,
      sealed.flatMap((c) => c.secrets),
    );
    const received = JSON.parse(data).casesReceived as Record<string, unknown>[];
    for (const c of sealed) {
      const row = received.find((r) => r.id === c.id);
      expect(row).toMatchObject({
        acceptedAt: null,
        description: null,
        budget: null,
        clientEmail: null,
        clientPhone: null,
        documents: [],
        clientName: "Dana Visitor",
      });
    }
    const names = [...entries.keys()];
    for (const c of sealed) expect(names.some((n) => n.includes(c.id))).toBe(false);
  });

  it("every email to the listing carries the summary only", async () => {
    for (const c of sealed) {
      // The new-case notice and the client's message, each addressed to the listing.
      await harness.smtp.waitFor(
        (m) => m.to.includes(lawyer.listingEmail) && m.text.includes(`/cases/${c.id}`),
      );
      await harness.smtp.waitFor(
        (m) => m.to.includes(lawyer.listingEmail) && m.text.includes("Hello from client"),
      );
    }
    const toLawyer = harness.smtp.messages.filter((m) => m.to.includes(lawyer.listingEmail));
    expect(toLawyer.length).toBeGreaterThanOrEqual(2 * sealed.length);
    for (const m of toLawyer)
      expectSealed(
        `the email "${m.subject}"`,
        `${m.subject}\n${m.text}\n${m.html ?? ""}`,
        sealed.flatMap((c) => c.secrets),
      );
  });

  it("the case page: the loader's data and the server-rendered HTML hold the summary only", async () => {
    for (const c of sealed) {
      const { outcome, html } = await casePage(c.id, lawyer.token);
      expect(outcome.status).toBe(200);
      expectSealed("the case page's loader data", JSON.stringify(outcome.data), c.secrets);
      expectSealed("the case page's HTML", html, c.secrets);
      expect(html).toContain("Northwind Haulage Ltd");
      expect(html).toContain("The description and the documents open once you accept the case for review.");
      // No status control for a case that is pending (accept or decline first) or declined (final).
      expect(html).not.toContain('name="status"');
    }
  });

  it("control: once really accepted, the same readers open the case file to the lawyer", async () => {
    const one = await call("GET", `/api/cases/${control.id}`, { token: lawyer.token });
    expect(one.body.case.summaryOnly).toBe(false);
    expect(one.text).toContain(control.secrets[0]);
    const download = await call("GET", `/api/cases/${control.id}/documents/${control.docId}`, {
      token: lawyer.token,
    });
    expect(download.status).toBe(200);
    const entries = await exportOf(lawyer.token);
    expect(entries.get("data.json")?.toString()).toContain(control.secrets[0]);
    expect([...entries.keys()].some((n) => n.startsWith(`documents/${control.id}/`))).toBe(true);
    const { html } = await casePage(control.id, lawyer.token);
    expect(html).toContain(control.secrets[0]);
    expect(html).toContain('name="status"');
  });
});

describe(`the case page with a "date needed" that is not a date (${TEST_ENGINE})`, () => {
  it("renders for both parties, the text as the client typed it (was a 500: Invalid time value)", async () => {
    const lawyer = await parties.lawyerWithListing();
    const client = await signUp({ role: "user" });
    const r = await call("POST", "/api/cases", {
      token: client.token,
      body: casePayload(lawyer.lawyerId, { clientEmail: client.email, dateNeeded: "as soon as possible" }),
    });
    expect(r.status, r.text).toBe(201);
    const id = r.body.case.id as string;
    const asClient = await casePage(id, client.token);
    expect(asClient.outcome.status).toBe(200);
    expect(asClient.html).toContain("as soon as possible");
    await call("POST", `/api/cases/${id}/accept`, { token: lawyer.token, body: { noConflict: true } });
    const asLawyer = await casePage(id, lawyer.token);
    expect(asLawyer.html).toContain("as soon as possible");
  });
});
