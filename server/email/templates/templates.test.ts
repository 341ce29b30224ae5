/**
 * The email templates (issue 13 §4): each gives a one-line subject, an HTML part that holds the
 * links and escapes what users typed, and a text part word for word the text the services sent
 * before the templates (the expected texts below are those services' string arrays).
 */
import { describe, expect, it } from "vitest";
import { CASE_STATUS_LABELS } from "../../../lib/cases.ts";
import { LOCALES } from "../../../lib/i18n/locales.ts";
import {
  CATALOGS,
  caseMessageToClientEmail,
  caseMessageToLawyerEmail,
  caseNewEmail,
  caseSentEmail,
  caseStatusEmail,
  contactEmail,
  EN,
  emailVerificationEmail,
  listingClaimEmail,
  message,
  messageReplyEmail,
  newMessageEmail,
  oneLine,
  passwordResetEmail,
} from "./index.ts";

const EVIL = `Eve <script>alert("x")</script> & 'co'`;
const EVIL_ESCAPED = "Eve &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;co&#x27;";
const ORIGIN = "https://lexatlas.example";

/** The HTML part contains `href` as a link (attribute-escaped) and never the raw user text. */
function expectHtml(html: string, href: string, userText?: string) {
  expect(html).toMatch(/^<!DOCTYPE html/);
  expect(html).toContain(`href="${href.replace(/&/g, "&amp;")}"`);
  if (userText !== undefined) {
    expect(html).not.toContain(userText);
    expect(html).toContain(EVIL_ESCAPED);
  }
}

describe("catalog", () => {
  it("fills placeholders in one pass and keeps unknown ones visible", () => {
    expect(message("en", "common.helloName", { name: "{name} {x}" })).toBe("Hello {name} {x},");
    expect(message("en", "common.helloName")).toBe("Hello {name},");
  });

  it("falls back to English for a locale without a catalog", () => {
    expect(message("xx", "reset.subject")).toBe(EN["reset.subject"]);
    expect([...CATALOGS]).toEqual([...LOCALES]);
  });

  it("has the same status labels as the pages", () => {
    for (const [status, label] of Object.entries(CASE_STATUS_LABELS))
      expect(message("en", `case.status.${status}` as keyof typeof EN)).toBe(label);
  });
});

describe("oneLine", () => {
  it("turns control characters and line breaks into single spaces and cuts with an ellipsis", () => {
    expect(oneLine("a\r\nBcc: x@y\u2028z\u0085 w")).toBe("a Bcc: x@y z w");
    expect(oneLine("x".repeat(130), 120)).toBe(`${"x".repeat(119)}…`);
  });
});

describe("password reset", () => {
  it("has the link in both parts and the old text", async () => {
    const link = `${ORIGIN}/reset-password?token=abc_DEF-123`;
    const mail = await passwordResetEmail({ firstName: EVIL, link });
    expect(mail.subject).toBe("Reset your LexAtlas password");
    expect(mail.text).toBe(
      [
        `Hello ${EVIL},`,
        "",
        "Someone asked to reset the password of your LexAtlas account. To choose a new password, open this link:",
        "",
        link,
        "",
        "The link works once and expires in 1 hour.",
        "If you did not ask for this, ignore this email: your password stays as it is.",
        "",
        "LexAtlas",
      ].join("\n"),
    );
    expectHtml(mail.html, link, EVIL);
    expect(mail.html).toContain('lang="en"');
  });
});

describe("listing claim and verification", () => {
  const link = `${ORIGIN}/claim-listing?token=t0k&x=1`;

  it("claim: neutral greeting, the listing's own text, the link", async () => {
    const mail = await listingClaimEmail({ to: "a@b.example", listing: EVIL, link, hours: 24 });
    expect(mail.subject).toBe("Confirm your LexAtlas listing");
    expect(mail.text).toBe(
      [
        "Hello,",
        "",
        `Someone signed up on LexAtlas with this address (a@b.example) and asked to manage the listing "${EVIL}", which uses this address as its contact email.`,
        "",
        "If it was you, open this link to confirm that this listing is yours:",
        link,
        "",
        "The link works for 24 hours, once, while signed in to the account that asked for it.",
        "If it wasn't you, ignore this email: nothing changes, and the listing stays as it is.",
        "",
        "LexAtlas",
      ].join("\n"),
    );
    expectHtml(mail.html, link, EVIL);
    expect(mail.html).toContain("Confirm that this listing is mine");
  });

  it("verification: the link and no account text", async () => {
    const mail = await emailVerificationEmail({ to: "a@b.example", link, hours: 24 });
    expect(mail.subject).toBe("Verify your email address for LexAtlas");
    expect(mail.text).toBe(
      [
        "Hello,",
        "",
        "Someone signed up on LexAtlas with this address (a@b.example) and asked to create a listing in the LexAtlas directory that shows this address as its contact email.",
        "",
        "If it was you, open this link to verify the address:",
        link,
        "",
        "The link works for 24 hours, once, while signed in to the account that asked for it.",
        "If it wasn't you, ignore this email: no listing is created with this address.",
        "",
        "LexAtlas",
      ].join("\n"),
    );
    expectHtml(mail.html, link);
  });
});

