import { z } from "zod";
import { SUPPORT } from "../lib/constants.ts";
import { dateTimeFormat } from "../lib/i18n/intl-cache.ts";
import { effectiveRetention, type RetentionPolicy } from "../lib/privacy.ts";
import { DEPLOYMENTS } from "./runtime-env.ts";

/** True when `zone` is an IANA time zone this runtime knows ("America/New_York"). */
function isTimeZone(zone: string): boolean {
  try {
    dateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The process configuration: one zod-validated object read once at boot (docs/design.md §3).
 * A bad value stops start-up with a message naming the variable.
 */
const ConfigSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" })
      .optional(),
    /**
     * Issue 18 §3: a read replica (streaming replication) for searches, profiles, facets and
     * matching reads; writes and read-your-own-writes pages stay on DATABASE_URL. Needs DATABASE_URL.
     */
    DATABASE_READ_URL: z
      .url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" })
      .optional(),
    /**
     * Issue 18 §3: the bearer token `/metrics` (Prometheus format) requires; unset = `/metrics`
     * answers 404. At least 16 characters.
     */
    METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
    /**
     * Issue 18 §3 graceful shutdown (server/ops/shutdown.ts): after SIGTERM, /readyz answers 503
     * for this long (ms) while the server still accepts connections, so the load balancer sees it
     * and stops sending before the port closes. Set it to a little more than the balancer's
     * health-check interval × its unhealthy threshold. Default 500 (enough for one instance).
     */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(500),
    /**
     * Issue 18 §3: after SIGTERM, the longest the drain (SHUTDOWN_DRAIN_MS) plus in-flight
     * requests may take (ms) before the process exits 1 anyway. Default 25 s: under the usual
     * kill timeout of orchestrators (Kubernetes terminationGracePeriodSeconds and systemd's
     * TimeoutStopSec default to 30 s and 90 s), so the process closes its database itself.
     */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(25_000),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    PUBLIC_URL: z.url().optional(),
    SEED_LAWYERS: z.coerce.number().int().min(0).max(1_000_000).default(5600),
    /** SMTP relay for outgoing email, e.g. smtp://user:pass@smtp.example.com:587; unset = outbox folder. */
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
    /** Sender of every email the product sends. */
    MAIL_FROM: z.string().min(3).default("LexAtlas <no-reply@lexatlas.example>"),
    /**
     * Behind a reverse proxy, take the client IP (rate limits) from the last X-Forwarded-For hop.
     * Off by default: the socket's address is used, and a forged header changes nothing.
     */
    TRUST_PROXY: z
      .enum(["true", "false", "1", "0"], { error: "must be true or false" })
      .default("false")
      .transform((v) => v === "true" || v === "1"),
    /** Where contact-form messages are emailed (issue 4); default the support address of spec §2. */
    SUPPORT_EMAIL: z.email().default("support@lexatlas.example"),
    /**
     * S3-compatible object store for case documents (issue 4). Unset: files live under
     * DATA_DIR/uploads. All of S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are needed.
     */
    S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    S3_BUCKET: z.string().min(3).max(63).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Stripe secret key (issue 6). Unset: the local test-payments provider runs the flow. */
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, "must be a Stripe secret key (sk_test_…, sk_live_…)")
      .optional(),
    /** Signing secret of the Stripe webhook endpoint (whsec_…); required with STRIPE_SECRET_KEY. */
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_[A-Za-z0-9]+$/, "must start with whsec_")
      .optional(),
    /** Price id of the $29.99/month premium plan (price_…); required with STRIPE_SECRET_KEY. */
    STRIPE_PRICE_ID: z
      .string()
      .regex(/^price_[A-Za-z0-9]+$/, "must start with price_")
      .optional(),
    /** Stripe API base URL override (tests point the SDK at a local stand-in); default Stripe's. */
    STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
    /**
     * Run the local test-payments provider (premium without payment) when no Stripe key is set.
     * Default: on when PUBLIC_URL is unset or a loopback address, off for a public PUBLIC_URL, so a
     * real deployment without Stripe keys never hands out premium for free (security review).
     */
    TEST_PAYMENTS: z
      .enum(["true", "false", "1", "0"], { error: "must be true or false" })
      .optional()
      .transform((v) => (v === undefined ? undefined : v === "true" || v === "1")),
    /**
     * Key that encrypts staff TOTP secrets at rest (issue 15 §1; AES-256-GCM): 32 bytes in base64
     * (`openssl rand -base64 32`). Unset: a random key kept in DATA_DIR/staff-secret.key (created
     * on first use, mode 0600), so a database dump alone never holds a usable secret. Set it, and
     * keep it out of database backups, when DATA_DIR is not persistent or several instances run.
     */
    STAFF_SECRET_KEY: z
      .string()
      .refine((v) => Buffer.from(v, "base64").length === 32, "must be 32 bytes in base64")
      .optional(),
    /**
     * Key of the review signals' keyed hashes (issue 27 §2; HMAC-SHA256 of client IPs, their
     * networks and device cookies, server/reviews/signals.ts): 32 bytes in base64. Unset: a random
     * key kept in DATA_DIR/review-signal.key (created on first use, mode 0600). Set it when several
     * hosts serve, so their hashes match; without the key a stored hash names no address.
     */
    REVIEW_SIGNAL_KEY: z
      .string()
      .refine((v) => Buffer.from(v, "base64").length === 32, "must be 32 bytes in base64")
      .optional(),
    /**
     * React's build (issue 29): server/runtime-env.ts sets "production" when unset. For the
     * configuration it counts only while DEPLOYMENT is unset: then "production" means a strict
     * configuration (the rule before issue 29; see strictConfiguration).
     */
    NODE_ENV: z.string().optional(),
    /**
     * Issue 29: how strict the configuration is, separate from React's build. "production" makes
     * DOCUMENT_MASTER_KEY required (issue 17 §3) and refuses the example company details unless
     * DEMO_MODE (issue 19 §5); "local" allows the development key file and the examples. Unset:
     * strict exactly when NODE_ENV=production (strictConfiguration).
     */
    DEPLOYMENT: z.enum(DEPLOYMENTS, { error: 'must be "production" or "local"' }).optional(),
    /**
     * Master key that wraps every document's data key (issue 17 §3; AES-256-GCM; GDPR Art. 32):
     * 32 bytes in base64 (`openssl rand -base64 32`). Required when the configuration is strict
     * (strictConfiguration: DEPLOYMENT=production). Unset locally: a key generated into DATA_DIR/keys/master-keys.json (mode 0600) on first start.
     */
    DOCUMENT_MASTER_KEY: z
      .string()
      .refine((v) => Buffer.from(v, "base64").length === 32, "must be 32 bytes in base64")
      .optional(),
    /**
     * Earlier master keys still accepted for reading (comma-separated base64), while
     * `npm run keys:rotate` re-wraps their data keys under DOCUMENT_MASTER_KEY (docs/operations.md
     * "Key rotation").
     */
    DOCUMENT_MASTER_KEYS_PREVIOUS: z
      .string()
      .refine(
        (v) =>
          v
            .split(",")
            .map((k) => k.trim())
            .filter(Boolean)
            .every((k) => Buffer.from(k, "base64").length === 32),
        "must be a comma-separated list of 32-byte base64 keys",
      )
      .optional(),
    /**
     * Issue 19 §1: the map tiles of the profile map and the results map (Leaflet raster tiles), a
     * URL template with `{z}`, `{x}`, `{y}` and optionally `{s}` (subdomains a, b, c) and `{r}`.
     * Default: OpenStreetMap's standard tiles (fine for light use under the OSM Foundation's tile
     * usage policy; a busy deployment sets its own provider). "off" turns the maps off (the lists
     * stay). Its origin is added to the pages' CSP img-src (app/content-security-policy.ts).
     */
    MAP_TILE_URL: z
      .string()
      .default("https://tile.openstreetmap.org/{z}/{x}/{y}.png")
      .refine(
        (v) =>
          v === "off" ||
          (/^https?:\/\/[^/\s]+\/\S*$/.test(v) &&
            v.includes("{z}") &&
            v.includes("{x}") &&
            v.includes("{y}")),
        'must be "off" or an http(s) URL template with {z}, {x} and {y}',
      ),
    /**
     * Issue 19 §1: a Nominatim-compatible geocoder (`{GEOCODER_URL}/search?format=jsonv2&q=…`, e.g. a
     * self-hosted Nominatim or Photon) that places a listing's office from its business address
     * when the lawyer saves it (server/listings/geocoder.ts). Unset: no geocoding (the default).
     */
    GEOCODER_URL: z
      .string()
      .regex(/^https?:\/\/[^/\s]+(\/\S*)?$/, "must be an http(s) URL")
      .optional(),
    /** Issue 19 §1: the tiles' attribution shown on the map (plain text; the provider's licence asks for it). */
    MAP_TILE_ATTRIBUTION: z.string().max(300).default("© OpenStreetMap contributors"),
    /** Ad network publisher id (ca-pub-…). Unset: ad slots show a small labelled house ad. */
    AD_PUBLISHER_ID: z
      .string()
      .regex(/^ca-pub-\d{10,20}$/, "must look like ca-pub-1234567890123456")
      .optional(),
    /**
     * Retention overrides in whole days (issue 17 §5; defaults lib/privacy.ts RETENTION_DEFAULTS):
     * cases never accepted, documents of closed cases, contact-form messages, and the review
     * signals (issue 27 §2: 30 to 90 days, at least the 30 days the review checks look back).
     * The privacy policy states the values in force (retentionPolicy).
     */
    RETENTION_UNACCEPTED_CASE_DAYS: z.coerce.number().int().min(1).max(3650).optional(),
    RETENTION_CLOSED_CASE_DOCUMENT_DAYS: z.coerce.number().int().min(1).max(3650).optional(),
    RETENTION_CONTACT_MESSAGE_DAYS: z.coerce.number().int().min(1).max(3650).optional(),
    RETENTION_REVIEW_SIGNAL_DAYS: z.coerce.number().int().min(30).max(90).optional(),
    /**
     * Issue 19 §5: LexAtlas's own contact details on the contact, about and legal pages and in the
     * footer (server/site/company.ts). The defaults are the demo's examples, marked "example" on
     * the pages; a production start without DEMO_MODE refuses them.
     */
    COMPANY_ADDRESS: z.string().min(5).max(300).default(SUPPORT.address),
    /** The support line in E.164 (+12125550100). */
    SUPPORT_PHONE: z
      .string()
      .regex(/^\+[1-9]\d{6,14}$/, "must be a phone number in E.164, e.g. +442071234567")
      .default(SUPPORT.phone),
    /** The 24/7 emergency line in E.164. */
    EMERGENCY_PHONE: z
      .string()
      .regex(/^\+[1-9]\d{6,14}$/, "must be a phone number in E.164, e.g. +442071234567")
      .default(SUPPORT.emergencyPhone),
    /** Support hours in SUPPORT_TIME_ZONE: "weekdays=8-20;saturday=9-17;sunday=closed" (whole hours). */
    SUPPORT_HOURS: z
      .string()
      .regex(
        /^\s*(?:(?:weekdays|saturday|sunday)=(?:\d{1,2}-\d{1,2}|closed)\s*;?\s*)+$/,
        "must look like weekdays=8-20;saturday=9-17;sunday=closed",
      )
      .default("weekdays=8-20;saturday=9-17;sunday=10-16"),
    /** IANA time zone of SUPPORT_HOURS, shown with them in the visitor's language. */
    SUPPORT_TIME_ZONE: z
      .string()
      .refine(isTimeZone, "must be an IANA time zone such as America/New_York or Europe/London")
      .default("America/New_York"),
    /**
     * A public demonstration: a strict configuration (DEPLOYMENT=production) may keep the example
     * contact details (still marked "example" on the pages). Off by default.
     */
    DEMO_MODE: z
      .enum(["true", "false", "1", "0"], { error: "must be true or false" })
      .default("false")
      .transform((v) => v === "true" || v === "1"),
  })
  .superRefine((c, ctx) => {
    if (c.DATABASE_READ_URL && !c.DATABASE_URL)
      ctx.addIssue({
        code: "custom",
        path: ["DATABASE_READ_URL"],
        message: "needs DATABASE_URL (the primary) as well",
      });
    const s3 = [c.S3_BUCKET, c.S3_ACCESS_KEY_ID, c.S3_SECRET_ACCESS_KEY];
    if (s3.some(Boolean) && !s3.every(Boolean)) {
      for (const key of ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
        if (!c[key])
          ctx.addIssue({ code: "custom", path: [key], message: "is required when any S3_ variable is set" });
      }
    }
    if (strictConfiguration(c) && !c.DOCUMENT_MASTER_KEY)
      ctx.addIssue({
        code: "custom",
        path: ["DOCUMENT_MASTER_KEY"],
        message: `is required when ${strictnessSource(c)} (32 bytes in base64, e.g. \`openssl rand -base64 32\`; issue 17 §3)`,
      });
    if (c.DOCUMENT_MASTER_KEYS_PREVIOUS && !c.DOCUMENT_MASTER_KEY)
      ctx.addIssue({
        code: "custom",
        path: ["DOCUMENT_MASTER_KEY"],
        message: "is required when DOCUMENT_MASTER_KEYS_PREVIOUS is set",
      });
    if (c.STRIPE_SECRET_KEY) {
      for (const key of ["STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_ID"] as const) {
        if (!c[key])
          ctx.addIssue({ code: "custom", path: [key], message: "is required when STRIPE_SECRET_KEY is set" });
      }
    }
  });

