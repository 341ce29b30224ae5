/**
 * The contact-form inbox of the back office (issue 15 §1): a page of messages by status and
 * category, one message, and marking it handled or reopening it (audited).
 */
import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { PublicUser } from "../../lib/account.ts";
import { CONTACT_CATEGORIES } from "../../lib/constants.ts";
import { msg } from "../../lib/i18n/message.ts";
import { recordAudit } from "../audit/index.ts";
import { contactMessages, users } from "../db/schema.ts";
import { NotFoundError } from "../errors.ts";
import { CONTACT_PAGE_SIZE, limit, requireStaff, STAFF_MESSAGES, type StaffDeps, UUID } from "./rules.ts";
import type {
  ContactFilter,
  ContactMessageView,
  ContactPage,
  ContactStatus,
  ContactSummary,
} from "./service.ts";

/** A page (1-based, clamped to the pages there are) of the contact inbox under `filter`, newest first, CONTACT_PAGE_SIZE rows. */
export async function contactInbox(
  deps: Pick<StaffDeps, "db">,
  filter: ContactFilter,
  page: number,
): Promise<ContactPage> {
  const { db } = deps;

  const where: SQL[] = [];
  if (filter.status) where.push(eq(contactMessages.status, filter.status));
  if (filter.category && (CONTACT_CATEGORIES as readonly string[]).includes(filter.category))
    where.push(eq(contactMessages.category, filter.category));
  const condition = where.length > 0 ? and(...where) : undefined;
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(contactMessages)
    .where(condition);
  const pageCount = Math.max(1, Math.ceil(total / CONTACT_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = await db
    .select()
    .from(contactMessages)
    .where(condition)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(CONTACT_PAGE_SIZE)
    .offset((current - 1) * CONTACT_PAGE_SIZE);
  return { rows: rows.map(toSummary), page: current, total, pageCount };
}

/** One contact message with who handled it, or null for an unknown or malformed id. */
export async function contactMessage(
  deps: Pick<StaffDeps, "db">,
  id: string,
): Promise<ContactMessageView | null> {
  const { db } = deps;

  if (!UUID.test(id)) return null;
  const [row] = await db
    .select({ message: contactMessages, handledByEmail: users.email })
    .from(contactMessages)
    .leftJoin(users, eq(users.id, contactMessages.handledBy))
    .where(eq(contactMessages.id, id))
    .limit(1);
  if (!row) return null;
  const m = row.message;
  return {
    ...toSummary(m),
    phone: m.phone,
    message: m.message,
    handledAt: m.handledAt?.toISOString() ?? null,
    handledByEmail: row.handledByEmail,
  } satisfies ContactMessageView;
}

/**
 * Marks a contact message handled or new again (nothing when it already is), audited
 * (contact.marked_handled / contact.reopened) with the before/after status and the IP.
 * @throws ForbiddenError not staff, NotFoundError unknown id, RateLimitedError past 'staff-write'
 */
export async function setContactStatus(
  deps: StaffDeps,
  actor: PublicUser,
  id: string,
  status: ContactStatus,
  meta: { ip: string },
): Promise<void> {
  const { db, clock } = deps;

  const role = requireStaff(actor);
  if (!UUID.test(id)) throw new NotFoundError(STAFF_MESSAGES.messageGone);
  await limit(deps, "staff-write", actor.id, msg("errors:rateLimit.default"));
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: contactMessages.status })
      .from(contactMessages)
      .where(eq(contactMessages.id, id))
      .for("update");
    if (!current) throw new NotFoundError(STAFF_MESSAGES.messageGone);
    if (current.status === status) return;
    const now = clock.now();
    await tx
      .update(contactMessages)
      .set(
        status === "handled"
          ? { status, handledAt: now, handledBy: actor.id }
          : { status, handledAt: null, handledBy: null },
      )
      .where(eq(contactMessages.id, id));
    await recordAudit(tx, {
      actor: { userId: actor.id, role },
      action: status === "handled" ? "contact.marked_handled" : "contact.reopened",
      subjectType: "contact_message",
      subjectId: id,
      before: { status: current.status },
      after: { status },
      ip: meta.ip,
      at: now,
    });
  });
}

/** The inbox row of a stored contact message. */
function toSummary(m: typeof contactMessages.$inferSelect): ContactSummary {
  return {
    id: m.id,
    name: m.name,
    email: m.email,
    subject: m.subject,
    category: m.category,
    priority: m.priority,
    status: m.status as ContactStatus,
    createdAt: m.createdAt.toISOString(),
  };
}
