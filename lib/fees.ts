/**
 * Fees and first meeting (issue 19 §1): the structured fee terms a lawyer edits on the listing
 * form and the API returns as the lawyer JSON's `fees`, their validation (shape, then the
 * jurisdiction's rule from lib/fee-rules.ts: a banned or restricted result-based fee is refused,
 * a capped one above its cap, e.g. 25% of damages for damages-based agreements in personal
 * injury in England and Wales, DBA Regulations 2013 reg. 4(2)(b), research notes R20/R21) and the
 * worked example in plain words shown on the profile. Zod-free and I/O-free: the browser, the
 * server and the seed import it. Messages are catalog references of the `fees` namespace
 * (lib/i18n/message.ts), translated by whoever shows them.
 */
import { BUDGET_EDGES, currencyForCountry } from "./budget-currency.ts";
import { FEE_RULES, feeRule } from "./fee-rules.ts";
import { msg } from "./i18n/message.ts";

/** The fee models a listing can offer (the API's `kind`, issue 19 "Names the API uses"). */
export const FEE_KINDS = ["contingency", "hourly", "fixed", "legalAid"] as const;
/** One fee model kind. */
export type FeeKind = (typeof FEE_KINDS)[number];

/**
 * One fee model. `contingency`: the lawyer's share of what the client receives, minPercent to
 * maxPercent, nothing when nothing is received ("no win, no fee"). `hourly`: minAmount to
 * maxAmount per hour in `currency`. `fixed`: a fixed fee from minAmount to maxAmount in
 * `currency`. `legalAid`: publicly funded legal aid accepted. Fields that do not apply are null.
 */
export interface FeeModel {
  kind: FeeKind;
  minPercent: number | null;
  maxPercent: number | null;
  minAmount: number | null;
  maxAmount: number | null;
  currency: string | null;
}

/**
 * A listing's fee terms (lawyer JSON `fees`): a free first consultation and its length in
 * minutes (null when not free or not said), and the models offered, at most one per kind, in
 * FEE_KINDS order.
 */
export interface FeeTerms {
  freeConsultation: boolean;
  consultationMinutes: number | null;
  models: FeeModel[];
}

/** The terms of a listing that has said nothing about fees. */
export const NO_FEE_TERMS: FeeTerms = { freeConsultation: false, consultationMinutes: null, models: [] };

/** Shortest and longest free consultation a listing may state, minutes. */
export const CONSULTATION_MINUTES = { min: 5, max: 240 } as const;
/** Largest amount of an hourly or fixed fee (whole currency units; guards typos and overflow). */
export const FEE_AMOUNT_MAX = 100_000_000;

/**
 * The fee fields of the listing form, which are also the keys of the API's `fieldErrors` for a
 * refused `fees` payload (PUT /api/listing/fees): the checkbox of each model and its numbers.
 */
export const FEE_FIELDS = [
  "freeConsultation",
  "consultationMinutes",
  "contingency",
  "contingencyMinPercent",
  "contingencyMaxPercent",
  "hourly",
  "hourlyMinAmount",
  "hourlyMaxAmount",
  "hourlyCurrency",
  "fixed",
  "fixedMinAmount",
  "fixedMaxAmount",
  "fixedCurrency",
  "legalAid",
] as const;
/** One fee form field. */
export type FeeField = (typeof FEE_FIELDS)[number];
/** Messages (catalog references) per fee field. */
export type FeeFieldErrors = Partial<Record<FeeField, string>>;

/** True for an ISO 4217 code this runtime's Intl knows ("EUR"). */
export function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  try {
    return Intl.supportedValuesOf("currency").includes(code);
  } catch {
    return true;
  }
}

/** The offered model of `kind`, or undefined. */
export function feeModel(terms: FeeTerms | null | undefined, kind: FeeKind): FeeModel | undefined {
  return terms?.models.find((m) => m.kind === kind);
}