/**
 * Issue 29: whether the configuration is held to production's rules (DOCUMENT_MASTER_KEY
 * required, no example company details without DEMO_MODE): DEPLOYMENT=production, or, with
 * DEPLOYMENT unset, NODE_ENV=production (the one switch before issue 29, so a deployment that
 * sets only NODE_ENV stays strict). `npm start` sets NODE_ENV=production for React but
 * DEPLOYMENT=local when the operator set neither (server/runtime-env.ts). docs/operations.md.
 */
export function strictConfiguration(c: {
  DEPLOYMENT?: string | undefined;
  NODE_ENV?: string | undefined;
}): boolean {
  return c.DEPLOYMENT ? c.DEPLOYMENT === "production" : c.NODE_ENV === "production";
}

/** Which setting made the configuration strict, for the messages that name it. */
export function strictnessSource(c: { DEPLOYMENT?: string | undefined }): string {
  return c.DEPLOYMENT ? "DEPLOYMENT=production" : "NODE_ENV=production";
}

/** Validated configuration; see README "Configuration". */
export type Config = z.infer<typeof ConfigSchema>;

/** Thrown when an environment variable has a bad value; `message` names the variable. */
export class ConfigError extends Error {}

/**
 * Reads and validates configuration from an environment map (default `process.env`).
 * Empty strings count as unset. Throws ConfigError naming each bad variable.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = ConfigSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

/**
 * Which payment provider billing uses (issue 6): "stripe" with STRIPE_SECRET_KEY; else "test" (the
 * local test-payments provider) when TEST_PAYMENTS is true, or unset with PUBLIC_URL unset or on
 * a loopback host (localhost, 127.0.0.0/8, ::1); else "off" (no checkout can start).
 */
