/**
 * /api/auth routes (spec §7; issue 3 "API"), declared with @hono/zod-openapi so that
 * /api/openapi.json describes them. Handlers are thin: the body is declared with the shared
 * schemas of lib/account.ts, which validate it (`c.req.valid("json")`), one accounts-service call does the work (server/accounts/), and
 * expected failures are DomainErrors (server/errors.ts), answered by the app's error handler as
 * the one error body `{ message, fieldErrors? }` (with `Retry-After` on 429; server/http.ts).
 *
 * API login and sign-up answer the token in the body and set no cookie (the web app signs in
 * through its own page actions); every signed-in route accepts the bearer header or the cookie.
 */
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import {
  ACCOUNT_MESSAGES,
  ChangePasswordSchema,
  ForgotPasswordSchema,
  LogInSchema,
  ProfileUpdateSchema,
  ResetPasswordSchema,
  SESSION_COOKIE,
  SignUpSchema,
} from "../../lib/account.ts";
import {
  MIN_PASSWORD_LENGTH,
  MIN_STAFF_PASSWORD_LENGTH,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TIERS,
  USER_ROLES,
} from "../../lib/constants.ts";
import { regionFromAcceptLanguage } from "../../lib/region.ts";
import { sessionCookieValue } from "../accounts/cookies.ts";
import { jsonBody as declaredJsonBody, errorResponse, rateLimitedResponse } from "../http.ts";
import { apiLocale, translateFor } from "../i18n.ts";
import type { Services } from "../services.ts";
import { optionalUser, requestMeta, requireUser, signedIn } from "./auth-middleware.ts";
import { jsonResponse, SIGNED_IN_SECURITY, signedInRoute } from "./openapi.ts";

/** Largest accepted body of an /api/auth request: 16 KB (a profile with its 5,000-character description fits). */
export const AUTH_BODY_LIMIT_BYTES = 16 * 1024;

/** Message of the 413 for a larger body. */
export const BODY_TOO_LARGE_MESSAGE = "The request body is too large (at most 16 KB).";

/** Message of a successful logout. */
export const SIGNED_OUT_MESSAGE = "You have been signed out.";

/** The public user (lib/account.ts PublicUser): never a password hash, token or Stripe id. */
export const PublicUserSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: z.enum(USER_ROLES),
    isVerified: z.boolean(),
    lawyerId: z.number().int().nullable(),
    businessName: z.string().nullable(),
    businessDescription: z.string().nullable(),
    businessPhone: z.string().nullable(),
    businessAddress: z.string().nullable(),
    businessWebsite: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
    subscriptionTier: z.enum(SUBSCRIPTION_TIERS),
    subscriptionStartDate: z.string().nullable(),
    subscriptionEndDate: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("User");

const SessionSchema = z
  .object({
    token: z.string().openapi({ description: "Opaque session token for `Authorization: Bearer` (30 days)" }),
    user: PublicUserSchema,
  })
  .openapi("Session");
const LoginSessionSchema = z
  .object({
    token: z.string().openapi({ description: "Opaque session token for `Authorization: Bearer` (30 days)" }),
    user: PublicUserSchema,
    passwordChangeRequired: z.boolean().openapi({
      description:
        "True when the password no longer meets the password policy (issue 27 §2): until POST " +
        "/api/auth/change-password succeeds, the session may only call GET /api/auth/me, change the " +
        "password and log out; every other route that needs a user answers 403, public routes treat it as signed out",
    }),
  })
  .openapi("LoginSession");
const UserEnvelopeSchema = z.object({ user: PublicUserSchema });
const MessageSchema = z.object({ message: z.string() }).openapi("Message");

/** A JSON body of an /api/auth route, declared (and so validated) with `schema`; at most 16 KB. */
const jsonBody = <T extends z.ZodType>(schema: T) =>
  declaredJsonBody(schema, { maxBytes: AUTH_BODY_LIMIT_BYTES, tooLargeMessage: BODY_TOO_LARGE_MESSAGE });
const errors = {
  400: errorResponse("Invalid body; `message` is the text to show, `fieldErrors` the messages per field"),
  413: errorResponse("Body larger than 16 KB"),
  415: errorResponse("A body that is not JSON"),
  429: rateLimitedResponse("Too many attempts; retry after the number of seconds in Retry-After"),
};
const unauthorized = {
  401: errorResponse("Not signed in, or the session expired or was revoked"),
};

