/**
 * Accounts: the public shape of a user, the session and token constants, and the zod schemas
 * that both the forms (app/routes/login.tsx …) and the API (server/api/auth.ts) validate with,
 * so a rule and its message live in one place (spec §5 "Accounts", issue 3).
 */

import { z } from "zod";
import {
  MIN_PASSWORD_LENGTH,
  SIGNUP_ROLES,
  STAFF_ROLES,
  type SUBSCRIPTION_STATUSES,
  type SUBSCRIPTION_TIERS,
  type USER_ROLES,
} from "./constants.ts";
import { emailField } from "./email-address.ts";
import { msg } from "./i18n/message.ts";
import { personNameField } from "./person.ts";
import { normalizeDigits, phoneCountryField } from "./phone.ts";

/**
 * A user role (spec §3 "User.role"): `user` is a client, `lawyer` has a practice; `moderator` and
 * `admin` are staff (issue 15 §1), given only by `npm run staff:create`.
 */
export type UserRole = (typeof USER_ROLES)[number];
/** A staff role (issue 15 §1): moderator or admin. */
export type StaffRole = (typeof STAFF_ROLES)[number];

/** True for the staff roles (issue 15 §1), which need a second factor and may open /admin. */
export function isStaffRole(role: string | null | undefined): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role ?? "");
}
/** A subscription tier (spec §4 "Subscription"). */
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];
/** A stored subscription status (spec §4 "Subscription"). */
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * A user as the API answers it and the pages see it (spec §3 "User"). Never carries the
 * password hash, a session or reset token, or the Stripe ids (issue 3 "API"). Dates are ISO 8601
 * strings.
 */
export interface PublicUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: UserRole;
  isVerified: boolean;
  lawyerId: number | null;
  businessName: string | null;
  businessDescription: string | null;
  businessPhone: string | null;
  businessAddress: string | null;
  businessWebsite: string | null;
  profileImageUrl: string | null;
  subscriptionStatus: SubscriptionStatus;
  subscriptionTier: SubscriptionTier;
  subscriptionStartDate: string | null;
  subscriptionEndDate: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Name of the web app's session cookie (HttpOnly; Secure; SameSite=Lax; Path=/). */
export const SESSION_COOKIE = "__Host-lexatlas_session";
/** How long a session lasts from sign-in: 30 days, in milliseconds. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** How long a password reset link works: 1 hour (issue 3), in milliseconds. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** How long a listing-claim link works: 24 hours, in milliseconds. */
export const CLAIM_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
/** Longest accepted password, in characters (argon2 input stays bounded). */
export const MAX_PASSWORD_LENGTH = 128;

/** Messages shown next to the fields; the API answers the same text in `message`. */
export const ACCOUNT_MESSAGES = {
  email: msg("validation:account.email"),
  passwordShort: msg("validation:account.passwordShort", { min: MIN_PASSWORD_LENGTH }),
  passwordLong: msg("validation:account.passwordLong", { max: MAX_PASSWORD_LENGTH }),
  passwordCommon: msg("errors:account.passwordCommon"),
  firstName: msg("validation:account.firstName"),
  lastName: msg("validation:account.lastName"),
  role: msg("validation:account.role"),
  emailTaken: msg("errors:account.emailTaken"),
  badCredentials: msg("errors:account.badCredentials"),
  resetSent: "If an account exists for that email, we have sent a link to reset the password.",
  resetInvalid: "This reset link is invalid or has expired. Please request a new one.",
  resetDone: "Your password has been reset. Please sign in with your new password.",
  tooMany: msg("errors:account.tooMany"),
  signedOut: "Please sign in to continue.",
  /** businessPhone not valid in the listing's country nor as an international number (issue 14 §2). */
  businessPhone: msg("validation:account.businessPhone"),
  /** businessPhone of an account without a listing (nor a region) that is no valid international number. */
  businessPhoneInternational: msg("validation:account.businessPhoneInternational"),
} as const;

/**
 * True when a text has no control characters other than tab, line feed and carriage return.
 * PostgreSQL refuses NUL in text, and no name or address needs the others.
 */
export function hasNoControlCharacters(text: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  return !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text);
}

/** Message for a field that contains control characters. */
export const CONTROL_CHARACTERS_MESSAGE = msg("validation:controlCharacters");

/** Any address of RFC 6531, e.g. 用户@例子.广告 (issue 14 §2; lib/email-address.ts). */
const email = emailField(ACCOUNT_MESSAGES.email);

