/**
 * What one audit entry changed, as sentences in the page's language (issue 28 §5): "Phone changed
 * from … to …", "Practice areas: added Dog Bites", "Ownership: claimed by you", "Licence: status
 * changed from Lapsed to Verified". Shared by the lawyer's "History of my listing" (dashboard)
 * and the back office's audit log (/admin/audit), which both showed the stored before/after JSON.
 *
 * The comparison is lib/audit-changes.ts; here every field is named from the catalogs
 * (`admin:history.fields`, then the listing form's own labels) and every value is written for
 * the reader: calendar dates as the same day everywhere (formats.day), instants in the visitor's
 * zone, languages and countries by name (Intl.DisplayNames), practice areas, statuses, check
 * kinds, methods and roles by their catalog labels, yes/no, numbers in the locale. Stored text
 * (a regulator, a URL, a statement) is shown as it is, isolated (`<bdi>`) so a left-to-right value
 * keeps its order on an Arabic page, and wraps anywhere so nothing runs off a 390 px card.
 */
import { Box, Text } from "@mantine/core";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  type AuditChange,
  type AuditPath,
  checkLabelOf,
  describeAuditEntry,
  REFERENCE_KEYS,
} from "../../lib/audit-changes.ts";
import { practiceAreaLabel } from "../../lib/i18n/practice-area-terms.ts";
import { regionName } from "../../lib/i18n/region-name.ts";
import { languageName } from "../../lib/languages.ts";
import { type Formats, useFormats } from "../i18n/format";
import { fillSlots, slot } from "./slots";

/** The stored entry this renders: its action and the two sides as recordAudit wrote them. */
export interface AuditEntryView {
  action: string;
  before: unknown;
  after: unknown;
}

/**
 * Where a field's value is named, by field: catalog prefixes tried in order with `.<value>`
 * appended; the first that exists names it (else the stored text is shown).
 */
const VALUE_LABELS: Record<string, readonly string[]> = {
  status: ["admin:history.values.status"],
  licenceStatus: ["admin:history.values.status"],
  experienceStatus: ["admin:history.values.status"],
  verificationStatus: ["admin:history.values.status"],
  kind: ["profile:verification.kind", "admin:history.values.kind"],
  method: ["admin:rechecks.methods"],
  role: ["admin:roles"],
  hiddenReason: ["moderation:reasons", "admin:history.values.hiddenReason"],
  secondFactor: ["admin:history.values.secondFactor"],
  field: ["moderation:fields"],
};

/** Fields whose numbers are years or ids: written without grouping ("2012", not "2,012"). */
const PLAIN_NUMBERS: ReadonlySet<string> = new Set(["yearAdmitted", "year"]);

/** An ISO 8601 instant as recordAudit's callers store them ("2026-12-07T10:00:00.000Z"). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Formats one stored value of field `field` (the last key of its path) for the reader. */
type ValueWriter = (field: string, value: unknown) => ReactNode;

/** Stored text, isolated and wrapping (a URL, a number typed by someone, a statement). */
function Raw({ children }: { children: string }) {
  return <bdi style={{ overflowWrap: "anywhere", wordBreak: "break-word" }}>{children}</bdi>;
}

/** The writer of values for the page (see the module docstring). */
function useValueWriter(t: TFunction, formats: Formats, viewerId: string | null): ValueWriter {
  const { i18n } = useTranslation();
  const labelOf = (field: string, value: string): string | null => {
    for (const prefix of VALUE_LABELS[field] ?? []) {
      const key = `${prefix}.${value}`;
      if (i18n.exists(key)) return t(key);
    }
    return null;
  };
  const scalar = (field: string, value: unknown): ReactNode => {
    if (value === null || value === undefined) return t("history.values.none");
    if (typeof value === "boolean") return t(value ? "history.values.yes" : "history.values.no");
    if (typeof value === "number")
      return PLAIN_NUMBERS.has(field) ? String(value) : formats.number(value, { maximumFractionDigits: 6 });
    if (typeof value !== "string") return objectText(field, value);
    if (field === "ownerUserId") return value === viewerId ? t("history.owner.you") : <Raw>{value}</Raw>;
    if (field === "countryCode") return regionName(value, formats.locale) ?? <Raw>{value}</Raw>;
    if (field === "languages") return languageName(value, formats.locale);
    if (field === "practiceAreas") return practiceAreaLabel(value as never, formats.locale);
    const label = labelOf(field, value);
    if (label) return label;
    // A calendar date (checkedOn, nextCheckDue): the same day in every zone (issue 28 §5).
    if (DAY.test(value)) return formats.day(value);
    if (INSTANT.test(value)) return formats.dateTime(value);
    return <Raw>{value}</Raw>;
  };
  /** An object inside a list or too deep to compare: "Field: value; Field: value". */
  const objectText = (_field: string, value: unknown): ReactNode => {
    if (Array.isArray(value)) return list(_field, value);
    const entries = Object.entries(value as Record<string, unknown>);
    return entries.map(([k, v], i) => (
      <span key={k}>
        {i > 0 ? t("history.pairSeparator") : null}
        {t("history.pair", { field: fieldLabel(t, i18n.exists.bind(i18n), k) })} {scalar(k, v)}
      </span>
    ));
  };
  const list = (field: string, items: readonly unknown[]): ReactNode => {
    if (items.length === 0) return t("history.values.none");
    const parts = items.map((item) => scalar(field, item));
    if (parts.every((p) => typeof p === "string")) return formats.list(parts as string[]);
    return parts.map((p, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: the members of one stored list, in order
      <span key={i}>
        {i > 0 ? t("history.listSeparator") : null}
        {p}
      </span>
    ));
  };
  return (field, value) => (Array.isArray(value) ? list(field, value) : scalar(field, value));
}

