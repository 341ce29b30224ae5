/**
 * Forwarding module, temporary: the toast props moved to app/ui/toast.ts (issue 13 §4). The case
 * form and the Send Message dialog still import them from here until they move to
 * app/features/cases and app/features/messages; delete this file then.
 */
export { FAILURE_TOAST_IDS, TOAST_A11Y } from "../../ui/toast";
