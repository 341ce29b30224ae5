/**
 * The messages feature (spec §2 "Lawyer profile" Send Message, §3 "CustomerMessage"; issue 4
 * "Tracking and messages"; issue 13 §4 "The UI by feature"): Send Message on a profile (the lazy
 * dialog, and the in-page form that works without JavaScript) and the lawyer's inbox on the
 * dashboard. Routes and other features import only from here.
 */
export { formatMessageTime, InboxPanel, messagePath } from "./InboxPanel";
export { SendMessageButton, type SendMessageButtonProps } from "./SendMessageDialog";