/** The label of one key of an entry (see fieldName). */
function fieldLabel(t: TFunction, exists: (key: string) => boolean, key: string, parent?: string): string {
  if (parent === "checks") {
    const { kind, admissionId } = checkLabelOf(key);
    const name = exists(`profile:verification.kind.${kind}`) ? t(`profile:verification.kind.${kind}`) : kind;
    return admissionId === null ? name : t("history.checkOfAdmission", { check: name, id: admissionId });
  }
  for (const candidate of [`history.fields.${key}`, `listing:fields.${key}`, `listing:position.${key}`])
    if (exists(candidate.includes(":") ? candidate : `admin:${candidate}`)) return t(candidate);
  return key;
}

/** A path's name: "Licence (admission 3)" under "Checks" reads "Checks – Licence (admission 3)". */
function pathLabel(t: TFunction, exists: (key: string) => boolean, path: AuditPath): string {
  let text = "";
  path.forEach((key, i) => {
    const label = fieldLabel(t, exists, key, path[i - 1]);
    text = i === 0 ? label : t("history.nested", { parent: text, child: label });
  });
  return text;
}

/** One change as a sentence of the catalog, its values in place (fillSlots). */
function ChangeLine({
  change,
  write,
  viewerId,
}: {
  change: AuditChange;
  write: ValueWriter;
  viewerId: string | null;
}) {
  const { t, i18n } = useTranslation("admin");
  const exists = (key: string) => i18n.exists(key);
  const field = change.path[change.path.length - 1] ?? "";
  // Under "checks" the values are the checks' states.
  const valueField = change.path[change.path.length - 2] === "checks" ? "status" : field;
  const name = pathLabel(t, exists, change.path);
  const fill = (key: string, nodes: Record<string, ReactNode>) =>
    fillSlots(
      t(key, { field: name, ...Object.fromEntries(Object.keys(nodes).map((k) => [k, slot(k)])) }),
      nodes,
    );
  let line: ReactNode;
  if (field === "ownerUserId" && change.path.length === 1) {
    const who = (id: unknown) =>
      id === viewerId
        ? t("history.owner.you")
        : viewerId === null
          ? write(field, id)
          : t("history.owner.other");
    line =
      change.kind === "set"
        ? fill("history.owner.claimed", { who: who(change.to) })
        : change.kind === "cleared"
          ? fill("history.owner.released", { who: who(change.from) })
          : change.kind === "changed"
            ? fill("history.owner.moved", { from: who(change.from), to: who(change.to) })
            : null;
  }
  if (line === undefined || line === null) {
    switch (change.kind) {
      case "set":
        line = fill("history.change.set", { to: write(valueField, change.to) });
        break;
      case "cleared":
        line = fill("history.change.cleared", { from: write(valueField, change.from) });
        break;
      case "changed":
        line = fill("history.change.changed", {
          from: write(valueField, change.from),
          to: write(valueField, change.to),
        });
        break;
      case "list":
        line = (
          <>
            {change.added.length > 0 &&
              fill("history.change.added", { items: write(valueField, change.added) })}
            {change.added.length > 0 && change.removed.length > 0 ? t("history.pairSeparator") : null}
            {change.removed.length > 0 &&
              fill("history.change.removed", { items: write(valueField, change.removed) })}
          </>
        );
        break;
    }
  }
  return (
    <Box component="li" style={{ overflowWrap: "anywhere" }} data-field={change.path.join(".")}>
      {line}
    </Box>
  );
}

/**
 * The changes of `entry` as a list of sentences, with a line naming what it is about (the check's
 * kind; for staff, `withReferences`, also the record ids). `viewerId` is the reader's account id:
 * an owner that is the reader reads "you"; for a lawyer (a `viewerId` given) another account is
 * "another account", for staff (null) its id. An entry that changed nothing readable says so.
 */
export function AuditChanges({
  entry,
  viewerId = null,
  withReferences = false,
}: {
  entry: AuditEntryView;
  viewerId?: string | null;
  withReferences?: boolean;
}) {
  const { t, i18n } = useTranslation("admin");
  const formats = useFormats();
  const write = useValueWriter(t, formats, viewerId);
  const { context, changes } = describeAuditEntry(entry.action, entry.before, entry.after);
  const shown = context.filter((c) => withReferences || !REFERENCE_KEYS.has(c.key));
  const about = shown.map((c) =>
    c.key === "kind"
      ? t(entry.action.startsWith("verification.") ? "history.context.check" : "history.context.kind", {
          kind: i18n.exists(`profile:verification.kind.${c.value}`)
            ? t(`profile:verification.kind.${c.value}`)
            : i18n.exists(`admin:history.values.kind.${c.value}`)
              ? t(`history.values.kind.${c.value}`)
              : String(c.value),
        })
      : t(`history.context.${c.key}`, { id: String(c.value) }),
  );
  return (
    <Box data-testid="audit-changes" style={{ minWidth: 0, overflowWrap: "anywhere" }}>
      {about.length > 0 && (
        <Text size="xs" c="dimmed">
          {about.join(" · ")}
        </Text>
      )}
      {changes.length === 0 ? (
        <Text size="sm">{t("history.noChange")}</Text>
      ) : (
        <Box component="ul" m={0} ps="md" style={{ fontSize: "var(--mantine-font-size-sm)" }}>
          {changes.map((change) => (
            <ChangeLine key={change.path.join("\u0000")} change={change} write={write} viewerId={viewerId} />
          ))}
        </Box>
      )}
    </Box>
  );
}
