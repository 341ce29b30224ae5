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
  await Promise.all(["ja", "ar", "de", "pt-BR"].map((l) => ensureLocale(l as "ja")));
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
    // Issue 28 §3: Japan's ways of paying first, in Japanese wording.
    expect(budgets).toContainEqual(["car-insurance-lawyer-cover", "自動車保険の弁護士費用特約"]);
    expect(budgets).toContainEqual(["Contingency Fee Only", "着手金なしの完全成功報酬"]);
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

/**
 * Issue 28 §3: the budget field offers the ways of paying of the lawyer's country
 * (lib/fee-advice.ts) in the page's language, with the country's hint, then the amount bands.
 */
describe("the case form's budget options follow the lawyer's country, in the page's language", () => {
  const form = (locale: "en" | "de" | "ja" | "ar" | "pt-BR", countryCode: string) =>
    html(
      locale,
      `/${locale}/lawyer/5?form=case`,
      <CaseFormInPage lawyerId={5} lawyerName="Test" countryCode={countryCode} />,
    );
  /** The <optgroup> labels of the budget select. */
  const groups = (markup: string) =>
    [
      ...(/<select[^>]*name="budget"[^>]*>(.*?)<\/select>/.exec(markup)?.[1] ?? "").matchAll(
        /<optgroup label="([^"]*)"/g,
      ),
    ].map((m) => m[1]);

  it("a German lawyer in German: the other side's insurer (RVG), Rechtsschutz, RVG fees, never no win, no fee", () => {
    const out = form("de", "DE");
    const budgets = options(out, "budget");
    expect(budgets.slice(1, 5)).toEqual([
      ["other-side-insurer", "Übernimmt die Versicherung der Gegenseite (RVG)"],
      ["legal-expenses-insurance", "Meine Rechtsschutzversicherung"],
      ["agreed-fees", "Stundenhonorar oder RVG-Gebühren, die ich selbst zahle"],
      ["legal-aid", "Beratungshilfe oder Prozesskostenhilfe"],
    ]);
    expect(budgets.map(([v]) => v)).not.toContain("Contingency Fee Only");
    expect(budgets.find(([v]) => v === "$1,000 - $5,000")?.[1]).toMatch(/^1\.000\s€ – 5\.000\s€$/);
    expect(groups(out)).toEqual(["Wie der Anwalt bezahlt würde", "Was ich selbst zahlen könnte"]);
    expect(out).toContain("höchstens 190 € zuzüglich Umsatzsteuer");
  });

  it("a German lawyer in Arabic and a Japanese lawyer in Arabic: the same options, in Arabic", () => {
    const de = options(form("ar", "DE"), "budget");
    expect(de).toContainEqual(["other-side-insurer", "تغطيها شركة تأمين الطرف الآخر (RVG)"]);
    expect(de.map(([v]) => v)).not.toContain("Contingency Fee Only");
    const jpOut = form("ar", "JP");
    expect(options(jpOut, "budget")[1]).toEqual([
      "car-insurance-lawyer-cover",
      "تغطية أتعاب المحامي في تأمين سيارتي (弁護士費用特約)",
    ]);
    expect(jpOut).toContain("3,000,000 ين");
  });

  it("a Japanese lawyer in Japanese: the car-insurance rider first, the hint about it", () => {
    const out = form("ja", "JP");
    expect(options(out, "budget")[1]).toEqual(["car-insurance-lawyer-cover", "自動車保険の弁護士費用特約"]);
    expect(out).toContain("弁護士費用は300万円まで");
  });

  it("a UK lawyer in English: no win, no fee with the 25 % cap and the QOCS hint; no legal aid", () => {
    const out = form("en", "GB");
    const budgets = options(out, "budget");
    expect(budgets[1]).toEqual([
      "Contingency Fee Only",
      "No win, no fee (CFA or DBA): at most 25 % of my damages",
    ]);
    expect(budgets.map(([v]) => v)).not.toContain("legal-aid");
    expect(budgets).toContainEqual(["$1,000 - $5,000", "£1,000 – £5,000"]);
    expect(out).toContain("(QOCS)");
  });

  it("a Brazilian lawyer in Portuguese: honorários de êxito, contratuais, justiça gratuita and the sucumbência hint", () => {
    const out = form("pt-BR", "BR");
    const budgets = options(out, "budget");
    expect(budgets.slice(1, 4)).toEqual([
      ["Contingency Fee Only", "Honorários de êxito: um percentual do resultado"],
      ["agreed-fees", "Honorários contratuais fixos"],
      ["legal-aid", "Justiça gratuita ou Defensoria Pública"],
    ]);
    expect(out).toContain("honorários de sucumbência");
  });

  it("a US lawyer in English: the contingency share first, with its usual range", () => {
    const out = form("en", "US");
    expect(options(out, "budget")[1]).toEqual([
      "Contingency Fee Only",
      "Contingency fee: a share of the recovery (often 33⅓–40 %)",
    ]);
    expect(out).toContain("up to 40 % if the case goes to trial");
  });
});
