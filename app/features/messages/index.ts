/**
 * The messages feature (spec §2 "Lawyer profile" Send Message, §3 "CustomerMessage"; issue 4
 * "Tracking and messages"; issue 13 §4 "The UI by feature"): Send Message on a profile (the link
 * that opens the lazy dialog, and the in-page form with its page action that work without
 * JavaScript) and the lawyer's inbox on the dashboard. Routes and other features import only from
 * here.
 */
export { formatMessageTime, InboxPanel, messagePath } from "./InboxPanel";
export {
  isMessageDialogPost,
  type MessageDialogAnswer,
  messageDialogClientAction,
} from "./message-dialog";
export type { MessageFormFailure } from "./message-page-action.server";
export { SendMessageButton, type SendMessageButtonProps } from "./SendMessageDialog";
export { MESSAGE_FORM_SECTION_ID, SendMessageInPage } from "./SendMessageInPage";
