/**
 * A user's own profile (issue 3) and language (issue 14 §1): the editable fields, the business
 * phone stored in E.164 (issue 14 §2), and the locale the emails follow.
 */
import { and, eq, ne } from "drizzle-orm";
import { ACCOUNT_MESSAGES, type ProfileUpdate, type PublicUser } from "../../lib/account.ts";
import { isLocale, type Locale } from "../../lib/i18n/locales.ts";
import { msg } from "../../lib/i18n/message.ts";
import { toE164 } from "../../lib/phone.ts";
import { lawyers, users } from "../db/schema.ts";
import { NotFoundError, ValidationError } from "../errors.ts";
import type { AccountsDeps } from "./rules.ts";
import { toPublicUser } from "./users.ts";

type ProfileDeps = Pick<AccountsDeps, "db" | "clock">;

/** The country code of the user's listing ("DE"), or null without one: a business phone's default country. */
async function listingCountryOf(deps: ProfileDeps, userId: string): Promise<string | null> {
  const [row] = await deps.db
    .select({ countryCode: lawyers.countryCode })
    .from(users)
    .innerJoin(lawyers, eq(lawyers.id, users.lawyerId))
    .where(eq(users.id, userId))
    .limit(1);
  return row?.countryCode || null;
}

/**
 * Updates the user's profile with the defined fields of `patch` and answers the public user. A
 * business phone is read in `phoneCountry`, else the country of the user's listing, else
 * `region` (the request's Accept-Language region); a number valid in none is a ValidationError
 * on businessPhone (400). 404 if the user is gone.
 */
export async function updateProfile(
  deps: ProfileDeps,
  userId: string,
  patch: ProfileUpdate,
  region: string | null = null,
): Promise<PublicUser> {
  const { db, clock } = deps;
  const { phoneCountry, ...fields } = patch;
  if (typeof fields.businessPhone === "string") {
    const listingCountry = await listingCountryOf(deps, userId);
    const e164 = toE164(fields.businessPhone, phoneCountry ?? listingCountry ?? region);
    if (!e164) {
      const message =
        phoneCountry || listingCountry
          ? ACCOUNT_MESSAGES.businessPhone
          : ACCOUNT_MESSAGES.businessPhoneInternational;
      throw new ValidationError(message, { businessPhone: message });
    }
    fields.businessPhone = e164;
  }
  const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  const [row] =
    Object.keys(set).length === 0
      ? await db.select().from(users).where(eq(users.id, userId)).limit(1)
      : await db
          .update(users)
          .set({ ...set, updatedAt: clock.now() })
          .where(eq(users.id, userId))
          .returning();
  if (!row) throw new NotFoundError(msg("errors:account.gone"));
  return toPublicUser(row, clock.now());
}

/** Stores the locale the user chose (`users.locale`, issue 14 §1); an unknown locale or a gone user is ignored. */
export async function setLocale(deps: ProfileDeps, userId: string, locale: Locale | string): Promise<void> {
  if (!isLocale(locale)) return;
  await deps.db
    .update(users)
    .set({ locale, updatedAt: deps.clock.now() })
    .where(and(eq(users.id, userId), ne(users.locale, locale)));
}
