import { Link } from "react-router";
import { legalLinkClass, LegalSection } from "~/components/layout/legal-section";
import { PageHero } from "~/components/layout/page-hero";
import { useRootData } from "~/lib/use-root-data";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = () => [
  { title: "Privacy policy | HBS" },
  {
    name: "description",
    content:
      "How HBS collects, uses and protects your personal data under UK data protection law, and the rights you have over it.",
  },
];

export default function Privacy() {
  const { site } = useRootData();
  const email = (
    <a href={`mailto:${site.email}`} className={legalLinkClass}>
      {site.email}
    </a>
  );
  return (
    <>
      <PageHero title="Privacy policy">
        <p>How we collect, use and look after your personal data, in plain English.</p>
      </PageHero>

      <article className="mx-auto max-w-3xl px-4 py-16">
        <p className="text-sm font-medium text-slate-700">Last updated: 21 November 2026</p>

        <LegalSection id="who-we-are" title="1. Who we are">
          <p>
            HBS runs this website, the UK marketplace and directory for halal businesses. We are based in Newport,
            United Kingdom. For the personal data described in this notice, HBS is the controller under the UK General
            Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.
          </p>
        </LegalSection>

        <LegalSection id="what-we-collect" title="2. The data we collect">
          <ul>
            <li>
              <strong>Account details</strong>: your e-mail address, full name, phone number and whether you have agreed
              to receive marketing from us. Your password is stored only in a scrambled (hashed) form that we cannot
              read.
            </li>
            <li>
              <strong>What you send us</strong>: enquiries about businesses for sale and about our packages, contact
              messages, and the details in business listings you submit (such as the business name, asking price,
              revenue and your contact details).
            </li>
            <li>
              <strong>Your activity in your account</strong>: listings you save, directory businesses you mark as
              favourites, and packages you subscribe to.
            </li>
            <li>
              <strong>Technical data</strong>: our servers keep logs of requests to the site, including your IP address,
              the pages requested, the time and your browser type. We use these for security and to limit abuse (rate
              limiting).
            </li>
            <li>
              <strong>Your cookie choice</strong>: whether you accepted or declined cookies, so we do not ask again.
            </li>
            <li>
              <strong>Your location, only if you share it</strong>: if you allow location access, your position is kept
              in your own browser and used there to show the nearest businesses first. It is not sent to or stored on
              our servers.
            </li>
          </ul>
        </LegalSection>

        <LegalSection id="why-we-use-it" title="3. Why we use your data and our lawful basis">
          <ul>
            <li>
              <strong>To run your account and provide what you ask for</strong>, such as saving listings, passing on
              your enquiry or publishing your listing: this is necessary to perform our contract with you.
            </li>
            <li>
              <strong>To reply to enquiries and messages</strong> and to review listings before they go live: our
              legitimate interest in running the marketplace and helping people who contact us.
            </li>
            <li>
              <strong>To keep the site secure</strong>, prevent fraud and limit abuse: our legitimate interest in
              protecting our users and our service.
            </li>
            <li>
              <strong>To send you marketing</strong>: only with your consent, which you can withdraw at any time in My
              account or by contacting us.
            </li>
            <li>
              <strong>To keep records</strong> of payments for packages: our legal obligations, for example for tax.
            </li>
          </ul>
        </LegalSection>

        <LegalSection id="sharing" title="4. Who we share it with">
          <p>
            We share personal data only with the service providers that help us run HBS: our e-mail provider, which
            delivers our messages and forwards enquiries to our team, and our hosting provider, which runs our servers
            and databases. They may use your data only on our instructions. If a provider processes data outside the
            United Kingdom, we make sure appropriate safeguards are in place, as UK law requires.
          </p>
          <p>
            When you register interest in a business for sale, we also share your name, e-mail address and contact
            number with the seller of that business, so that they can contact you; the form says so before you send it.
          </p>
          <p>
            We may also disclose data where the law requires it, for example to the police or a court.{" "}
            <strong>We never sell your personal data.</strong>
          </p>
        </LegalSection>

        <LegalSection id="retention" title="5. How long we keep it">
          <ul>
            <li>Account details, saved listings and favourites: for as long as your account is open.</li>
            <li>Enquiries, messages and listing submissions: for up to two years after our last contact with you.</li>
            <li>Server logs: for up to 30 days, unless we need them longer to investigate a security incident.</li>
            <li>Records of packages you buy: for six years, as tax law requires.</li>
          </ul>
          <p>When you delete your account, we delete your account details, saved listings and favourites.</p>
        </LegalSection>

        <LegalSection id="your-rights" title="6. Your rights">
          <p>Under UK data protection law you have the right to:</p>
          <ul>
            <li>access the personal data we hold about you;</li>
            <li>have inaccurate data corrected (rectification);</li>
            <li>have your data deleted (erasure);</li>
            <li>ask us to restrict how we use your data;</li>
            <li>object to our use of your data, including for marketing at any time;</li>
            <li>receive your data in a portable format (portability).</li>
          </ul>
          <p>
            If you are signed in, you can download a copy of your data or delete your account yourself from{" "}
            <Link to="/my-account" className={legalLinkClass}>
              My account
            </Link>
            . For anything else, e-mail us at {email}. We will reply within one month.
          </p>
        </LegalSection>

        <LegalSection id="cookies" title="7. Cookies">
          <p>
            We use only strictly necessary cookies: a session cookie that keeps you signed in, a short-lived cookie that
            shows you confirmation messages, and a preference cookie that remembers your cookie choice. Your
            browser&rsquo;s local storage also keeps your cookie choice and, if you share it, your location.
          </p>
          <p>
            We do not use advertising cookies. If we ever add cookies for analysing site traffic, we will set them only
            if you choose &lsquo;Accept all&rsquo;.
          </p>
        </LegalSection>

        <LegalSection id="changes" title="8. Changes to this notice">
          <p>
            We will update this notice when the way we use personal data changes, and change the date at the top of the
            page. If a change affects you significantly, we will tell you by e-mail.
          </p>
        </LegalSection>

        <LegalSection id="complaints" title="9. How to complain">
          <p>
            If you are unhappy with how we have used your data, please contact us first so we can put it right. You also
            have the right to complain to the Information Commissioner&rsquo;s Office (ICO), the UK&rsquo;s data
            protection regulator, at{" "}
            <a href="https://ico.org.uk" className={legalLinkClass} rel="noopener noreferrer">
              ico.org.uk
            </a>{" "}
            or on 0303 123 1113.
          </p>
        </LegalSection>

        <LegalSection id="contact" title="10. Contact us">
          <p>
            For any question about this notice or your personal data, e-mail us at {email} or write to HBS, Newport,
            United Kingdom.
          </p>
        </LegalSection>
      </article>
    </>
  );
}