/** True when the terms offer a "no win, no fee" (contingency) model (cards' badge, the filter). */
export function offersNoWinNoFee(terms: FeeTerms | null | undefined): boolean {
  return feeModel(terms, "contingency") !== undefined;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** A number from JSON or a form's text ("25", "12.5"); "" and null are null; anything else NaN. */
function numberOf(v: unknown): number | null {
  if (v === null || v === undefined || v === "") return null;
  if (typeof v === "number") return v;
  if (typeof v === "string" && /^\s*\d+(\.\d+)?\s*$/.test(v)) return Number(v);
  return Number.NaN;
}

/**
 * Reads a `fees` payload (the lawyer JSON's shape; numbers may be decimal strings) into FeeTerms,
 * checking its shape only: booleans, minutes 5 to 240 (only with a free consultation, else
 * null), at most one model per kind, percentages 0 to 100 with min <= max, amounts 0 to
 * FEE_AMOUNT_MAX with min <= max, an ISO 4217 currency for hourly and fixed, nothing else set.
 * The jurisdiction's rule is checkFeeRules'. Errors are keyed by FEE_FIELDS; `form` holds one
 * that belongs to no field (not an object, an unknown kind or key).
 */
export function parseFeeTerms(input: unknown): {
  terms: FeeTerms | null;
  errors: FeeFieldErrors;
  form: string | null;
} {
  const errors: FeeFieldErrors = {};
  if (!isObject(input)) return { terms: null, errors, form: msg("fees:errors.shape") };
  for (const key of Object.keys(input))
    if (!["freeConsultation", "consultationMinutes", "models"].includes(key))
      return { terms: null, errors, form: msg("validation:unknownField", { field: key.slice(0, 50) }) };
  const free = input.freeConsultation ?? false;
  if (typeof free !== "boolean") errors.freeConsultation = msg("fees:errors.yesNo");
  let minutes = numberOf(input.consultationMinutes);
  if (
    minutes !== null &&
    (!Number.isInteger(minutes) || minutes < CONSULTATION_MINUTES.min || minutes > CONSULTATION_MINUTES.max)
  )
    errors.consultationMinutes = msg("fees:errors.minutes", CONSULTATION_MINUTES);
  if (free !== true) minutes = null;
  const rawModels = input.models ?? [];
  if (!Array.isArray(rawModels) || rawModels.length > FEE_KINDS.length)
    return { terms: null, errors, form: msg("fees:errors.shape") };
  const models: FeeModel[] = [];
  for (const raw of rawModels) {
    if (!isObject(raw) || !(FEE_KINDS as readonly unknown[]).includes(raw.kind))
      return { terms: null, errors, form: msg("fees:errors.kind", { kinds: FEE_KINDS.join(", ") }) };
    const kind = raw.kind as FeeKind;
    if (models.some((m) => m.kind === kind))
      return { terms: null, errors, form: msg("fees:errors.repeated", { kind }) };
    for (const key of Object.keys(raw))
      if (!["kind", "minPercent", "maxPercent", "minAmount", "maxAmount", "currency"].includes(key))
        return { terms: null, errors, form: msg("validation:unknownField", { field: key.slice(0, 50) }) };
    const m: FeeModel = {
      kind,
      minPercent: numberOf(raw.minPercent),
      maxPercent: numberOf(raw.maxPercent),
      minAmount: numberOf(raw.minAmount),
      maxAmount: numberOf(raw.maxAmount),
      currency: typeof raw.currency === "string" && raw.currency.trim() !== "" ? raw.currency.trim() : null,
    };
    if (raw.currency !== undefined && raw.currency !== null && typeof raw.currency !== "string")
      m.currency = "?";
    if (kind === "contingency") {
      const bad = (v: number | null) => v === null || !Number.isFinite(v) || v <= 0 || v > 100;
      if (bad(m.minPercent)) errors.contingencyMinPercent = msg("fees:errors.percent");
      if (bad(m.maxPercent)) errors.contingencyMaxPercent = msg("fees:errors.percent");
      else if (!bad(m.minPercent) && (m.minPercent as number) > (m.maxPercent as number))
        errors.contingencyMaxPercent = msg("fees:errors.minAboveMax");
      if (m.minAmount !== null || m.maxAmount !== null || m.currency !== null)
        errors.contingency = msg("fees:errors.percentOnly");
    } else if (kind === "hourly" || kind === "fixed") {
      const bad = (v: number | null) => v === null || !Number.isFinite(v) || v <= 0 || v > FEE_AMOUNT_MAX;
      if (bad(m.minAmount)) errors[`${kind}MinAmount`] = msg("fees:errors.amount");
      if (bad(m.maxAmount)) errors[`${kind}MaxAmount`] = msg("fees:errors.amount");
      else if (!bad(m.minAmount) && (m.minAmount as number) > (m.maxAmount as number))
        errors[`${kind}MaxAmount`] = msg("fees:errors.minAboveMax");
      if (m.currency === null || !isCurrencyCode(m.currency.toUpperCase()))
        errors[`${kind}Currency`] = msg("fees:errors.currency");
      else m.currency = m.currency.toUpperCase();
      if (m.minPercent !== null || m.maxPercent !== null) errors[kind] = msg("fees:errors.amountOnly");
    } else if (
      m.minPercent !== null ||
      m.maxPercent !== null ||
      m.minAmount !== null ||
      m.maxAmount !== null ||
      m.currency !== null
    ) {
      errors.legalAid = msg("fees:errors.legalAidNoNumbers");
    }
    models.push(m);
  }
  models.sort((a, b) => FEE_KINDS.indexOf(a.kind) - FEE_KINDS.indexOf(b.kind));
  if (Object.keys(errors).length > 0) return { terms: null, errors, form: null };
  return {
    terms: { freeConsultation: free === true, consultationMinutes: minutes, models },
    errors,
    form: null,
  };
}

/**
 * The jurisdiction's rule applied to well-formed terms of a listing in `countryCode` (issue 19
 * §1; lib/fee-rules.ts, docs/fees-by-country.md): a contingency ("no win, no fee") model is
 * refused where a result-based fee is banned (e.g. France, loi 71-1130 art. 10) or only allowed
 * in exceptions (e.g. Germany, § 49b(2) BRAO / § 4a RVG), and where it is capped its maximum
 * may not exceed the cap (e.g. England and Wales 25%: DBA Regulations 2013 reg. 4(2)(b)).
 * Hourly, fixed and legal aid are allowed everywhere. Answers the errors by field (empty: fine).
 */
export function checkFeeRules(terms: FeeTerms, countryCode: string): FeeFieldErrors {
  const errors: FeeFieldErrors = {};
  const contingency = feeModel(terms, "contingency");
  if (!contingency) return errors;
  const rule = feeRule(countryCode);
  if (rule === "banned") errors.contingency = msg("fees:errors.banned", { region: countryCode });
  else if (rule === "restricted") errors.contingency = msg("fees:errors.restricted", { region: countryCode });
  else if (rule === "capped") {
    const cap = contingencyCap(countryCode);
    if (cap !== null && (contingency.maxPercent ?? 0) > cap)
      errors.contingencyMaxPercent = msg("fees:errors.aboveCap", { cap, region: countryCode });
  }
  return errors;
}

/** The legal cap of a result-based fee in `countryCode`, percent, or null when none applies generally. */
export function contingencyCap(countryCode: string): number | null {
  const row = FEE_RULES[countryCode];
  return row?.rule === "capped" ? (row.capPercent ?? null) : null;
}

/** True when a listing in `countryCode` may offer a contingency ("no win, no fee") model. */
export function contingencyAllowed(countryCode: string): boolean {
  const rule = feeRule(countryCode);
  return rule === "allowed" || rule === "capped";
}

/**
 * One sentence of the worked example, as a `fees` catalog key and its values (amounts are
 * numbers; the page formats them with formatMoney in its locale and `currency`).
 */
export interface FeeExampleLine {
  key:
    | "example.contingency"
    | "example.hourly"
    | "example.fixed"
    | "example.legalAid"
    | "example.consultation";
  values: Record<string, number | string>;
  currency: string | null;
}

/**
 * The round amount the worked example assumes a client receives: about USD 10,000 in
 * `currency` (lib/budget-currency.ts BUDGET_EDGES's middle edge: 10,000 €, ¥1,000,000,
 * ₹800,000), 10,000 for a currency without its own edges.
 */
export function exampleRecovery(currency: string): number {
  return BUDGET_EDGES[currency]?.[2] ?? 10_000;
}

/**
 * The worked example in plain words (issue 19 §1), computed from the terms: for a contingency
 * model "If you receive 10,000 €, the fee is between 2,000 € and 2,500 €; if you receive
 * nothing, you pay no fee" (in the currency of the listing's country, `countryCode`), for hourly
 * "10 hours of work cost between … and …", for a fixed fee its range, legal aid, and the free
 * consultation's length. Amounts are rounded to whole units.
 */
export function feeExample(terms: FeeTerms, countryCode: string): FeeExampleLine[] {
  const lines: FeeExampleLine[] = [];
  if (terms.freeConsultation)
    lines.push({
      key: "example.consultation",
      values: { minutes: terms.consultationMinutes ?? 0 },
      currency: null,
    });
  for (const m of terms.models) {
    if (m.kind === "contingency" && m.minPercent !== null && m.maxPercent !== null) {
      const currency = currencyForCountry(countryCode);
      const received = exampleRecovery(currency);
      lines.push({
        key: "example.contingency",
        values: {
          received,
          low: Math.round((received * m.minPercent) / 100),
          high: Math.round((received * m.maxPercent) / 100),
          minPercent: m.minPercent,
          maxPercent: m.maxPercent,
        },
        currency,
      });
    } else if (m.kind === "hourly" && m.minAmount !== null && m.maxAmount !== null && m.currency) {
      lines.push({
        key: "example.hourly",
        values: { hours: 10, low: Math.round(m.minAmount * 10), high: Math.round(m.maxAmount * 10) },
        currency: m.currency,
      });
    } else if (m.kind === "fixed" && m.minAmount !== null && m.maxAmount !== null && m.currency) {
      lines.push({
        key: "example.fixed",
        values: { low: Math.round(m.minAmount), high: Math.round(m.maxAmount) },
        currency: m.currency,
      });
    } else if (m.kind === "legalAid") {
      lines.push({ key: "example.legalAid", values: {}, currency: null });
    }
  }
  return lines;
}

/**
 * FeeTerms from a lawyers row's columns (free_consultation, consultation_minutes, fee_models):
 * never throws; an unreadable models value counts as none.
 */
export function feeTermsOf(row: {
  freeConsultation?: boolean | null;
  consultationMinutes?: number | null;
  feeModels?: unknown;
}): FeeTerms {
  const models = Array.isArray(row.feeModels)
    ? (row.feeModels as FeeModel[]).filter((m) => (FEE_KINDS as readonly string[]).includes(m?.kind))
    : [];
  return {
    freeConsultation: Boolean(row.freeConsultation),
    consultationMinutes: row.freeConsultation ? (row.consultationMinutes ?? null) : null,
    models: models.map((m) => ({
      kind: m.kind,
      minPercent: m.minPercent ?? null,
      maxPercent: m.maxPercent ?? null,
      minAmount: m.minAmount ?? null,
      maxAmount: m.maxAmount ?? null,
      currency: m.currency ?? null,
    })),
  };
}

/**
 * The `fees` payload of the listing form's fields (FEE_FIELDS; a ticked checkbox sends "true"),
 * for the listings service's updateFees: a model is in the payload when its checkbox is ticked,
 * with its numbers as typed (parseFeeTerms reads and checks them). `get` answers a field's value.
 */
export function feeTermsFromForm(get: (field: FeeField) => string | null): Record<string, unknown> {
  const text = (f: FeeField) => {
    const v = get(f);
    return v === null || v.trim() === "" ? null : v.trim();
  };
  const on = (f: FeeField) => get(f) === "true";
  const models: Record<string, unknown>[] = [];
  if (on("contingency"))
    models.push({
      kind: "contingency",
      minPercent: text("contingencyMinPercent"),
      maxPercent: text("contingencyMaxPercent"),
    });
  for (const kind of ["hourly", "fixed"] as const)
    if (on(kind))
      models.push({
        kind,
        minAmount: text(`${kind}MinAmount`),
        maxAmount: text(`${kind}MaxAmount`),
        currency: text(`${kind}Currency`),
      });
  if (on("legalAid")) models.push({ kind: "legalAid" });
  return {
    freeConsultation: on("freeConsultation"),
    consultationMinutes: text("consultationMinutes"),
    models,
  };
}
