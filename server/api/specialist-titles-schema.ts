/**
 * The OpenAPI shape of specialist titles (issue 28 §2; lib/specialist-titles.ts): the lawyer
 * JSON's `specialistTitles` (GET /api/lawyers/{id}, search results), the owner's listing and the
 * body of PUT /api/listing/specialist-titles. The rules (parseSpecialistTitles) are the listings
 * service's; this schema documents the shape and checks the types.
 */
import { z } from "@hono/zod-openapi";
import { PRACTICE_AREAS } from "../../lib/constants.ts";
import {
  SPECIALIST_TITLE_FIRST_YEAR,
  SPECIALIST_TITLE_LENGTH,
  SPECIALIST_TITLES_MAX,
} from "../../lib/specialist-titles.ts";

/** One title as stored and shown. */
export const SpecialistTitleSchema = z
  .object({
    title: z.string().openapi({
      description: "The title as conferred, in its original language",
      example: "Fachanwalt für Verkehrsrecht",
    }),
    issuer: z.string().openapi({
      description: "The body that conferred it",
      example: "Rechtsanwaltskammer München",
    }),
    area: z.enum(PRACTICE_AREAS).openapi({ description: "The practice area it belongs to" }),
    since: z.number().int().openapi({ description: "The year it was conferred", example: 2012 }),
  })
  .openapi("SpecialistTitle");

/** A listing's titles (empty when it states none). */
export const SpecialistTitlesSchema = z.array(SpecialistTitleSchema).openapi({
  description:
    "Specialist titles (issue 28 §2), e.g. a German Fachanwalt title, a UK APIL or Law Society accreditation, a US " +
    "board certification; each is verified on its own: the `verification.checks` of kind `specialist_title` whose " +
    "`details.title` and `details.issuer` name it. Empty when the listing states none.",
});

/** The body of PUT /api/listing/specialist-titles: the whole list (it replaces the stored one). */
export const SpecialistTitlesInputSchema = z
  .object({
    specialistTitles: z
      .array(
        z
          .object({
            title: z.string().max(SPECIALIST_TITLE_LENGTH.title),
            issuer: z.string().max(SPECIALIST_TITLE_LENGTH.issuer),
            area: z.string(),
            since: z.union([z.number(), z.string()]).openapi({
              description: `A year from ${SPECIALIST_TITLE_FIRST_YEAR} to this year`,
            }),
          })
          .strict(),
      )
      .max(SPECIALIST_TITLES_MAX),
  })
  .strict()
  .openapi("SpecialistTitlesInput");
