/**
 * /terms-of-service (spec §2 "Static pages", §1 "Legal statements", §9 "Contact and legal"):
 * not a law firm, no attorney-client relationship, 18+, subscriptions billed in advance and
 * non-refundable, cancel in account settings at the end of the period, liability cap of twelve
 * months of payments, binding arbitration, card payment provider and ad network. "Last updated"
 * is the date the text last changed (lib/legal.ts TERMS_OF_SERVICE_UPDATED).
 */
import { Anchor } from "@mantine/core";
import { Link } from "react-router";
import { PREMIUM_PRICE_CENTS } from "../../lib/constants.ts";
import { TERMS_OF_SERVICE_UPDATED } from "../../lib/legal.ts";
import { pageMeta, siteFromMatches } from "../seo.ts";
import { Bullets, LegalDocument, type LegalSection, P } from "../ui/static/LegalDocument.tsx";
import { SUPPORT } from "../ui/static/support.ts";
import type { Route } from "./+types/terms-of-service";

/** Title, description and canonical link of /terms-of-service. */
export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(siteFromMatches(matches), {
    title: "Terms of Service",
    description:
      "The terms for using LexAtlas: what the directory is and is not, accounts, free and premium subscriptions, billing and cancellation, liability and disputes.",
    path: "/terms-of-service",
  });
}

const price = `$${(PREMIUM_PRICE_CENTS / 100).toFixed(2)}`;
const legal = <Anchor href={`mailto:${SUPPORT.legal}`}>{SUPPORT.legal}</Anchor>;

const SECTIONS: LegalSection[] = [
  {
    id: "agreement",
    title: "Agreement",
    body: (
      <P>
        These terms are an agreement between you and LexAtlas about your use of the LexAtlas website and API
        (the "service"). By using the service you accept these terms. If you do not accept them, please do not
        use the service.
      </P>
    ),
  },
  {
    id: "not-a-law-firm",
    title: "LexAtlas is not a law firm",
    body: (
      <>
        <P>
          LexAtlas is a directory and matching service. We are not a law firm, we do not give legal advice,
          and we do not recommend or endorse any particular lawyer. Nothing on the service is legal advice.
        </P>
        <P>
          Using the service, including submitting a case or sending a message to a lawyer, does not create an
          attorney-client relationship with LexAtlas or with any lawyer. Such a relationship exists only if
          you and a lawyer agree to it directly. Lawyers are independent and are solely responsible for the
          services they provide. Match scores and search rankings help you compare; they are not a guarantee
          of any result.
        </P>
      </>
    ),
  },
  {
    id: "eligibility",
    title: "Who may use LexAtlas",
    body: (
      <P>
        You must be 18 or older to create an account or submit a case. By using the service you confirm that
        you are. Lawyers who list themselves confirm that the information they give is true and that they are
        licensed to practise where they say they are.
      </P>
    ),
  },
  {
    id: "accounts",
    title: "Your account",
    body: (
      <P>
        Keep your password private and tell us at once at{" "}
        <Anchor href={`mailto:${SUPPORT.support}`}>{SUPPORT.support}</Anchor> if you think someone else has
        used your account. You are responsible for what happens under your account. Give accurate information
        and keep it up to date.
      </P>
    ),
  },
  {
    id: "subscriptions",
    title: "Subscriptions, billing and cancellation",
    body: (
      <Bullets
        items={[
          <>
            LexAtlas offers a free plan and a premium subscription. Premium costs {price} per month and
            removes ads; for lawyers it also adds analytics.
          </>,
          "Subscriptions are billed in advance at the start of each billing period and renew automatically until you cancel.",
          "Payments are non-refundable, including for partly used periods, except where the law requires a refund and except under the 30-day money-back guarantee for a first premium subscription: if you ask for it within 30 days of your first premium payment, we refund that payment.",
          "You can cancel at any time in your account settings. Cancellation takes effect at the end of the current billing period; you keep premium features until then and are not charged again.",
          "Card payments are processed by our card payment provider under its own terms. We do not store your full card number.",
          "We may change prices for future billing periods. We will tell you by email at least 30 days before a change affects you, and you can cancel before it does.",
        ]}
      />
    ),
  },
  {
    id: "advertising",
    title: "Advertising",
    body: (
      <P>
        Visitors who are not premium subscribers see ads served by our advertising network. Ads are labelled
        as such and never change the order of search results or matches. See our{" "}
        <Anchor component={Link} to="/privacy-policy">
          privacy policy
        </Anchor>{" "}
        for the cookies the network may use.
      </P>
    ),
  },
  {
    id: "acceptable-use",
    title: "Acceptable use",
    body: (
      <Bullets
        items={[
          "Do not post false, misleading or unlawful information, or impersonate anyone.",
          "Do not harass lawyers or other users, or send them unsolicited advertising.",
          "Do not copy the directory in bulk, scrape it, or try to break or overload the service.",
          "Do not upload files that contain malware or that you have no right to share.",
        ]}
      />
    ),
  },
  {
    id: "content",
    title: "Your content",
    body: (
      <P>
        You keep the rights to what you submit, such as case details, documents and messages. You allow us to
        store and transmit it only as needed to provide the service, for example to deliver your case to the
        lawyer you chose. We handle it as described in our privacy policy.
      </P>
    ),
  },
  {
    id: "disclaimer",
    title: "Disclaimer",
    body: (
      <P>
        We work to keep listings accurate and verified, but the service is provided "as is" and "as
        available". We do not guarantee that any listing is complete or current, that a lawyer will accept
        your case, or any outcome of a legal matter.
      </P>
    ),
  },
  {
    id: "liability",
    title: "Limitation of liability",
    body: (
      <P>
        To the extent the law allows, LexAtlas is not liable for indirect, incidental or consequential losses,
        or for the acts or advice of any lawyer. Our total liability for any claim about the service is
        limited to the amount you paid us in the twelve months before the event giving rise to the claim.
        Nothing in these terms limits liability that cannot be limited by law.
      </P>
    ),
  },
  {
    id: "disputes",
    title: "Disputes and binding arbitration",
    body: (
      <>
        <P>
          If you have a concern, please contact us first at {legal}; most issues can be resolved quickly that
          way.
        </P>
        <P>
          Any dispute that we cannot resolve informally will be settled by binding arbitration before a single
          arbitrator, on an individual basis, rather than in court, except that either party may bring a claim
          in small-claims court where it qualifies. Where the law of your country gives you the right to go to
          your own courts, this section does not take that right away.
        </P>
      </>
    ),
  },
  {
    id: "ending",
    title: "Ending your use",
    body: (
      <P>
        You can stop using the service and close your account at any time. We may suspend or close an account
        that breaks these terms. Sections that by their nature should survive, such as limitation of liability
        and disputes, continue after your account is closed.
      </P>
    ),
  },
  {
    id: "changes",
    title: "Changes to these terms",
    body: (
      <P>
        When we change these terms we update the date at the top of this page. If a change is significant, we
        will tell account holders by email before it takes effect. Continuing to use the service after that
        means you accept the new terms.
      </P>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    body: (
      <P>
        Questions about these terms: {legal}. Post: LexAtlas, {SUPPORT.address}.
      </P>
    ),
  },
];

/** The terms of service page. */
export default function TermsOfService() {
  return (
    <LegalDocument
      title="Terms of Service"
      updated={TERMS_OF_SERVICE_UPDATED}
      summary="Please read these terms before using LexAtlas. They explain what our directory is and is not, how subscriptions work, and how disputes are resolved."
      sections={SECTIONS}
    />
  );
}