const signupRoute = createRoute({
  method: "post",
  path: "/api/auth/signup",
  operationId: "signUp",
  summary: "Create an account",
  description:
    "Creates a client (role user, the default) or lawyer account and a session. Emails are compared " +
    `case-insensitively; passwords of ${MIN_PASSWORD_LENGTH} to 128 characters, not on the list of common and ` +
    "breached passwords, not a repeated or sequential pattern, not the site's name or the email (issue 27 §2). " +
    "Limited per IP.",
  request: { body: jsonBody(SignUpSchema) },
  responses: {
    201: jsonResponse(SessionSchema, "The new session's token and the user"),
    ...errors,
    409: errorResponse("An account with this email already exists"),
  },
});

const loginRoute = createRoute({
  method: "post",
  path: "/api/auth/login",
  operationId: "logIn",
  summary: "Sign in",
  description:
    "Checks the password and creates a session. An unknown email and a wrong password get the same 401. " +
    "Limited per IP and per account. A password that no longer meets the password policy signs in with " +
    "`passwordChangeRequired: true` (issue 27 §2).",
  request: { body: jsonBody(LogInSchema) },
  responses: {
    200: jsonResponse(
      LoginSessionSchema,
      "The new session's token, the user, and whether the password must be changed",
    ),
    ...errors,
    401: errorResponse("Invalid email or password"),
  },
});

const meRoute = signedInRoute(signedIn(), {
  method: "get",
  path: "/api/auth/me",
  operationId: "getCurrentUser",
  summary: "The signed-in user",
  responses: { 200: jsonResponse(PublicUserSchema, "The user"), ...unauthorized },
});

const profileRoute = signedInRoute(signedIn(), {
  method: "put",
  path: "/api/auth/profile",
  operationId: "updateProfile",
  summary: "Update one's own profile",
  description:
    "Name and the optional business fields; an empty string clears a field. Email, role, password and " +
    "subscription are not changed here; unknown fields are refused. businessPhone may be written with any " +
    "digits and is stored in E.164: an international number (+ or 00 and the country code) needs nothing " +
    "else; a national one is read in `phoneCountry`, else in the country of the caller's listing, else in the " +
    "region of `Accept-Language` (de-DE → DE), else it is refused with a field error.",
  request: { body: jsonBody(ProfileUpdateSchema) },
  responses: { 200: jsonResponse(UserEnvelopeSchema, "The updated user"), ...errors, ...unauthorized },
});

const forgotRoute = createRoute({
  method: "post",
  path: "/api/auth/forgot-password",
  operationId: "requestPasswordReset",
  summary: "Email a password reset link",
  description:
    "Answers the same message, in about the same time, whether or not the email has an account; the " +
    "email (a link valid for 1 hour, once) is sent in the background. Limited per IP.",
  request: { body: jsonBody(ForgotPasswordSchema) },
  responses: { 200: jsonResponse(MessageSchema, "Always the same message"), ...errors },
});

const resetRoute = createRoute({
  method: "post",
  path: "/api/auth/reset-password",
  operationId: "resetPassword",
  summary: "Set a new password with a reset token",
  description:
    "The token works once and for 1 hour; a reset signs the account out everywhere. Limited per IP.",
  request: { body: jsonBody(ResetPasswordSchema) },
  responses: { 200: jsonResponse(MessageSchema, "Password changed"), ...errors },
});

const changePasswordRoute = signedInRoute(signedIn(), {
  method: "post",
  path: "/api/auth/change-password",
  operationId: "changePassword",
  summary: "Change one's own password",
  description:
    "The current password and a new one that meets the password policy of the account's role: at least " +
    `${MIN_STAFF_PASSWORD_LENGTH} characters for staff, ${MIN_PASSWORD_LENGTH} for clients and lawyers, not on the ` +
    "list of common and breached passwords, no repeated or sequential pattern, not the site's name or the email " +
    "(issue 27 §2). Every other session of the account is signed out; this one stays and is no longer asked to " +
    "change its password. Limited to 10 an hour per account.",
  request: { body: jsonBody(ChangePasswordSchema) },
  responses: {
    200: jsonResponse(MessageSchema, "Password changed"),
    ...errors,
    ...unauthorized,
  },
});

