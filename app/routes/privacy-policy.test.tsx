/**
 * The privacy policy is generated from the configuration the code uses (issue 17 §1): with
 * RETENTION_* overrides the page states the overridden numbers (the ones the retention job
 * applies, server/config.ts retentionPolicy), lists every processor of lib/privacy.ts with its
 * configured details (SMTP relay host, S3 endpoint host, never a credential), every cookie of the
 * audit, the rights with the erasure grace, and what is kept after erasure — in every locale,
 * with the note that the English text prevails in the translations.
 */
import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub, RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "../../lib/i18n/locales.ts";
import {
  COOKIES,
  ERASURE_GRACE_DAYS,
  type PolicyFacts,
  PROCESSORS,
  RETENTION_DEFAULTS,
} from "../../lib/privacy.ts";
import { loadConfig, retentionPolicy } from "../../server/config.ts";
import { servicesContext } from "../context.ts";
import { ensureLocale, instanceFor } from "../i18n/i18n";
import PrivacyPolicy, { loader } from "./privacy-policy.tsx";

const ENV = {
  RETENTION_UNACCEPTED_CASE_DAYS: "45",
  RETENTION_CLOSED_CASE_DOCUMENT_DAYS: "400",
  RETENTION_CONTACT_MESSAGE_DAYS: "95",
  RETENTION_REVIEW_SIGNAL_DAYS: "60",
  SMTP_URL: "smtp://mailer:s3cret-pass@relay.mail.example:587",
  S3_ENDPOINT: "https://objects.storage.example",
  S3_BUCKET: "lexatlas-docs",
  S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
  S3_SECRET_ACCESS_KEY: "very-secret-key",
  AD_PUBLISHER_ID: "ca-pub-1234567890123456",
};

/** The loader's answer for `env`, through a router context holding that configuration. */
function facts(env: Record<string, string>): PolicyFacts {
  const context = new RouterContextProvider();
  context.set(servicesContext, { config: loadConfig(env) } as never);
  return loader({ context, request: new Request("http://x/privacy-policy"), params: {} } as never);
}

/** The page inside Mantine, as the root renders it. */
function Page() {
  return (
    <MantineProvider>
      <PrivacyPolicy />
    </MantineProvider>
  );
}

/** Server-renders the policy in `locale` with `data` as its loader data. */
function render(locale: Locale, data: PolicyFacts): string {
  const url = locale === "en" ? "/privacy-policy" : `/${locale.toLowerCase()}/privacy-policy`;
  const Stub = createRoutesStub([
    {
      id: "page",
      path: "/:lang?/privacy-policy",
      Component: Page,
    },
  ]);
  return renderToString(
    <I18nextProvider i18n={instanceFor(locale)}>
      <Stub initialEntries={[url]} hydrationData={{ loaderData: { page: data } }} />
    </I18nextProvider>,
  );
}

/** Visible text of an HTML string. */
function text(html: string): string {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

beforeAll(async () => {
  await Promise.all(LOCALES.map((l) => ensureLocale(l)));
});

describe("the privacy policy from configuration (issue 17 §1)", () => {
  it("the loader states the effective retention (the job's) and the processors' hosts, no credentials", () => {
    const f = facts(ENV);
    expect(f.retention).toEqual({
      unacceptedCaseDays: 45,
      closedCaseDocumentDays: 400,
      contactMessageDays: 95,
      reviewSignalDays: 60,
    });
    expect(f.retention).toEqual(retentionPolicy(loadConfig(ENV)));
    expect(f).toMatchObject({
      smtpHost: "relay.mail.example",
      storageHost: "objects.storage.example",
      adsConfigured: true,
      paymentsLive: false,
      erasureGraceDays: ERASURE_GRACE_DAYS,
    });
    expect(JSON.stringify(f)).not.toMatch(/s3cret|very-secret|AKIA|mailer/);
    // Without overrides: the defaults, local disk, no relay.
    expect(facts({})).toMatchObject({
      retention: RETENTION_DEFAULTS,
      smtpHost: null,
      storageHost: null,
      adsConfigured: false,
    });
  });

  for (const locale of LOCALES) {
    it(`${locale}: shows the overridden numbers, every processor, every cookie, the rights`, () => {
      const html = render(locale, facts(ENV));
      const visible = text(html);
      const n = (value: number) => new Intl.NumberFormat(locale).format(value);
      const retention = /data-testid="retention-periods"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? "";
      for (const days of [45, 400, 95, 60, ERASURE_GRACE_DAYS]) expect(text(retention)).toContain(n(days));
      // Not the defaults (the review signals' 90 is also the server logs' fixed "up to 90 days").
      for (const days of Object.values(RETENTION_DEFAULTS).filter((d) => d !== 90))
        expect(text(retention)).not.toContain(` ${n(days)} `);
      expect(text(retention).split(` ${n(90)} `)).toHaveLength(2);
      for (const p of PROCESSORS) expect(html).toContain(`data-testid="processor-${p.id}"`);
      expect(visible).toContain("Stripe");
      expect(visible).toContain("Google AdSense");
      expect(visible).toContain("relay.mail.example");
      expect(visible).toContain("objects.storage.example");
      expect(visible).toContain("AES-256-GCM");
      for (const c of COOKIES) expect(visible).toContain(c.name.replace(/</g, "&lt;").replace(/>/g, "&gt;"));
      const rights = /data-testid="rights"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? "";
      expect(rights.match(/<li/g)).toHaveLength(6);
      expect(rights).toMatch(/href="[^"]*\/dashboard"/);
      expect(rights).toMatch(/href="[^"]*\/contact"/);
      expect(html).toContain('data-testid="kept-after-erasure"');
      if (locale === "en") {
        expect(html).not.toContain('data-testid="english-prevails"');
        expect(visible).toContain("deleted with their documents 45 days after they were sent");
        expect(visible).toContain("deleted 400 days after the case was closed");
      } else {
        expect(html).toContain('data-testid="english-prevails"');
        expect(visible).not.toContain("deleted with their documents");
      }
    });
  }

  it("without an ad network or a relay, the policy says so", () => {
    const visible = text(render("en", facts({})));
    expect(visible).toContain("Not in use at the moment");
    expect(visible).toContain("none configured: no email leaves our servers");
    expect(visible).toContain("Our own servers (local disk)");
    expect(visible).toContain(`${RETENTION_DEFAULTS.unacceptedCaseDays} days after they were sent`);
  });
});
