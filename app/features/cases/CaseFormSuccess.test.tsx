/**
 * Unit tests of the case form's markup rendered on the server: the Submit Case button alone (the
 * dialog is not in the profile's HTML), and the success screen's summary, 24-hour promise and
 * follow-up for a visitor (emailed private link) and a signed-in client (case page and dashboard
 * links) (spec §2 "Case form dialog", §4; issue 4).
 */
import { MantineProvider } from "@mantine/core";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { CASE_TEXTS } from "../../../lib/cases.ts";
import { SubmitCaseButton } from "./CaseFormDialog";
import { type CaseSubmitted, caseSuccessSummary } from "./CaseFormModel";
import { CaseFormSuccess } from "./CaseFormSuccess";
import { optionLabel } from "./case-display";

/** The sentence a visitor reads about the emailed tracking link (issue 4), in English. */
const CASE_TRACKING_EMAIL_TEXT = "We've emailed you a private link to follow your case";

/** Server-renders `node` inside Mantine and a router (the screen has links). */
function html(node: ReactNode): string {
  const router = createMemoryRouter([{ path: "/", element: <MantineProvider>{node}</MantineProvider> }]);
  return renderToString(<RouterProvider router={router} />)
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'");
}

/** The visible text of `markup`, tags dropped and spaces collapsed. */
function text(markup: string): string {
  return markup
    .replace(/<style[^>]*>[^<]*<\/style>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/\s+/g, " ")
    .trim();
}

const RESULT: CaseSubmitted = {
  case: {
    id: "0b6c6b9e-1111-4c5d-9e0f-123456789abc",
    lawyerId: 42,
    lawyerName: "Ana Müller",
    caseTitle: "Rear-ended <at> a red light",
    caseType: "Car Accident",
    priority: "urgent",
    status: "pending",
    createdAt: "2030-01-01T00:00:00.000Z",
    documents: [{ id: "d1", fileName: "report.pdf", fileType: "pdf", fileSize: 1234 }],
    lawyerManaged: true,
  },
  caseUrl: null,
};

describe("SubmitCaseButton", () => {
  it("renders only the Submit Case link on the server, to the in-page form; the dialog loads when pressed", () => {
    const out = html(<SubmitCaseButton lawyerId={42} lawyerName="Ana Müller" prefill={null} />);
    expect(text(out)).toBe("Submit Case");
    // Issue 13 §4: before hydration (and without JavaScript) the link opens the in-page form;
    // it announces a dialog only once React runs it.
    expect(out).toMatch(/<a [^>]*href="\/lawyer\/42\?form=case#submit-case"/);
    expect(out).not.toContain("aria-haspopup");
    expect(out).not.toContain(CASE_TEXTS.dialogTitle);
  });
});

describe("CaseFormSuccess", () => {
  it("summarises the case for a visitor and says the private link was emailed", () => {
    const out = html(
      <CaseFormSuccess summary={caseSuccessSummary(RESULT, "dana@example.test")} onClose={() => {}} />,
    );
    const t = text(out);
    expect(t).toContain("Case submitted");
    expect(t).toContain("Ana Müller manages this listing on LexAtlas and is asked to answer within 24 hours");
    expect(t).toContain("Case title Rear-ended <at> a red light");
    expect(out).toContain("Rear-ended &lt;at&gt; a red light");
    expect(t).toContain("Case type Car Accident");
    expect(t).toContain("Priority Urgent");
    expect(t).toContain("Lawyer Ana Müller");
    expect(t).toContain("Documents 1 file");
    expect(t).toContain("Status Pending");
    expect(t).toContain(`${CASE_TRACKING_EMAIL_TEXT} (sent to dana@example.test)`);
    expect(out).not.toContain('href="/dashboard"');
  });
  it("closes with a link back to the profile in the in-page form (no JavaScript; issue 13 §4)", () => {
    const out = html(
      <CaseFormSuccess summary={caseSuccessSummary(RESULT, "d@example.test")} closeTo="/lawyer/42" />,
    );
    expect(out).toMatch(/<a [^>]*href="\/lawyer\/42"[^>]*>.*Close/);
  });
  it("gives a signed-in client links to the case page and the dashboard", () => {
    const result = { ...RESULT, caseUrl: `/cases/${RESULT.case.id}` };
    const out = html(
      <CaseFormSuccess summary={caseSuccessSummary(result, "ana@example.test")} onClose={() => {}} />,
    );
    expect(out).toContain(`href="/cases/${RESULT.case.id}"`);
    expect(out).toContain('href="/dashboard"');
    expect(text(out)).toContain("View your case");
    expect(text(out)).not.toContain(CASE_TRACKING_EMAIL_TEXT);
  });
  it("promises no answer for a listing nobody manages: says what happens and shows the alternatives (issue 28 §4)", () => {
    const waiting = { ...RESULT, case: { ...RESULT.case, lawyerManaged: false } };
    const out = html(
      <CaseFormSuccess
        summary={caseSuccessSummary(waiting, "dana@example.test")}
        onClose={() => {}}
        alternatives={<p>Nearby list</p>}
      />,
    );
    const t = text(out);
    expect(t).toContain("Ana Müller has not joined LexAtlas yet");
    expect(t).toContain("Nobody can promise you an answer.");
    expect(t).toContain("without your name or anything about what happened");
    expect(t).toContain("Nearby list");
    expect(t).not.toMatch(/asked to answer within|will respond within/);
    // The managed listing's confirmation has no such list.
    const managed = text(
      html(
        <CaseFormSuccess
          summary={caseSuccessSummary(RESULT, "d@example.test")}
          onClose={() => {}}
          alternatives={<p>Nearby list</p>}
        />,
      ),
    );
    expect(managed).not.toContain("Nearby list");
  });
  it("says None when no document was attached, and counts several", () => {
    const none = { ...RESULT, case: { ...RESULT.case, documents: [] } };
    expect(
      text(html(<CaseFormSuccess summary={caseSuccessSummary(none, "")} onClose={() => {}} />)),
    ).toContain("Documents None");
    const doc = RESULT.case.documents[0];
    if (!doc) throw new Error("fixture");
    const two = { ...RESULT, case: { ...RESULT.case, documents: [doc, { ...doc, id: "d2" }] } };
    expect(
      text(html(<CaseFormSuccess summary={caseSuccessSummary(two, "")} onClose={() => {}} />)),
    ).toContain("Documents 2 files");
  });
});

describe("optionLabel", () => {
  it("capitalises option values for people", () => {
    expect(optionLabel("medium")).toBe("Medium");
    expect(optionLabel("in-person")).toBe("In person");
  });
});
