import { beforeAll, describe, expect, it } from "vitest";
import { msg } from "../../../lib/i18n/message.ts";
import { renderInLocale } from "../../../tests/support/render-in-locale.tsx";
import { ensureLocale } from "../../i18n/i18n";
import { InboxPanel } from "./InboxPanel";
import { SendMessageInPage } from "./SendMessageInPage";

/** Server-renders `node` at `path` in `locale` (tests/support/render-in-locale.tsx). */
const html = renderInLocale;

beforeAll(async () => {
  await Promise.all([ensureLocale("de"), ensureLocale("fr")]);
});

describe("Send Message in German", () => {
  it("labels, the refused post's messages and the links are German", () => {
    const out = html(
      "de",
      "/de/lawyer/42?form=message",
      <SendMessageInPage
        lawyerId={42}
        lawyerName="Ana Müller"
        failure={{
          intent: "message",
          message: msg("messages:invalid"),
          fieldErrors: { subject: msg("messages:page.unknownForm") },
          values: { name: "Dana", email: "dana@example.test", phone: "", subject: "", message: "Hallo" },
        }}
      />,
    );
    expect(out).toContain("Nachricht an Ana Müller senden");
    expect(out).toContain("Ihr Name");
    expect(out).toContain("Betreff");
    expect(out).toContain("Bis zu 5.000 Zeichen.");
    expect(out).toContain("Bitte prüfen Sie die markierten Felder.");
    expect(out).toContain("Unbekanntes Formular.");
    expect(out).toContain('action="/de/lawyer/42?form=message#send-message"');
    expect(out).toMatch(/<a [^>]*href="\/de\/lawyer\/42"[^>]*>.*Abbrechen/);
    expect(out).not.toContain("messages:");
  });
});

describe("the inbox in French", () => {
  it("counts with ICU plurals, writes times for fr and links to the French message page", () => {
    const out = html(
      "fr",
      "/fr/dashboard",
      <InboxPanel
        inbox={{
          lawyerId: 42,
          unreadCount: 1,
          total: 1,
          messages: [
            {
              id: "m1",
              customerName: "Dana",
              customerEmail: "dana@example.test",
              customerPhone: null,
              subject: "Accident",
              preview: "Bonjour",
              isRead: false,
              replyCount: 2,
              createdAt: "2026-01-05T15:04:00.000Z",
            },
          ],
        }}
      />,
    );
    expect(out).toContain("Boîte de réception");
    expect(out).toContain("1 non lu<");
    expect(out).toContain("1 message · non lus d’abord");
    expect(out).toContain("Répondu (2 réponses)");
    expect(out).toContain("5 janv. 2026, 15:04 UTC");
    expect(out).toContain('href="/fr/dashboard/messages?id=m1"');
  });
});
