/**
 * The moderator's review screen (/admin/reviews/:id; issue 27 §2) rendered on the server in
 * English, German and Arabic: every reason the review was held, with what it means, the
 * engagement's timeline oldest first (a step that did not happen says so), and the notice on a
 * report whose text holds a link or contact details (shown as text, never as a link).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { REVIEW_HOLD_REASONS, REVIEW_NETWORK_MAX } from "../../../lib/reviews.ts";
import type { ModeratedReview } from "../../../server/reviews/service.ts";
import { renderInLocale, visibleText } from "../../../tests/support/render-in-locale.tsx";
import { ensureLocale, getT } from "../../i18n/i18n";
import { AdminReviewScreen } from "./AdminReviewScreen";

const review: ModeratedReview = {
  id: "0b7e3f0e-6a55-4a43-9d7e-3f0e6a554a43",
  rating: 5,
  ratings: { communication: 5, responsiveness: 5, outcome: 5 },
  title: "The best lawyer in town",
  text: "Won my case quickly and kept me informed at every step.",
  verifiedEngagement: { engagedOn: "2026-03" },
  reply: null,
  createdAt: "2026-03-20T10:00:00.000Z",
  demo: false,
  status: "pending",
  moderationReason: null,
  holdReasons: [...REVIEW_HOLD_REASONS],
  timeline: {
    lawyerAccountCreatedAt: "2026-01-02T09:00:00.000Z",
    clientAccountCreatedAt: "2026-03-05T09:00:00.000Z",
    caseSubmittedAt: "2026-03-01T09:00:00.000Z",
    caseAcceptedAt: "2026-03-02T09:00:00.000Z",
    engagedAt: null,
    reviewWrittenAt: "2026-03-20T10:00:00.000Z",
  },
  lawyerId: 42,
  lawyerName: "Aaron Clarke",
  caseId: "6a554a43-0b7e-4a43-9d7e-3f0e6a554a43",
  updatedAt: "2026-03-20T10:00:00.000Z",
  reports: [
    {
      id: "r1",
      reason: "not_genuine",
      details: "Written by his cousin, see bit.ly/3xYzAbC or call +1 416 555 0123.",
      contactDetails: [
        { kind: "link", text: "bit.ly/3xYzAbC" },
        { kind: "phone", text: "+1 416 555 0123" },
      ],
      status: "open",
      createdAt: "2026-03-21T10:00:00.000Z",
    },
  ],
};

beforeAll(async () => {
  await Promise.all([ensureLocale("de"), ensureLocale("ar")]);
});

describe("AdminReviewScreen: why held, the timeline, report texts (issue 27 §2)", () => {
  for (const locale of ["en", "de", "ar"] as const) {
    it(`${locale}: every hold reason with its meaning, the timeline in order, the report notice`, () => {
      const html = renderInLocale(
        locale,
        `/${locale}/admin/reviews/${review.id}`,
        <AdminReviewScreen review={review} failure={null} done={false} />,
      );
      const t = getT(locale, "reviews");
      const visible = visibleText(html);
      for (const r of REVIEW_HOLD_REASONS) {
        expect(html).toContain(`data-reason="${r}"`);
        expect(visible).toContain(t(`admin.held.reasons.${r}.label`));
      }
      expect(visible).toContain(
        t("admin.held.reasons.network_volume.detail", { max: REVIEW_NETWORK_MAX, days: 30 }),
      );
      const steps = [...html.matchAll(/data-step="([a-zA-Z]+)"/g)].map((m) => m[1]);
      expect(steps).toEqual([
        "lawyerAccountCreated",
        "caseSubmitted",
        "caseAccepted",
        "clientAccountCreated",
        "reviewWritten",
        "engaged",
      ]);
      expect(visible).toContain(`${t("admin.timeline.engaged")}: ${t("admin.timeline.none")}`);
      expect(html).toContain('data-testid="contact-details-notice"');
      expect(visible).toContain(getT(locale, "ui")("contactDetails.title"));
      expect(html).not.toContain('href="http://bit.ly');
      expect(visible).not.toMatch(/admin\.|contactDetails\./);
    });
  }

  it("says when nothing held it, and shows no notice for a plain report", () => {
    const html = renderInLocale(
      "en",
      `/admin/reviews/${review.id}`,
      <AdminReviewScreen
        review={{
          ...review,
          status: "published",
          holdReasons: [],
          reports: [
            {
              ...(review.reports[0] as ModeratedReview["reports"][0]),
              details: "Not a client.",
              contactDetails: [],
            },
          ],
        }}
        failure={null}
        done={false}
      />,
    );
    expect(visibleText(html)).toContain("Nothing held it: it was published when written.");
    expect(html).not.toContain('data-testid="contact-details-notice"');
  });
});
