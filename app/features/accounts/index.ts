/**
 * Accounts: the sign-in, sign-up and password screens (spec §2 "Login and sign-up", issue 3): the
 * account card, the password field and the busy submit button, and the helpers their actions use
 * to answer a failed submission (field errors, the accounts service's errors, rate limits).
 */
export { AccountShell, PasswordField, SubmitButton, useSubmitting } from "./AccountForm";
export { tooManyMessage } from "./too-many";
