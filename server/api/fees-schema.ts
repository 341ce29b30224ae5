/**
 * The OpenAPI shape of fee terms (issue 19 §1 "Names the API uses"): the lawyer JSON's `fees`
 * (GET /api/lawyers/{id}, search results), the owner's listing and the body of
 * PUT /api/listing/fees. The rules (lib/fees.ts parseFeeTerms, checkFeeRules) are the
 * listings service's; this schema documents the shape and checks the types.
 */
import { z } from "@hono/zod-openapi";
import { CONSULTATION_MINUTES, FEE_KINDS } from "../../lib/fees.ts";

/** One fee model (lib/fees.ts FeeModel); fields that do not apply to the kind are null. */
export const FeeModelSchema = z
  .object({
    kind: z.enum(FEE_KINDS).openapi({
      description:
        'contingency = "no win, no fee" (a share of what the client receives, nothing when nothing is received); hourly; fixed; legalAid = publicly funded legal aid accepted',
    }),
    minPercent: z
      .number()
      .nullable()
      .openapi({ description: "contingency only: lowest share, percent", example: 20 }),
    maxPercent: z.number().nullable().openapi({
      description:
        "contingency only: highest share, percent; at most the country's cap (docs/fees-by-country.md, e.g. 25 in England and Wales)",
      example: 25,
    }),
    minAmount: z
      .number()
      .nullable()
      .openapi({ description: "hourly (per hour) and fixed only: lowest amount" }),
    maxAmount: z
      .number()
      .nullable()
      .openapi({ description: "hourly (per hour) and fixed only: highest amount" }),
    currency: z
      .string()
      .nullable()
      .openapi({ description: "hourly and fixed only: ISO 4217 code", example: "EUR" }),
  })
  .openapi("FeeModel");

/** A listing's fee terms (lib/fees.ts FeeTerms). */
export const FeeTermsSchema = z
  .object({
    freeConsultation: z.boolean().openapi({ description: "The first consultation is free" }),
    consultationMinutes: z
      .number()
      .int()
      .nullable()
      .openapi({
        description: `Length of the free first consultation, ${CONSULTATION_MINUTES.min} to ${CONSULTATION_MINUTES.max} minutes; null when not free or not stated`,
        example: 30,
      }),
    models: z
      .array(FeeModelSchema)
      .openapi({ description: "The fee models offered, at most one per kind; empty when not stated" }),
  })
  .openapi("FeeTerms", { description: "Fees and first meeting (issue 19 §1)" });

/**
 * The body of PUT /api/listing/fees: FeeTerms, where `consultationMinutes` and each model's
 * unused fields may be left out (null), and numbers may be sent as decimal strings.
 */
export const FeeTermsInputSchema = z
  .object({
    freeConsultation: z.boolean(),
    consultationMinutes: z.union([z.number(), z.string()]).nullable().optional(),
    models: z
      .array(
        z
          .object({
            kind: z.enum(FEE_KINDS),
            minPercent: z.union([z.number(), z.string()]).nullable().optional(),
            maxPercent: z.union([z.number(), z.string()]).nullable().optional(),
            minAmount: z.union([z.number(), z.string()]).nullable().optional(),
            maxAmount: z.union([z.number(), z.string()]).nullable().optional(),
            currency: z.string().nullable().optional(),
          })
          .strict(),
      )
      .max(FEE_KINDS.length),
  })
  .strict()
  .openapi("FeeTermsInput");
