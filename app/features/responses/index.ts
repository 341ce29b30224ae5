/**
 * Responses (issue 16 §3): the re-send offer on the case page for a case its lawyer has not
 * answered. Other features import only from here.
 */
export { type ResendCandidate, ResendPanel, type ResendPanelProps } from "./ResendPanel";