export function paymentsMode(
  config: Pick<Config, "STRIPE_SECRET_KEY" | "TEST_PAYMENTS" | "PUBLIC_URL">,
): "stripe" | "test" | "off" {
  if (config.STRIPE_SECRET_KEY) return "stripe";
  if (config.TEST_PAYMENTS !== undefined) return config.TEST_PAYMENTS ? "test" : "off";
  if (!config.PUBLIC_URL) return "test";
  const host = new URL(config.PUBLIC_URL).hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host) ? "test" : "off";
}

/**
 * The origin used in links inside emails (password reset, listing claim): PUBLIC_URL's origin,
 * else the address the server announces at start (`http://HOST:PORT`, with localhost for a
 * wildcard HOST), so the link opens on the same host as the signed-in session's cookie. Never the
 * request's Host header, which a client controls: a forged Host would otherwise put the
 * attacker's domain in a reset link sent to the victim (docs/security.md "Links in emails").
 */
export function emailLinkOrigin(config: Pick<Config, "PUBLIC_URL" | "PORT" | "HOST">): string {
  return config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : localOrigin(config);
}

/** `http://HOST:PORT` as the server announces itself; localhost for 0.0.0.0 or ::, IPv6 in brackets. */
export function localOrigin(config: Pick<Config, "PORT" | "HOST">): string {
  const host = config.HOST === "0.0.0.0" || config.HOST === "::" ? "localhost" : config.HOST;
  return `http://${host.includes(":") ? `[${host}]` : host}:${config.PORT}`;
}

