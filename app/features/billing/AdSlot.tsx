/**
 * An ad slot (spec §1 "Non-premium visitors see ad blocks", §7 "An ad script is loaded from an ad
 * network for non-premium users", §9 "Ad slots: homepage top, homepage sidebar, dashboard,
 * browse lawyers"; issue 6 "Ads"; docs/ARCHITECTURE.md "Ads").
 *
 * - Shown only to visitors who are not premium, decided on the server: the root loader's `user`
 *   carries the tier, so a premium page is rendered without any slot, and the root loader gives
 *   a premium visitor no publisher id, so the ad script is never requested for them.
 * - Each placement reserves a fixed height (AdSlot.css), so nothing shifts when an ad loads.
 * - With AD_PUBLISHER_ID configured AND the visitor's consent to the `ads` cookie category (issue
 *   17 §1; ePrivacy Directive Art. 5(3), GDPR Art. 7: app/ui/consent), the slot holds an AdSense
 *   unit and the network's script is added once, async, after the page has loaded and the browser
 *   is idle. Without consent (refused, not yet given, or no JavaScript) or without a publisher id,
 *   the slot shows a small labelled house ad, which sets no cookie and calls no one. The server
 *   reads the same choice from the consent cookie, so the page does not change at hydration.
 * - Issue 19 §5: the house ad follows lib/ads.ts houseAdFor: only lawyers are offered the
 *   lawyers' plan; everyone else the client Premium (no ads) or the free listing invitation.
 * - Accessible: a region named "Advertisement" (the sidebar's "Sidebar advertisement", so the two
 *   regions of the home page have distinct names), with a visible "Advertisement" label.
 */
import { isolateIn } from "../../../lib/bidi.ts";
import { dirOf } from "../../../lib/i18n/locales.ts";
import "./AdSlot.css";
import { Anchor, Text } from "@mantine/core";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import { type AdPlacement, houseAdFor } from "../../../lib/ads.ts";
import { PREMIUM_PRICE_CENTS } from "../../../lib/constants.ts";
import { isPremium } from "../../../lib/subscription.ts";
import { useLocale } from "../../i18n/locale";
import type { RootLoaderData } from "../../root";
import { useConsent } from "../../ui/consent";
import { LocaleLink } from "../../ui/LocaleLink";
import { formatUsd } from "./PremiumOffer";

export type { AdPlacement } from "../../../lib/ads.ts";

/** The ad network's script (Google AdSense), with the publisher id as `client`. */
export const AD_SCRIPT_URL = "https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js";

declare global {
  interface Window {
    adsbygoogle?: unknown[];
  }
}

let scriptRequested = false;

/**
 * Adds the ad network's script once per page session: async, after the `load` event, when the
 * browser is idle (so it never competes with the page's own loading or hydration).
 */
function loadAdScript(publisherId: string): void {
  if (scriptRequested) return;
  scriptRequested = true;
  const add = () => {
    const script = document.createElement("script");
    script.async = true;
    script.src = `${AD_SCRIPT_URL}?client=${encodeURIComponent(publisherId)}`;
    script.crossOrigin = "anonymous";
    document.head.appendChild(script);
  };
  const whenIdle = () =>
    "requestIdleCallback" in window ? window.requestIdleCallback(add, { timeout: 3000 }) : setTimeout(add, 1);
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
}

/** The network's unit: an `<ins class="adsbygoogle">` filling the reserved box. */
function NetworkAd({ publisherId }: { publisherId: string }) {
  const ref = useRef<HTMLModElement>(null);
  useEffect(() => {
    if (ref.current?.dataset.adsbygoogleStatus) return;
    loadAdScript(publisherId);
    try {
      window.adsbygoogle = window.adsbygoogle ?? [];
      window.adsbygoogle.push({});
    } catch {
      // The network's own errors never break the page.
    }
  }, [publisherId]);
  return (
    <ins ref={ref} className="adsbygoogle" data-ad-client={publisherId} data-full-width-responsive="false" />
  );
}

/**
 * Our own ad when no ad network is configured (issue 19 §5, lib/ads.ts houseAdFor): the lawyers'
 * plan for lawyers only, the free listing for signed-out visitors in the home sidebar, and the
 * client Premium (no ads) for everyone else.
 */
function HouseAd({ placement, role }: { placement: AdPlacement; role: string | null }) {
  const { t } = useTranslation("billing");
  const locale = useLocale();
  const kind = houseAdFor(placement, role);
  if (kind === "list-practice") {
    return (
      <div className="ad-house" data-ad-kind={kind}>
        <Text fw={600}>{t("ads.lawyerTitle")}</Text>
        <Text size="sm">{t("ads.lawyerText")}</Text>
        <Anchor component={LocaleLink} to="/signup" fw={600} size="sm" underline="always">
          {t("ads.lawyerLink")}
        </Anchor>
      </div>
    );
  }
  const price = isolateIn(formatUsd(PREMIUM_PRICE_CENTS, locale), dirOf(locale));
  return (
    <div className="ad-house" data-ad-kind={kind}>
      <Text fw={600} size="sm">
        {kind === "lawyer-premium" ? t("ads.lawyerPremium", { price }) : t("ads.clientPremium", { price })}
      </Text>
      <Anchor component={LocaleLink} to="/dashboard?view=upgrade" fw={600} size="sm" underline="always">
        {t("ads.seePremium")}
      </Anchor>
    </div>
  );
}

/**
 * An ad slot for `placement`; renders nothing for a premium visitor (root loader data). The
 * reserved height is per placement (AdSlot.css): 128 px on small screens and 100 px from 48em,
 * in the home sidebar 180 px, and 280 px from 75em where it stands beside the main column.
 */
export function AdSlot({ placement }: { placement: AdPlacement }) {
  const root = useRouteLoaderData("root") as RootLoaderData | undefined;
  const { t } = useTranslation("billing");
  const adsConsent = useConsent("ads");
  if (isPremium(root?.user?.subscriptionTier)) return null;
  // Issue 17 §1: the network only with the visitor's consent.
  const publisherId = adsConsent ? root?.adPublisherId : undefined;
  return (
    <section
      className="ad-slot"
      data-placement={placement}
      data-testid="ad-slot"
      aria-label={placement === "home-sidebar" ? t("ads.sidebarLabel") : t("ads.label")}
    >
      <span className="ad-slot-label" aria-hidden>
        {t("ads.label")}
      </span>
      <div className="ad-slot-body">
        {publisherId ? (
          <NetworkAd publisherId={publisherId} />
        ) : (
          <HouseAd placement={placement} role={root?.user?.role ?? null} />
        )}
      </div>
    </section>
  );
}
