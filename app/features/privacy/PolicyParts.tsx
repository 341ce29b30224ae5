/**
 * The parts of the privacy policy that are generated from configuration (issue 17 §1): the
 * processors (lib/privacy.ts PROCESSORS, GDPR Art. 13(1)(e) recipients, Art. 28 processors), the
 * cookie list (lib/privacy.ts COOKIES, the cookie audit; ePrivacy Directive Art. 5(3)), the
 * retention periods in force (GDPR Art. 13(2)(a), Art. 5(1)(e)), the rights and how to use them
 * (Art. 13(2)(b)–(d): access, rectification, erasure, objection, withdrawal of consent, complaint
 * to a supervisory authority) and what is kept after erasure and why. Texts from the "privacy"
 * catalog in the page's language; numbers from the loader's PolicyFacts.
 */
import { Anchor, List, Table, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { SUPPORT } from "../../../lib/constants.ts";
import { COOKIES, type PolicyFacts, PROCESSORS, type ProcessorId } from "../../../lib/privacy.ts";
import { CookieSettingsButton } from "../../ui/consent";
import { LocaleLink } from "../../ui/LocaleLink";
import { fillSlots, slot } from "../../ui/slots";

/** The processor's display name for this deployment. */
function useProcessorName(id: ProcessorId, facts: PolicyFacts, name: string): string {
  const { t } = useTranslation("privacy");
  if (id === "email")
    return facts.smtpHost
      ? t("policy.processors.email.name", { host: facts.smtpHost })
      : t("policy.processors.email.nameOutbox");
  if (id === "storage")
    return facts.storageHost
      ? t("policy.processors.storage.nameS3", { host: facts.storageHost })
      : t("policy.processors.storage.nameLocal");
  return name;
}

/** One processor: name, what it receives, why, and when it applies. */
function Processor({ id, name, facts }: { id: ProcessorId; name: string; facts: PolicyFacts }) {
  const { t } = useTranslation("privacy");
  const shown = useProcessorName(id, facts, name);
  const note =
    id === "payments" && !facts.paymentsLive
      ? t("policy.processors.payments.notLive")
      : id === "ads"
        ? facts.adsConfigured
          ? t("policy.processors.ads.condition")
          : t("policy.processors.ads.off")
        : null;
  return (
    <List.Item data-testid={`processor-${id}`}>
      <Text fw={700} component="span" display="block">
        {shown}
      </Text>
      {/* Spans shown as blocks: List.Item wraps its content in a <span> (valid HTML, issue 13 §2). */}
      <Text component="span" display="block" size="sm" mt={2}>
        <strong>{t("policy.processors.colReceives")}:</strong> {t(`policy.processors.${id}.receives`)}
      </Text>
      <Text component="span" display="block" size="sm">
        <strong>{t("policy.processors.colWhy")}:</strong> {t(`policy.processors.${id}.why`)}
      </Text>
      {note && (
        <Text component="span" display="block" size="sm" fs="italic">
          {note}
        </Text>
      )}
    </List.Item>
  );
}

/** The processors list with its introduction. */
export function ProcessorList({ facts }: { facts: PolicyFacts }) {
  const { t } = useTranslation("privacy");
  return (
    <>
      <Text mb="sm" lh={1.65}>
        {t("policy.processors.intro")}
      </Text>
      <List spacing="sm" mb="sm" withPadding>
        {PROCESSORS.map((p) => (
          <Processor key={p.id} id={p.id} name={p.name} facts={facts} />
        ))}
      </List>
    </>
  );
}

/** The cookie section: consent rule, every cookie in a table by category, and "Cookie settings". */
export function CookieList({ facts }: { facts: PolicyFacts }) {
  const { t } = useTranslation("privacy");
  const categories = facts.adsConfigured ? (["necessary", "ads"] as const) : (["necessary"] as const);
  return (
    <>
      <Text mb="sm" lh={1.65}>
        {t("policy.cookies.intro")}
      </Text>
      {categories.map((category) => (
        <Table.ScrollContainer key={category} minWidth={480} mb="sm">
          <Table withTableBorder data-testid={`cookies-${category}`}>
            <Table.Caption style={{ captionSide: "top", textAlign: "start" }} fw={700} c="dark.7">
              {t(`category.${category}`)}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("table.name")}</Table.Th>
                <Table.Th>{t("table.duration")}</Table.Th>
                <Table.Th>{t("table.purpose")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {COOKIES.filter((c) => c.category === category).map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>
                    <code dir="ltr">{c.name}</code>
                  </Table.Td>
                  <Table.Td>
                    {c.days === 0
                      ? t("duration.minutes", { count: 15 })
                      : t("duration.days", { count: c.days })}
                  </Table.Td>
                  <Table.Td>{t(`cookies.${c.id}`)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ))}
      <Text mb="sm" lh={1.65}>
        {t("policy.cookies.noAnalytics")}
      </Text>
      <Text mb="sm" lh={1.65}>
        {t("policy.cookies.change")} <CookieSettingsButton fw={600} />
      </Text>
    </>
  );
}

/** A bulleted list of policy texts. */
function Items({ items, testid }: { items: ReactNode[]; testid: string }) {
  return (
    <List spacing={6} mb="sm" withPadding data-testid={testid}>
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
        <List.Item key={i}>{item}</List.Item>
      ))}
    </List>
  );
}

