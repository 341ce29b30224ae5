/**
 * Which option list each of a lawyer's style fields takes (spec §3 "Lawyer": communication
 * style, approach, client focus, availability, case complexity preference). One definition for
 * every place that reads, draws or validates these fields by name: the matching store
 * (server/matching/candidates.ts), the demo data (server/seed/generate.ts) and the import
 * format (server/seed/import-schema.ts).
 */
import {
  APPROACH_STYLES,
  AVAILABILITY_LEVELS,
  CASE_COMPLEXITIES,
  COMMUNICATION_STYLES,
  PRIORITY_FOCUSES,
} from "./constants.ts";

/**
 * The options of each style field of a lawyer row, keyed by the field's name (server/db/schema.ts
 * `lawyers`). The key order is the fields' order in the spec; the demo data draws them in it.
 */
export const LAWYER_STYLE_OPTIONS = {
  communicationStyle: COMMUNICATION_STYLES,
  approachStyle: APPROACH_STYLES,
  clientFocus: PRIORITY_FOCUSES,
  availabilityLevel: AVAILABILITY_LEVELS,
  caseComplexityPreference: CASE_COMPLEXITIES,
} as const;

/** The name of one style field of a lawyer row. */
export type LawyerStyleField = keyof typeof LAWYER_STYLE_OPTIONS;