const logoutRoute = createRoute({
  method: "post",
  path: "/api/auth/logout",
  operationId: "logOut",
  summary: "Sign out",
  description:
    "Revokes the session of the bearer token or cookie (if any) and clears the cookie when one was sent. " +
    "Answers 200 even when already signed out.",
  security: SIGNED_IN_SECURITY,
  responses: {
    200: jsonResponse(MessageSchema, "Signed out"),
    403: errorResponse("A cookie-signed request from another site (cross-site check)"),
  },
});

/** Sets `Cache-Control: no-store` on every auth answer (they carry tokens and personal data). */
const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  c.header("Cache-Control", "no-store");
};

/**
 * Registers the /api/auth routes (spec §7) on the app: JSON bodies of at most 16 KB (413; the
 * app's request body guard) and no-store on all of them, then
 * - POST /api/auth/signup → 201 `{ token, user }`; 400, 409 emailTaken, 429.
 * - POST /api/auth/login → 200 `{ token, user, passwordChangeRequired }`; 400, 401 badCredentials, 429.
 * - GET /api/auth/me → 200 the user; 401.
 * - PUT /api/auth/profile → 200 `{ user }`; 400, 401.
 * - POST /api/auth/forgot-password → 200 `{ message: resetSent }` always; 400, 429.
 * - POST /api/auth/reset-password → 200 `{ message: resetDone }`; 400 resetInvalid/password, 429.
 * - POST /api/auth/change-password → 200 `{ message: passwordChanged }`; 400 on `currentPassword`
 *   or `newPassword`, 401, 429 (issue 27 §2).
 * - POST /api/auth/logout → 200 `{ message }`, clearing the cookie if one was sent.
 * Requires `authenticate` on /api/* and the app's error handler (server/app.ts, server/http.ts).
 */
// biome-ignore lint/suspicious/noExplicitAny: any Hono env
export function registerAuthRoutes(app: OpenAPIHono<any>, services: Services) {
  const { accounts, config } = services;
  app.use("/api/auth/*", noStore);
  app.openAPIRegistry.registerComponent("securitySchemes", "sessionCookie", {
    type: "apiKey",
    in: "cookie",
    name: SESSION_COOKIE,
  });

  app.openapi(signupRoute, async (c) => {
    const session = await accounts.signUp(c.req.valid("json"), requestMeta(c, config));
    return c.json({ token: session.token, user: session.user }, 201);
  });

  app.openapi(loginRoute, async (c) => {
    const session = await accounts.logIn(c.req.valid("json"), requestMeta(c, config));
    return c.json(
      { token: session.token, user: session.user, passwordChangeRequired: session.passwordChangeRequired },
      200,
    );
  });

  app.openapi(changePasswordRoute, async (c) => {
    await accounts.changePassword(requireUser(c), c.req.valid("json"), requestMeta(c, config));
    const locale = apiLocale(c.req.header("Accept-Language"));
    return c.json({ message: translateFor(locale, ACCOUNT_MESSAGES.passwordChanged) }, 200);
  });

  app.openapi(meRoute, (c) => c.json(requireUser(c).user, 200));

  app.openapi(profileRoute, async (c) => {
    const { user } = requireUser(c);
    const region = regionFromAcceptLanguage(c.req.header("Accept-Language"));
    return c.json({ user: await accounts.updateProfile(user.id, c.req.valid("json"), region) }, 200);
  });

  app.openapi(forgotRoute, async (c) => {
    await accounts.requestPasswordReset(c.req.valid("json").email, requestMeta(c, config));
    return c.json({ message: ACCOUNT_MESSAGES.resetSent }, 200);
  });

  app.openapi(resetRoute, async (c) => {
    await accounts.resetPassword(c.req.valid("json"), requestMeta(c, config));
    return c.json({ message: ACCOUNT_MESSAGES.resetDone }, 200);
  });

  app.openapi(logoutRoute, async (c) => {
    const auth = optionalUser(c);
    if (auth) await accounts.logOut(auth.token);
    if (auth?.via === "cookie" || (!auth && sessionCookieValue(c.req.raw)))
      c.header("Set-Cookie", accounts.clearedSessionCookie());
    return c.json({ message: SIGNED_OUT_MESSAGE }, 200);
  });
}