/**
 * The retention periods in force, then the fixed ones of the "pages" catalog (payment records,
 * server logs): `extra` in the page's language.
 */
export function RetentionList({ facts, extra }: { facts: PolicyFacts; extra: string[] }) {
  const { t } = useTranslation("privacy");
  const r = facts.retention;
  return (
    <Items
      testid="retention-periods"
      items={[
        t("policy.retention.unacceptedCases", { days: r.unacceptedCaseDays }),
        t("policy.retention.closedDocuments", { days: r.closedCaseDocumentDays }),
        t("policy.retention.contactMessages", { days: r.contactMessageDays }),
        t("policy.retention.reviewSignals", { days: r.reviewSignalDays }),
        t("policy.retention.account", { days: facts.erasureGraceDays }),
        t("policy.retention.exports", { days: facts.exportAvailableDays }),
        t("policy.retention.secrets"),
        t("policy.retention.analytics"),
        ...extra,
      ]}
    />
  );
}

/** The rights and how to use each (dashboard, case page, contact form, privacy address). */
export function RightsList({ facts }: { facts: PolicyFacts }) {
  const { t } = useTranslation("privacy");
  const args = { dashboard: slot("dashboard"), contact: slot("contact"), privacy: slot("privacy") };
  const nodes = {
    dashboard: (
      <Anchor component={LocaleLink} to="/dashboard">
        {t("policy.rights.dashboardLink")}
      </Anchor>
    ),
    contact: (
      <Anchor component={LocaleLink} to="/contact">
        {t("policy.rights.contactLink")}
      </Anchor>
    ),
    privacy: <Anchor href={`mailto:${SUPPORT.privacy}`}>{SUPPORT.privacy}</Anchor>,
  };
  const item = (key: string, extra: Record<string, unknown> = {}) =>
    fillSlots(t(`policy.rights.${key}`, { ...args, ...extra }), nodes);
  return (
    <>
      <Text mb="sm" lh={1.65}>
        {t("policy.rights.intro")}
      </Text>
      <Items
        testid="rights"
        items={[
          item("access"),
          item("erasure", { days: facts.erasureGraceDays }),
          item("rectification"),
          item("objection"),
          item("withdraw"),
          item("complaint"),
        ]}
      />
      <Text mb="sm" lh={1.65}>
        {t("policy.rights.answer")}
      </Text>
    </>
  );
}

/** What is kept after an account is erased, and why (issue 17 §4 "state what is kept and why"). */
export function KeptAfterErasure() {
  const { t } = useTranslation("privacy");
  return (
    <Items
      testid="kept-after-erasure"
      items={[
        t("policy.kept.cases"),
        t("policy.kept.listing"),
        t("policy.kept.audit"),
        t("policy.kept.payments"),
      ]}
    />
  );
}