const password = z
  .string({ error: ACCOUNT_MESSAGES.passwordShort })
  .min(MIN_PASSWORD_LENGTH, { error: ACCOUNT_MESSAGES.passwordShort })
  .max(MAX_PASSWORD_LENGTH, { error: ACCOUNT_MESSAGES.passwordLong });

/**
 * A name in any script, NFC, one line, at most 100 characters (lib/person.ts). The family name
 * may be empty: one name is enough for people who have one (issue 14 §2).
 */
const name = (message: string, required = true) =>
  personNameField(message, {
    max: 100,
    required,
    tooLong: msg("validation:atMost", { max: 100 }),
    control: CONTROL_CHARACTERS_MESSAGE,
  });

/**
 * POST /api/auth/signup and the /signup form (spec §5 "Sign-up"; role defaults to user). Only the
 * roles of SIGNUP_ROLES: a staff role is never self-chosen (issue 15 §1), so "moderator" and
 * "admin" are refused with the role message like any unknown role.
 */
export const SignUpSchema = z.object({
  email,
  password,
  firstName: name(ACCOUNT_MESSAGES.firstName),
  lastName: name(ACCOUNT_MESSAGES.lastName, false).default(""),
  role: z.enum(SIGNUP_ROLES, { error: ACCOUNT_MESSAGES.role }).default("user"),
});
/** Parsed sign-up input. */
export type SignUpInput = z.infer<typeof SignUpSchema>;

/** POST /api/auth/login and the /login form (spec §5 "Login"). */
export const LogInSchema = z.object({ email, password });
/** Parsed login input. */
export type LogInInput = z.infer<typeof LogInSchema>;

/** POST /api/auth/forgot-password and the /forgot-password form (spec §5). */
export const ForgotPasswordSchema = z.object({ email });

/** POST /api/auth/reset-password and the /reset-password form (spec §5). */
export const ResetPasswordSchema = z.object({
  token: z
    .string({ error: ACCOUNT_MESSAGES.resetInvalid })
    .min(1, { error: ACCOUNT_MESSAGES.resetInvalid })
    .max(200),
  newPassword: password,
});

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: msg("validation:atMost", { max }) })
    .refine(hasNoControlCharacters, { error: CONTROL_CHARACTERS_MESSAGE })
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional();

/** An http(s) address or empty (cleared); `javascript:` and other schemes are refused. */
const optionalWebUrl = optionalText(500).refine(
  (v) => {
    if (v === null || v === undefined) return true;
    try {
      const url = new URL(v);
      return url.protocol === "https:" || url.protocol === "http:";
    } catch {
      return false;
    }
  },
  { error: "Please enter a web address starting with http:// or https://." },
);

/**
 * The business phone of PUT /api/auth/profile: as optionalText (empty clears it, null) with the
 * digits of any script made ASCII and only the characters of a phone number (digits, spaces,
 * + ( ) . - /). Whether it is a valid number, and its E.164 form, is decided by the accounts
 * service with the country it is read in (issue 14 §2): `phoneCountry`, else the listing's.
 */
const businessPhone = z
  .string()
  .trim()
  .max(50, { error: msg("validation:atMost", { max: 50 }) })
  .refine(hasNoControlCharacters, { error: CONTROL_CHARACTERS_MESSAGE })
  .transform(normalizeDigits)
  .refine((v) => v === "" || /^\+?[0-9 ().\-/]{5,}$/.test(v), {
    error: ACCOUNT_MESSAGES.businessPhoneInternational,
  })
  .transform((v) => (v === "" ? null : v))
  .nullable()
  .optional();

/**
 * PUT /api/auth/profile: the user's own name and the spec's optional business fields. Email,
 * role, password and subscription fields are not changed here. Unknown keys are refused.
 * `businessPhone` is stored as E.164, a national number read in `phoneCountry`, else the
 * listing's country, else the region of Accept-Language (server/accounts updateProfile).
 */
export const ProfileUpdateSchema = z
  .object({
    firstName: name(ACCOUNT_MESSAGES.firstName).optional(),
    lastName: name(ACCOUNT_MESSAGES.lastName, false).optional(),
    businessName: optionalText(255),
    businessDescription: optionalText(5000),
    businessPhone,
    phoneCountry: phoneCountryField,
    businessAddress: optionalText(500),
    businessWebsite: optionalWebUrl,
    profileImageUrl: optionalWebUrl,
  })
  .strict();
/** Parsed profile update. */
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;