describe("case emails", () => {
  const caseLink = `${ORIGIN}/cases/0b7c5e4e-1111-4222-8333-444455556666`;
  const trackingLink = `${caseLink}?token=secret_1`;

  it("sent, with a tracking link: the link and the warning to keep it private", async () => {
    const mail = await caseSentEmail({
      clientName: EVIL,
      caseTitle: "Fall\r\nBcc: x@y",
      lawyerName: "Ana Silva",
      lawyerFirm: "Silva & Co",
      lawyerManaged: true,
      caseLink,
      trackingLink,
    });
    expect(mail.subject).toBe("Your case was sent to Ana Silva");
    expect(mail.text).toBe(
      [
        `Hello ${EVIL},`,
        "",
        'Your case "Fall Bcc: x@y" was sent to Ana Silva (Silva & Co).',
        "",
        "Ana Silva manages this listing on LexAtlas and is asked to answer within 24 hours; we email you when they do. If there is no answer by then, we tell you, and you can send the case to another lawyer in one click.",
        "",
        "Follow its status and message the lawyer with your private tracking link:",
        trackingLink,
        "",
        "Keep this link to yourself: anyone who has it can read your case.",
        "",
        "LexAtlas",
      ].join("\n"),
    );
    expectHtml(mail.html, trackingLink, EVIL);
  });

  it("sent, to an account: the case page, no token; the subject is one line of at most 120", async () => {
    const mail = await caseSentEmail({
      clientName: "Bo",
      caseTitle: "T",
      lawyerName: `L\n${"x".repeat(200)}`,
      lawyerFirm: "",
      lawyerManaged: true,
      caseLink,
    });
    expect(mail.subject).toBe(`Your case was sent to L ${"x".repeat(95)}…`);
    expect(mail.subject).toHaveLength(120);
    expect(mail.text).toContain(
      `"T" was sent to L ${"x".repeat(117)}….\n\nL ${"x".repeat(117)}… manages this listing on LexAtlas and is asked to answer within 24 hours; we email you when they do. If there is no answer by then, we tell you, and you can send the case to another lawyer in one click.\n\nFollow its status and message the lawyer from your dashboard or here:\n${caseLink}\n\nLexAtlas`,
    );
    expect(mail.text).not.toContain("?token=");
  });

  it("new case to the lawyer: the conflict-check summary only (issue 17 §2)", async () => {
    const mail = await caseNewEmail({
      listingName: "Ana Silva",
      caseTitle: EVIL,
      caseType: "Car Accident",
      priority: "high",
      clientName: "Bo",
      otherParty: "Acme Freight",
      incidentPlace: "Porto, Portugal",
      incidentDate: "2026-01-05",
      caseLink,
    });
    expect(mail.subject).toBe("New case on LexAtlas: Car Accident");
    expect(mail.text).toBe(
      [
        "Hello,",
        "",
        'A new case was sent to your listing "Ana Silva" on LexAtlas.',
        "",
        `Title: ${EVIL}`,
        "Type: Car Accident",
        "Priority: high",
        "Client: Bo",
        "Other party: Acme Freight",
        "Where it happened: Porto, Portugal",
        "When it happened: 2026-01-05",
        "",
        "This is the conflict-check summary only. Check for conflicts, then accept the case for review or decline it on the case page; the description and the documents open to you once you accept.",
        "",
        "Open the case (sign in with the LexAtlas account that manages your listing):",
        caseLink,
        "",
        "LexAtlas",
      ].join("\n"),
    );
    expectHtml(mail.html, caseLink, EVIL);
  });

  it("status change, for a tracking-link client", async () => {
    const mail = await caseStatusEmail({
      clientName: "Bo",
      caseTitle: EVIL,
      lawyerName: null,
      status: "reviewing",
      caseLink,
      clientHasAccount: false,
    });
    expect(mail.subject).toBe("Your case is now: Under review");
    expect(mail.text).toBe(
      [
        "Hello Bo,",
        "",
        `Your lawyer changed the status of your case "${EVIL}" to: Under review.`,
        "",
        "Open your case:",
        caseLink,
        "This opens in the browser where you used your private tracking link; on another device, use the private tracking link from the email we sent when you submitted the case.",
        "",
        "LexAtlas",
      ].join("\n"),
    );
    expectHtml(mail.html, caseLink, EVIL);
  });

  it("thread message to the client (account) and to the lawyer: the message as typed", async () => {
    const body = `Please send the police report.\nBcc: evil@example.org\n${EVIL}`;
    const toClient = await caseMessageToClientEmail({
      clientName: "Bo",
      caseTitle: "T",
      lawyerName: "Ana Silva",
      body,
      caseLink,
      clientHasAccount: true,
    });
    expect(toClient.subject).toBe("New message about your case");
    expect(toClient.text).toBe(
      [
        "Hello Bo,",
        "",
        'Ana Silva wrote about your case "T":',
        "",
        body,
        "",
        "Open your case (sign in to your LexAtlas account):",
        caseLink,
        "",
        "LexAtlas",
      ].join("\n"),
    );
    expectHtml(toClient.html, caseLink, EVIL);

    const toLawyer = await caseMessageToLawyerEmail({ clientName: "Bo", caseTitle: "T", body, caseLink });
    expect(toLawyer.subject).toBe("New message about a case on LexAtlas");
    expect(toLawyer.text).toBe(
      [
        "Hello,",
        "",
        'Bo wrote about the case "T":',
        "",
        body,
        "",
        "Open the case (sign in with the LexAtlas account that manages your listing):",
        caseLink,
        "",
        "LexAtlas",
      ].join("\n"),
    );
    expectHtml(toLawyer.html, caseLink, EVIL);
  });
});

