/**
 * /privacy-policy (spec §2 "Static pages", §1 "Legal statements"): what we collect, how we use
 * it, cookies, retention, rights and how to reach us. "Last updated" is the date the text last
 * changed (lib/legal.ts PRIVACY_POLICY_UPDATED), not today's date.
 */
import { Anchor } from "@mantine/core";
import { Link } from "react-router";
import { PRIVACY_POLICY_UPDATED } from "../../lib/legal.ts";
import { pageMeta, siteFromMatches } from "../seo.ts";
import { Bullets, LegalDocument, type LegalSection, P } from "../ui/static/LegalDocument.tsx";
import { SUPPORT } from "../ui/static/support.ts";
import type { Route } from "./+types/privacy-policy";

/** Title, description and canonical link of /privacy-policy. */
export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(siteFromMatches(matches), {
    title: "Privacy Policy",
    description:
      "How LexAtlas collects, uses, protects and deletes your information: searches, accounts, case submissions and documents, cookies, retention and your rights.",
    path: "/privacy-policy",
  });
}

const privacy = <Anchor href={`mailto:${SUPPORT.privacy}`}>{SUPPORT.privacy}</Anchor>;

const SECTIONS: LegalSection[] = [
  {
    id: "who-we-are",
    title: "Who we are",
    body: (
      <P>
        LexAtlas is an online directory that helps people find personal injury lawyers and helps lawyers be
        found. LexAtlas is not a law firm. This policy explains what information we collect when you use the
        LexAtlas website and API, why we collect it, and the choices you have. Our headquarters are at{" "}
        {SUPPORT.address}.
      </P>
    ),
  },
  {
    id: "what-we-collect",
    title: "Information we collect",
    body: (
      <>
        <P>We collect only what we need to run the service:</P>
        <Bullets
          items={[
            <>
              <strong>Searches.</strong> The words, locations and filters you search with, and, if you allow
              it, your device's approximate position to sort lawyers by distance. We use your position for
              that search only and do not store it with your identity.
            </>,
            <>
              <strong>Accounts.</strong> Your name, email address, a securely hashed password, your role
              (client or lawyer) and your subscription status.
            </>,
            <>
              <strong>Case submissions.</strong> The details you enter when you submit a case (such as the
              type of injury, what happened, your contact details and preferences) and any documents you
              attach. A case and its documents are sent only to the one lawyer you chose. They are stored
              privately and are available only to you and that lawyer.
            </>,
            <>
              <strong>Messages</strong> you send to us or to a lawyer through LexAtlas, and personality
              assessment answers you give us to compute your matches.
            </>,
            <>
              <strong>Payment information.</strong> Card payments are processed by our card payment provider.
              We do not see or store your full card number; we keep a record of your plan, payment dates and
              amounts.
            </>,
            <>
              <strong>Technical data.</strong> Server logs with your IP address, browser type, the pages
              requested and the time, used to keep the service secure and working.
            </>,
          ]}
        />
      </>
    ),
  },
  {
    id: "how-we-use",
    title: "How we use your information",
    body: (
      <>
        <Bullets
          items={[
            "To show search results and matches, and to deliver your case to the lawyer you chose.",
            "To run your account, your subscription and billing.",
            "To answer your questions and send messages you asked for, such as password resets and case notices.",
            "To keep LexAtlas secure, prevent abuse and fix problems.",
            "To meet our legal obligations.",
          ]}
        />
        <P>
          We do not sell your information, and we do not share your case or documents with anyone except the
          lawyer you sent them to. We never sell or pass leads to other firms.
        </P>
      </>
    ),
  },
  {
    id: "sharing",
    title: "Who we share it with",
    body: (
      <>
        <P>We share information only with:</P>
        <Bullets
          items={[
            "The lawyer you choose, when you submit a case or send a message.",
            "Our card payment provider, to take subscription payments.",
            "Our advertising network, which shows ads to visitors who are not premium subscribers. It may use cookies to measure and limit ads; it does not receive your cases, documents or messages.",
            "Service providers who host our servers and send our email, under contracts that require them to protect your information.",
            "Authorities, when the law requires it.",
          ]}
        />
      </>
    ),
  },
  {
    id: "cookies",
    title: "Cookies",
    body: (
      <>
        <P>
          We use one essential cookie to keep you signed in. It is marked secure and cannot be read by
          scripts. We do not need your consent for it, because the site cannot keep you signed in without it.
        </P>
        <P>
          Our advertising network may set its own cookies when it shows ads to visitors who are not premium
          subscribers. You can block or delete cookies in your browser settings; the site still works for
          searching and browsing, but you will not be able to stay signed in.
        </P>
      </>
    ),
  },
  {
    id: "retention",
    title: "How long we keep it",
    body: (
      <Bullets
        items={[
          "Account information: for as long as your account is open, and deleted within 30 days after you close it.",
          "Cases, documents and messages: for as long as your account is open, unless you delete them earlier, so that you and your lawyer can refer to them.",
          "Payment records: for as long as tax and accounting law requires.",
          "Server logs: for up to 90 days.",
        ]}
      />
    ),
  },
  {
    id: "security",
    title: "How we protect it",
    body: (
      <P>
        Information travels over encrypted connections. Passwords are stored only as strong one-way hashes.
        Documents are stored privately and served only to the client who uploaded them and the lawyer who
        received them. No system is perfectly secure, but we work to protect your information and will tell
        you without undue delay if a breach affects you.
      </P>
    ),
  },
  {
    id: "your-rights",
    title: "Your rights",
    body: (
      <>
        <P>Wherever you live, you can ask us to:</P>
        <Bullets
          items={[
            "give you a copy of the information we hold about you;",
            "correct information that is wrong;",
            "delete your information, unless we must keep it by law;",
            "stop using your information for a purpose you object to.",
          ]}
        />
        <P>
          Write to {privacy}. We answer within 30 days. You may also complain to the data protection authority
          where you live.
        </P>
      </>
    ),
  },
  {
    id: "children",
    title: "Age limit",
    body: (
      <P>
        LexAtlas is for people aged 18 or older. We do not knowingly collect information from anyone younger.
        If you believe a minor has given us information, contact {privacy} and we will delete it.
      </P>
    ),
  },
  {
    id: "changes",
    title: "Changes to this policy",
    body: (
      <P>
        When we change this policy we update the date at the top of this page. If a change is significant, we
        will tell account holders by email before it takes effect.
      </P>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    body: (
      <P>
        Questions about privacy: {privacy}. Legal questions:{" "}
        <Anchor href={`mailto:${SUPPORT.legal}`}>{SUPPORT.legal}</Anchor>. Post: LexAtlas, {SUPPORT.address}.
        See also our{" "}
        <Anchor component={Link} to="/terms-of-service">
          terms of service
        </Anchor>
        .
      </P>
    ),
  },
];

/** The privacy policy page. */
export default function PrivacyPolicy() {
  return (
    <LegalDocument
      title="Privacy Policy"
      updated={PRIVACY_POLICY_UPDATED}
      summary="In short: we collect what we need to help you find a lawyer, your case goes only to the lawyer you choose, and we never sell your information."
      sections={SECTIONS}
    />
  );
}
