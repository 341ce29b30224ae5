/**
 * Specialist titles (issue 28 §2) through the real server on loopback and the real database
 * (PGlite, or PostgreSQL with TEST_DATABASE_URL): PUT /api/listing/specialist-titles saves the
 * owner's titles, which GET /api/lawyers/{id} and the owner's view carry; bad titles are a 400
 * naming each field in the reader's language and change nothing; the role matrix (owner,
 * another lawyer, a lawyer without a listing, a client, anonymous); a check kind of its own:
 * a verification request covers every stated title (one `specialist_title` check each, pending),
 * a moderator's approval verifies each with its issuing body as source, due again in a year, and
 * GET /api/lawyers/{id} shows them; a title the owner removes loses its check (audited); a request
 * for titles on a listing that states none is refused on `kinds`; the OpenAPI document.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicUser } from "../../lib/account.ts";
import { insertTestListing, testApi } from "../../tests/support/api.ts";
import { PDF } from "../../tests/support/case-fixtures.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import type { Database } from "../db/client.ts";
import { auditLog, lawyers, users, verificationChecks } from "../db/schema.ts";
import type { Services } from "../services.ts";

let database: Database;
let server: TestServer;
let services: Services;
let tmp: string;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer(database.db, {
    env: { TRUST_PROXY: "true" },
    adjustServices: (s) => {
      services = s;
    },
  });
  tmp = mkdtempSync(path.join(tmpdir(), "lexatlas-titles-"));
});
afterAll(async () => {
  await server?.close();
  await database?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

const { call, signUp } = testApi(() => server, { emailPrefix: "titles", signUpDefaults: { role: "lawyer" } });

const MUNICH = {
  location: "München, Bayern, Deutschland",
  country: "Germany",
  countryCode: "DE",
  state: "Bavaria",
  city: "Munich",
};
const VERKEHR = {
  title: "Fachanwalt für Verkehrsrecht",
  issuer: "Rechtsanwaltskammer München",
  area: "Car Accidents",
  since: 2012,
};
const MEDIZIN = {
  title: "Fachanwalt für Medizinrecht",
  issuer: "Rechtsanwaltskammer München",
  area: "Medical Malpractice",
  since: 2018,
};

/** A lawyer account linked to a listing of its own in Munich. */
async function owner(name = "Title Tester") {
  const account = await signUp();
  const lawyerId = await insertTestListing(database, account.email, { name, ...MUNICH });
  await database.db.update(users).set({ lawyerId }).where(eq(users.id, account.user.id));
  const user: PublicUser = { ...account.user, lawyerId };
  return { ...account, lawyerId, user };
}
const put = (token: string | undefined, body: unknown, acceptLanguage = "en") =>
  call("PUT", "/api/listing/specialist-titles", {
    token,
    body,
    headers: { "Accept-Language": acceptLanguage },
  });
const checksOf = async (lawyerId: number) =>
  database.db
    .select()
    .from(verificationChecks)
    .where(and(eq(verificationChecks.lawyerId, lawyerId), eq(verificationChecks.kind, "specialist_title")));