describe("customer messages", () => {
  it("new message notice: the inbox link, who wrote, the message", async () => {
    const mail = await newMessageEmail({
      origin: ORIGIN,
      listingName: "Ana Silva",
      customerName: "Bo",
      customerEmail: "bo@example.org",
      customerPhone: "+1 555 0100",
      subject: "Help",
      message: `Line one\n${EVIL}`,
    });
    expect(mail.subject).toBe("You have a new message on LexAtlas");
    expect(mail.text).toBe(
      [
        "Hello Ana Silva,",
        "",
        "Someone sent you a message through your LexAtlas listing. It waits in the inbox of your dashboard,",
        `where you can reply after signing in: ${ORIGIN}/dashboard#inbox`,
        "",
        "From: Bo <bo@example.org>, phone +1 555 0100",
        "Subject: Help",
        "",
        `Line one\n${EVIL}`,
        "",
        "LexAtlas has not checked who sent this message. Never send documents or payment details to an",
        "address you have not verified.",
        "",
        "LexAtlas",
      ].join("\n"),
    );
    expectHtml(mail.html, `${ORIGIN}/dashboard#inbox`, EVIL);
    const noPhone = await newMessageEmail({
      origin: ORIGIN,
      listingName: "A",
      customerName: "Bo",
      customerEmail: "bo@example.org",
      customerPhone: undefined,
      subject: "Help",
      message: "m",
    });
    expect(noPhone.text).toContain("From: Bo <bo@example.org>\nSubject: Help");
  });

  it("new message notice in German and Arabic: the inbox link opens the dashboard in that language (issue 14 §1)", async () => {
    const params = {
      origin: ORIGIN,
      listingName: "Anwaltskanzlei Weber",
      customerName: "Bo",
      customerEmail: "bo@example.org",
      customerPhone: undefined,
      subject: "Hilfe",
      message: "m",
    };
    const de = await newMessageEmail(params, "de");
    expect(de.text).toContain(`${ORIGIN}/de/dashboard#inbox`);
    expect(de.html).toContain(`href="${ORIGIN}/de/dashboard#inbox"`);
    const ar = await newMessageEmail(params, "ar");
    expect(ar.text).toContain(`${ORIGIN}/ar/dashboard#inbox`);
    expect(ar.text).not.toContain(`${ORIGIN}/dashboard#inbox`);
    expect((await newMessageEmail(params, "en")).text).toContain(`${ORIGIN}/dashboard#inbox`);
  });

  it("reply: the reply, the original quoted, how to answer", async () => {
    const mail = await messageReplyEmail({
      customerName: "Bo",
      listingName: "Ana Silva",
      listingFirm: "Silva & Co",
      listingEmail: "ana@silva.example",
      subject: "Help",
      original: `first\n${EVIL}`,
      reply: "We can help.",
    });
    expect(mail.subject).toBe("Reply from Ana Silva on LexAtlas");
    expect(mail.text).toBe(
      [
        "Hello Bo,",
        "",
        'Ana Silva (Silva & Co) replied to your message "Help" sent through LexAtlas:',
        "",
        "We can help.",
        "",
        "Your message:",
        "> first",
        `> ${EVIL}`,
        "",
        "To answer, reply to this email or write to ana@silva.example.",
        "",
        "LexAtlas",
      ].join("\n"),
    );
    expect(mail.html).not.toContain(EVIL);
    expect(mail.html).toContain(EVIL_ESCAPED);
  });
});

