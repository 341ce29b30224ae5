/**
 * Verification (issue 15 §2): bar admissions, the five checks and public discipline behind a
 * listing's tick. recompute.ts is the only writer of the `verified` cache; read.ts the public read
 * model. Sources of the rules: research notes [S16][S20][S21][S22][S27].
 */
export { type ListingVerification, readVerification } from "./read.ts";
export { recomputeOverdueVerifications, recomputeVerification, recomputeVerifications } from "./recompute.ts";
