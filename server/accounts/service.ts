/**
 * The accounts service's contract (issue 3): what the API router (server/api/auth.ts) and the
 * page loaders and actions (through `context.get(servicesContext).accounts`) may call. The
 * implementation lives beside this file; everything here is types and one error class.
 */
import type { LogInInput, ProfileUpdate, PublicUser, SignUpInput } from "../../lib/account.ts";
import type { Locale } from "../../lib/i18n/locales.ts";
import type { DeviceHandle } from "../security/device-cookie.ts";

/** Who is asking: the client IP (for rate limits and review signals), the site origin (for links in emails), the browser. */
export interface RequestMeta {
  /** Client IP address as the server sees it, e.g. "127.0.0.1". */
  ip: string;
  /** Site origin for links in emails, e.g. "https://lexatlas.example" (PUBLIC_URL or the request's). */
  origin: string;
  /**
   * The reader's locale (issue 14 §1): the page's, or the API request's Accept-Language. A new
   * account keeps it for its emails; default English.
   */
  locale?: Locale;
  /**
   * The browser's device cookie (issue 27 §2, server/security/device-cookie.ts): a sign-up or a
   * sign-in records its review signal with it. Absent for API clients without cookies.
   */
  device?: DeviceHandle | null;
}

/** A new session: the opaque token (shown once, stored hashed) and when it expires. */
export interface IssuedSession {
  token: string;
  user: PublicUser;
  expiresAt: Date;
}

/** The signed-in user of a request and how the token came (cookie or bearer header). */
export interface Authenticated {
  user: PublicUser;
  sessionId: string;
  /** "cookie" for the web app, "bearer" for API clients; cookie requests get the origin check. */
  via: "cookie" | "bearer";
  token: string;
}

/** The accounts domain functions, bound to the process's database, mailer and rate limits. */
export interface AccountsService {
  /** Creates a user (email compared case-insensitively) and a session. 409 on a taken email, 429 past the limit. */
  signUp(input: SignUpInput, meta: RequestMeta): Promise<IssuedSession>;
  /** Checks the password and creates a session. 401 on bad credentials, 429 past the limits. */
  logIn(input: LogInInput, meta: RequestMeta): Promise<IssuedSession>;
  /**
   * The user for a raw session token, or null when unknown, revoked or expired, or when it is a
   * staff account's session that has not passed the second factor (issue 15 §1).
   */
  userForToken(token: string | null | undefined): Promise<Authenticated | null>;
  /** The user of a request (bearer header first, then the session cookie), or null. */
  userFromRequest(request: Request): Promise<Authenticated | null>;
  /** Revokes one session. Unknown tokens are ignored. */
  logOut(token: string): Promise<void>;
  /**
   * Updates the user's own profile fields; answers the updated user. A `businessPhone` is stored
   * as E.164, a national number read in `patch.phoneCountry`, else the country of the user's
   * listing, else `region` (the request's Accept-Language region; issue 14 §2); a number valid in
   * none is a ValidationError on businessPhone (400). 404 if the user is gone.
   */
  updateProfile(userId: string, patch: ProfileUpdate, region?: string | null): Promise<PublicUser>;
  /**
   * Stores the language the user chose in the switcher (`users.locale`), so the emails sent to
   * them follow it (issue 14 §1). A user who no longer exists is ignored.
   */
  setLocale(userId: string, locale: Locale): Promise<void>;
  /** Emails a reset link if the address has an account; same answer and time either way. 429 past the limit. */
  requestPasswordReset(email: string, meta: RequestMeta): Promise<void>;
  /**
   * True when `token` (the raw secret of an emailed reset link) names a stored link that is
   * unused and unexpired, so the reset page can show the form or, at once, the invalid-link
   * message (QA of issue 3). A read only: it never consumes the link. False for anything not
   * shaped like a token, without a query. Never throws for bad input.
   */
  resetTokenIsUsable(token: string | null | undefined): Promise<boolean>;
  /** Sets a new password with a single-use reset token and revokes every session of the user. 400 on a bad token. */
  resetPassword(input: { token: string; newPassword: string }, meta: RequestMeta): Promise<void>;
  /** Set-Cookie value for a new session (HttpOnly; Secure; SameSite=Lax; Path=/; Expires). */
  sessionCookie(token: string, expiresAt: Date): string;
  /** Set-Cookie value that removes the session cookie. */
  clearedSessionCookie(): string;
}