describe("contact", () => {
  it("every field as typed, the promised response time and the reference", async () => {
    const mail = await contactEmail({
      id: "c0ffee00-0000-4000-8000-000000000000",
      receivedAt: new Date("2026-01-02T03:04:05.000Z"),
      message: {
        name: EVIL,
        email: "v@example.org",
        subject: "Cannot   sign in",
        category: "Technical Support",
        priority: "high",
        message: "Line one\n<script>x</script>",
      } as never,
    });
    expect(mail.subject).toBe("[Contact · Technical Support · high] Cannot sign in");
    expect(mail.text).toBe(
      [
        "A message arrived through the contact form of LexAtlas.",
        "",
        "Category: Technical Support",
        "Priority: high (we promised a response within 12 hours)",
        "Received: 2026-01-02T03:04:05.000Z",
        "Reference: c0ffee00-0000-4000-8000-000000000000",
        "Written in: English (en)",
        "",
        `Name: ${EVIL}`,
        "Email: v@example.org (not verified)",
        "Phone: not given",
        "Subject: Cannot   sign in",
        "",
        "Line one\n<script>x</script>",
      ].join("\n"),
    );
    expect(mail.html).toContain(EVIL_ESCAPED);
    expect(mail.html).not.toContain("<script>x</script>");
  });
});

describe("emails in the recipient's language (issue 14 §1)", () => {
  const reset = { firstName: "Eva", link: `${ORIGIN}/de/reset-password?token=abc` };

  it("renders the password reset email in German with lang=de", async () => {
    const email = await passwordResetEmail(reset, "de");
    expect(email.subject).toBe("Setzen Sie Ihr LexAtlas-Passwort zurück");
    expect(email.text).toContain("Guten Tag Eva,");
    expect(email.text).toContain("Der Link funktioniert einmal und läuft nach 1 Stunde ab.");
    expect(email.html).toMatch(/<html[^>]* lang="de"/);
    expect(email.html).toMatch(/<html[^>]* dir="ltr"/);
    expect(email.html).toContain("Neues Passwort wählen");
  });

  it("renders Arabic right to left, plurals by Arabic rules", async () => {
    const email = await passwordResetEmail({ ...reset, firstName: "ليلى" }, "ar");
    expect(email.subject).toBe("إعادة تعيين كلمة مرور LexAtlas");
    expect(email.text).toContain("مرحبًا \u2068ليلى\u2069،");
    expect(email.html).toMatch(/<html[^>]* dir="rtl"/);
    expect(email.html).toMatch(/<html[^>]* lang="ar"/);
    expect(message("ar", "link.when", { hours: 2 })).toContain("ساعتين");
    expect(message("ar", "link.when", { hours: 48 })).toContain("48 ساعة");
    expect(message("en", "link.when", { hours: 48 })).toContain("48 hours");
    expect(message("de", "link.when", { hours: 1 })).toContain("1 Stunde");
  });

  it("isolates every name, title and amount of an Arabic email, and an Arabic name in an English one (issue 28 §2)", async () => {
    const sent = await caseSentEmail(
      {
        clientName: "Ana Müller",
        caseTitle: "Accident on A9, km 874277",
        lawyerName: "Dubai, AE 874277",
        lawyerFirm: "Smith & Co. LLP",
        lawyerManaged: true,
        caseLink: `${ORIGIN}/cases/1`,
      },
      "ar",
    );
    for (const value of ["Ana Müller", "Accident on A9, km 874277", "Dubai, AE 874277", "Smith & Co. LLP"]) {
      expect(sent.text).toContain(`\u2068${value}\u2069`);
      // Every occurrence is inside an isolate, in the text and in the HTML part.
      expect(sent.text.split(value).length).toBe(sent.text.split(`\u2068${value}\u2069`).length);
    }
    expect(sent.html).toContain("\u2068Dubai, AE 874277\u2069");
    const english = await passwordResetEmail({ ...reset, firstName: "ليلى" }, "en");
    expect(english.text).toContain("\u2068ليلى\u2069");
    const latin = await passwordResetEmail({ ...reset, firstName: "Ana" }, "en");
    expect(latin.text).not.toMatch(/[\u2066-\u2069]/);
  });

  it("renders a new case for the lawyer in Japanese", async () => {
    const lawyer = await caseNewEmail(
      {
        listingName: "Tanaka Law",
        caseTitle: "Accident",
        caseType: "Car Accident",
        priority: "High",
        clientName: "Client",
        caseLink: `${ORIGIN}/cases/1`,
      },
      "ja",
    );
    expect(lawyer.subject).toBe("LexAtlasの新しい案件：Car Accident");
    expect(lawyer.text).toContain("LexAtlasの掲載情報「Tanaka Law」に新しい案件が届きました。");
    expect(lawyer.html).toMatch(/<html[^>]* lang="ja"/);
  });
});