/** A staged PDF proof, as the request form's intake leaves it. */
function proof() {
  const tempPath = path.join(tmp, `proof-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(tempPath, PDF);
  return {
    fileName: "urkunde.pdf",
    tempPath,
    size: PDF.length,
    fileType: "pdf",
    mediaType: "application/pdf",
  };
}

describe(`PUT /api/listing/specialist-titles (${TEST_ENGINE})`, () => {
  it("saves the owner's titles; the lawyer JSON and the owner's view carry them as conferred", async () => {
    const lawyer = await owner();
    const r = await put(lawyer.token, { specialistTitles: [VERKEHR, { ...MEDIZIN, since: "2018" }] });
    expect(r.status, r.text).toBe(200);
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(r.body.listing.specialistTitles).toEqual([VERKEHR, MEDIZIN]);
    const pub = await call("GET", `/api/lawyers/${lawyer.lawyerId}`);
    expect(pub.body.specialistTitles).toEqual([VERKEHR, MEDIZIN]);
    // Not checked yet: no check of its own until the lawyer asks.
    expect(
      pub.body.verification.checks.filter((c: { kind: string }) => c.kind === "specialist_title"),
    ).toEqual([]);
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "listing.specialist_titles_updated"),
          eq(auditLog.subjectId, String(lawyer.lawyerId)),
        ),
      );
    expect(audit?.after).toMatchObject({ specialistTitles: [VERKEHR, MEDIZIN] });
  });

  it("refuses bad titles with a message per field in the reader's language, and keeps the stored ones", async () => {
    const lawyer = await owner();
    await put(lawyer.token, { specialistTitles: [VERKEHR] });
    const r = await put(
      lawyer.token,
      {
        specialistTitles: [
          { ...VERKEHR, since: 2999 },
          { title: "", issuer: "RAK", area: "Space Law", since: 2010 },
        ],
      },
      "de-DE",
    );
    expect(r.status).toBe(400);
    expect(r.headers.get("Content-Language")).toBe("de");
    expect(Object.keys(r.body.fieldErrors).sort()).toEqual([
      "specialistTitles.0.since",
      "specialistTitles.1.area",
      "specialistTitles.1.title",
    ]);
    expect(r.body.fieldErrors["specialistTitles.0.since"][0]).toMatch(
      /^Geben Sie das Jahr der Verleihung ein, von 1950 bis 20\d\d\.$/,
    );
    const twice = await put(lawyer.token, { specialistTitles: [VERKEHR, { ...VERKEHR, since: 2014 }] });
    expect(twice.status).toBe(400);
    expect(twice.body.fieldErrors).toEqual({
      "specialistTitles.1.title": ["This title from this body is already listed."],
    });
    const tooMany = await put(lawyer.token, { specialistTitles: Array.from({ length: 6 }, () => VERKEHR) });
    expect(tooMany.status).toBe(400);
    const [row] = await database.db.select().from(lawyers).where(eq(lawyers.id, lawyer.lawyerId));
    expect(row?.specialistTitles).toEqual([VERKEHR]);
  });

  it("accepts any well-formed list and answers it back as stored (generated titles)", async () => {
    const lawyer = await owner();
    const title = fc.record({
      title: fc.string({ minLength: 1, maxLength: 60 }).filter((s) => s.trim() !== "" && !/\p{Cc}/u.test(s)),
      issuer: fc.constantFrom(
        "Rechtsanwaltskammer Köln",
        "National Board of Trial Advocacy",
        "نقابة المحامين",
      ),
      area: fc.constantFrom("Car Accidents", "Dog Bites", "Birth Injury"),
      since: fc.integer({ min: 1950, max: 2020 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(title, {
          maxLength: 5,
          selector: (t) => `${t.title.trim().toLowerCase()}|${t.issuer}`,
        }),
        async (titles) => {
          const r = await put(lawyer.token, { specialistTitles: titles });
          expect(r.status, r.text).toBe(200);
          expect(r.body.listing.specialistTitles).toEqual(
            titles.map((t) => ({ ...t, title: t.title.trim().normalize("NFC") })),
          );
        },
      ),
      { numRuns: 12 },
    );
  });

  it("the role matrix: anonymous 401, a client 403, a lawyer without a listing 404, another lawyer changes only their own", async () => {
    const body = { specialistTitles: [VERKEHR] };
    expect((await put(undefined, body)).status).toBe(401);
    const client = await signUp({ role: "user" });
    expect((await put(client.token, body)).status).toBe(403);
    const lonely = await signUp();
    expect((await put(lonely.token, body)).status).toBe(404);
    const a = await owner("Alpha Owner");
    const b = await owner("Beta Owner");
    await put(a.token, { specialistTitles: [MEDIZIN] });
    expect((await put(b.token, body)).status).toBe(200);
    const [rowA] = await database.db.select().from(lawyers).where(eq(lawyers.id, a.lawyerId));
    expect(rowA?.specialistTitles).toEqual([MEDIZIN]);
  });
});

describe(`the specialist_title check (${TEST_ENGINE})`, () => {
  it("a request covers each stated title; approval verifies each with its body, due in a year; a removed title loses its check", async () => {
    const lawyer = await owner("Checked Titles");
    await put(lawyer.token, { specialistTitles: [VERKEHR, MEDIZIN] });
    const meta = { ip: "203.0.113.77" };
    const requestId = await services.verification.submitRequest(
      lawyer.user,
      { kinds: ["specialist_title"], admissionIds: [] },
      [proof()],
      meta,
    );
    const pending = await checksOf(lawyer.lawyerId);
    expect(pending.map((c) => [c.details?.title, c.status, c.source])).toEqual([
      ["Fachanwalt für Verkehrsrecht", "pending", "Rechtsanwaltskammer München"],
      ["Fachanwalt für Medizinrecht", "pending", "Rechtsanwaltskammer München"],
    ]);
    const staff = await signUp({ role: "user" });
    await database.db.update(users).set({ role: "moderator" }).where(eq(users.id, staff.user.id));
    const moderator: PublicUser = { ...staff.user, role: "moderator" };
    // A register lookup names the entry it found.
    await expect(
      services.verification.decide(
        moderator,
        requestId,
        { decision: "approve", method: "register_lookup" },
        meta,
      ),
    ).rejects.toMatchObject({ status: 400 });
    await services.verification.decide(
      moderator,
      requestId,
      { decision: "approve", method: "register_lookup", registerUrl: "https://www.bea-brak.de/bravsearch/" },
      meta,
    );
    const pub = await call("GET", `/api/lawyers/${lawyer.lawyerId}`);
    const checks = pub.body.verification.checks.filter(
      (c: { kind: string }) => c.kind === "specialist_title",
    );
    expect(checks).toHaveLength(2);
    for (const c of checks) {
      expect(c).toMatchObject({
        status: "verified",
        method: "register_lookup",
        source: "Rechtsanwaltskammer München",
        sourceUrl: "https://www.bea-brak.de/bravsearch/",
        demo: false,
      });
      const checked = new Date(`${c.checkedOn}T00:00:00Z`);
      checked.setUTCFullYear(checked.getUTCFullYear() + 1);
      expect(c.nextCheckDue).toBe(checked.toISOString().slice(0, 10));
    }
    expect(checks.map((c: { details: { title: string } }) => c.details.title).sort()).toEqual([
      "Fachanwalt für Medizinrecht",
      "Fachanwalt für Verkehrsrecht",
    ]);
    // The tick stays the licence's: a verified title does not verify the listing.
    expect(pub.body.verified).toBe(false);

    // The owner drops the Medizinrecht title: its check goes with it, the other stays verified.
    const r = await put(lawyer.token, { specialistTitles: [VERKEHR] });
    expect(r.status).toBe(200);
    const left = await checksOf(lawyer.lawyerId);
    expect(left.map((c) => [c.details?.title, c.status])).toEqual([
      ["Fachanwalt für Verkehrsrecht", "verified"],
    ]);
    const audits = await database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "listing.specialist_titles_updated"),
          eq(auditLog.subjectId, String(lawyer.lawyerId)),
        ),
      );
    expect(audits.some((a) => (a.after as { checksRemoved?: number } | null)?.checksRemoved === 1)).toBe(
      true,
    );
  });

  it("a request for specialist titles on a listing that states none is refused on kinds", async () => {
    const lawyer = await owner("No Titles");
    await expect(
      services.verification.submitRequest(
        lawyer.user,
        { kinds: ["specialist_title"], admissionIds: [] },
        [proof()],
        { ip: "203.0.113.78" },
      ),
    ).rejects.toMatchObject({
      status: 400,
      fieldMessages: { kinds: "errors:verification.needSpecialistTitle" },
    });
  });

  it("the OpenAPI document describes the field, the check kind and the route", async () => {
    const doc = await (await fetch(`${server.baseUrl}/api/openapi.json`)).json();
    expect(doc.components.schemas.SpecialistTitle.properties.title.example).toBe(
      "Fachanwalt für Verkehrsrecht",
    );
    expect(doc.components.schemas.VerificationCheck.properties.kind.enum).toContain("specialist_title");
    expect(doc.paths["/api/listing/specialist-titles"].put.operationId).toBe("updateListingSpecialistTitles");
    const detail = doc.paths["/api/lawyers/{id}"].get.responses["200"].content["application/json"].schema;
    const resolved = detail.$ref ? doc.components.schemas[detail.$ref.split("/").pop()] : detail;
    const props = resolved.allOf
      ? Object.assign(
          {},
          ...resolved.allOf.map(
            (p: { properties?: object; $ref?: string }) =>
              p.properties ?? doc.components.schemas[(p.$ref ?? "").split("/").pop() ?? ""]?.properties ?? {},
          ),
        )
      : resolved.properties;
    expect(props.specialistTitles).toBeDefined();
  });
});
