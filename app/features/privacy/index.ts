/**
 * Privacy by design, the notices (issue 17 §1): the privacy policy's parts generated from
 * configuration (processors, cookies, retention in force, rights, what is kept after erasure);
 * policy-facts.server.ts is the policy loader's work. The cookie banner itself is part of the
 * shell (app/ui/consent).
 */
export { CookieList, KeptAfterErasure, ProcessorList, RetentionList, RightsList } from "./PolicyParts";
