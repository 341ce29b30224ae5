import { beforeAll, describe, expect, it } from "vitest";
import { msg } from "../../../lib/i18n/message.ts";
import { renderInLocale } from "../../../tests/support/render-in-locale.tsx";
import { ensureLocale } from "../../i18n/i18n";
import { CaseFormInPage } from "./CaseFormInPage";
import { initialCaseValues } from "./CaseFormModel";

/** Server-renders `node` at `path` in `locale` (tests/support/render-in-locale.tsx). */
const html = renderInLocale;

/** The `<option>`s of the select named `name`: [value, label]. */
function options(markup: string, name: string): [string, string][] {
  const select = new RegExp(`<select[^>]*name="${name}"[^>]*>(.*?)</select>`).exec(markup)?.[1] ?? "";
  return [...select.matchAll(/<option[^>]*value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map(
    (m) => [m[1] ?? "", m[2] ?? ""] as [string, string],
  );
}

beforeAll(async () => {
  await Promise.all([ensureLocale("ja"), ensureLocale("ar")]);
});

describe("the case form in Japanese, for a lawyer in Japan", () => {
  let out = "";
  beforeAll(() => {
    out = html(
      "ja",
      "/ja/lawyer/42?form=case",
      <CaseFormInPage lawyerId={42} lawyerName="佐藤 花子" countryCode="JP" />,
    );
  });
  it("labels, legends and buttons are Japanese", () => {
    expect(out).toContain("法律案件の管理");
    // Issue 19 §3: the spec's title is jargon; a plain-words subtitle says what the form is for.
    expect(out).toMatch(/data-testid="case-form-in-page-subtitle"[^>]*>あなたに起きたことを弁護士に伝える</);
    expect(out).toContain("案件名");
    expect(out).toContain("ステップ 1/3：案件の情報");
    expect(out).toContain("案件を送信");
    expect(out).not.toContain("Case Title");
  });
  it("option labels are Japanese, the values stay the spec's", () => {
    expect(options(out, "caseType")).toContainEqual(["Car Accident", "交通事故"]);
    // The taxonomy's view (issue 19 §3): a dog-bite victim finds Dog Bite, "Other" stays last.
    expect(options(out, "caseType")).toContainEqual(["Dog Bite", "犬の咬傷事故"]);
    expect(options(out, "caseType").at(-1)).toEqual(["Other", "その他"]);
    expect(options(out, "priority")).toContainEqual(["urgent", "緊急"]);
    expect(options(out, "preferredCommunication")).toContainEqual(["in-person", "対面"]);
  });
  it("budget ranges are in yen, written for Japanese, with the spec's budget values", () => {
    const budgets = options(out, "budget");
    expect(budgets[0]).toEqual(["", "わからない／回答しない"]);
    expect(budgets).toContainEqual(["Under $1,000", "￥100,000未満"]);
    expect(budgets).toContainEqual(["$1,000 - $5,000", "￥100,000～￥500,000"]);
    expect(budgets).toContainEqual(["$100,000+", "￥10,000,000以上"]);
    expect(budgets).toContainEqual(["Contingency Fee Only", "成功報酬のみ"]);
    expect(out).not.toContain("$5,000</option>");
  });
  it("posts to and cancels to the Japanese profile", () => {
    expect(out).toContain('action="/ja/lawyer/42?form=case#submit-case"');
    expect(out).toMatch(/<a [^>]*href="\/ja\/lawyer\/42"/);
  });
});

describe("the case form in Arabic, for a lawyer in the United Arab Emirates", () => {
  it("shows Arabic texts, dirham bands and translated field errors", () => {
    const out = html(
      "ar",
      "/ar/lawyer/7?form=case",
      <CaseFormInPage
        lawyerId={7}
        lawyerName="ليلى حداد"
        countryCode="AE"
        failure={{
          intent: "case",
          message: msg("cases:errors.checkFields"),
          fieldErrors: { caseTitle: msg("cases:page.writeMessage") },
          documentErrors: [msg("cases:documentErrors.empty", { name: "scan.pdf" })],
          values: initialCaseValues(null),
          filesLost: true,
        }}
      />,
    );
    expect(out).toContain("إدارة القضايا القانونية");
    expect(out).toContain("أخبر محاميًا بما حدث لك");
    expect(out).toContain("يُرجى مراجعة الحقول المميّزة.");
    expect(out).toContain("اكتب رسالة.");
    expect(out).toContain("لم تتم إضافة scan.pdf: الملف فارغ.");
    expect(out).toContain("لا يستطيع متصفحك الاحتفاظ بالملفات المختارة");
    const budgets = options(out, "budget");
    expect(budgets.find(([v]) => v === "$1,000 - $5,000")?.[1]).toMatch(/4,000.*د\.إ\..*20,000.*د\.إ\./);
    expect(options(out, "caseType")).toContainEqual(["Medical Malpractice", "خطأ طبي"]);
    expect(out).not.toContain("cases:");
  });
  it("the success summary is Arabic, with Arabic plural rules", () => {
    const out = html(
      "ar",
      "/ar/lawyer/7?form=case&sent=1",
      <CaseFormInPage
        lawyerId={7}
        lawyerName="ليلى حداد"
        success={{
          lawyerId: 7,
          lawyerName: "ليلى حداد",
          caseTitle: "حادث",
          caseType: "Car Accident",
          priority: "high",
          status: "pending",
          lawyerManaged: true,
          documentCount: 2,
          caseUrl: null,
          clientEmail: "dana@example.test",
        }}
      />,
    );
    expect(out).toContain("تم إرسال القضية");
    expect(out).toContain("حادث سيارة");
    expect(out).toContain("عالية");
    expect(out).toContain("ملفان");
    expect(out).toContain("قيد الانتظار");
    expect(out).toContain("(أُرسل إلى dana@example.test)");
    expect(out).toMatch(/<a [^>]*href="\/ar\/lawyer\/7"/);
  });
});