/**
 * The retention periods in force (issue 17 §5): lib/privacy.ts RETENTION_DEFAULTS overridden by
 * RETENTION_UNACCEPTED_CASE_DAYS, RETENTION_CLOSED_CASE_DOCUMENT_DAYS,
 * RETENTION_CONTACT_MESSAGE_DAYS and RETENTION_REVIEW_SIGNAL_DAYS. The retention job applies them and the privacy policy states
 * them (GDPR Art. 5(1)(e), Art. 13(2)(a)).
 */
export function retentionPolicy(
  config: Pick<
    Config,
    | "RETENTION_UNACCEPTED_CASE_DAYS"
    | "RETENTION_CLOSED_CASE_DOCUMENT_DAYS"
    | "RETENTION_CONTACT_MESSAGE_DAYS"
    | "RETENTION_REVIEW_SIGNAL_DAYS"
  >,
): RetentionPolicy {
  return effectiveRetention({
    unacceptedCaseDays: config.RETENTION_UNACCEPTED_CASE_DAYS,
    closedCaseDocumentDays: config.RETENTION_CLOSED_CASE_DOCUMENT_DAYS,
    contactMessageDays: config.RETENTION_CONTACT_MESSAGE_DAYS,
    reviewSignalDays: config.RETENTION_REVIEW_SIGNAL_DAYS,
  });
}
