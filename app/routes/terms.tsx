import { Link } from "react-router";
import { legalLinkClass, LegalSection } from "~/components/layout/legal-section";
import { PageHero } from "~/components/layout/page-hero";
import { useRootData } from "~/lib/use-root-data";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = () => [
  { title: "Terms of service | HBS" },
  {
    name: "description",
    content:
      "The terms for using HBS, the UK marketplace and directory for halal businesses: listings, acceptable use, halal standards, packages and payment.",
  },
];

export default function Terms() {
  const { site } = useRootData();
  return (
    <>
      <PageHero title="Terms of service">
        <p>The rules for using the HBS marketplace and directory, kept short and plain.</p>
      </PageHero>

      <article className="mx-auto max-w-3xl px-4 py-16">
        <p className="text-sm font-medium text-slate-700">Last updated: 21 November 2026</p>

        <LegalSection id="about-these-terms" title="1. About these terms">
          <p>
            These terms apply when you use the HBS website, based in Newport, United Kingdom. By using the site or
            creating an account, you agree to them. Our{" "}
            <Link to="/privacy" className={legalLinkClass}>
              privacy policy
            </Link>{" "}
            explains how we handle your personal data.
          </p>
        </LegalSection>

        <LegalSection id="what-hbs-is" title="2. What HBS is">
          <p>
            HBS is a listing platform. We publish businesses for sale and a directory of halal businesses, and we pass
            enquiries between buyers and sellers. <strong>HBS is not a party to any sale</strong>: any agreement to buy
            or sell a business is made directly between the buyer and the seller.
          </p>
        </LegalSection>

        <LegalSection id="listings" title="3. Listings and due diligence">
          <p>
            We review every listing before it is published, but we cannot check every detail. Figures such as asking
            prices and revenue are supplied by sellers. Before you commit to anything, you must do your own due
            diligence and take independent legal, financial and tax advice.
          </p>
          <p>
            If you list a business, you confirm that you are entitled to sell it and that what you tell us is true and
            complete. We may edit, decline or remove a listing at any time.
          </p>
        </LegalSection>

        <LegalSection id="accounts" title="4. Your account">
          <p>
            Keep your sign-in details safe and your profile up to date. You are responsible for what happens under your
            account. You can delete your account at any time from{" "}
            <Link to="/my-account" className={legalLinkClass}>
              My account
            </Link>
            .
          </p>
        </LegalSection>

        <LegalSection id="acceptable-use" title="5. Acceptable use">
          <p>When you use HBS, you must not:</p>
          <ul>
            <li>post anything false, misleading, unlawful or offensive;</li>
            <li>pretend to be someone else or list a business you have no right to sell;</li>
            <li>send spam or use the site to contact people for unrelated purposes;</li>
            <li>copy listings or data from the site in bulk, or try to disrupt or break into it.</li>
          </ul>
          <p>We may suspend or close accounts that break these rules.</p>
        </LegalSection>

        <LegalSection id="halal-standards" title="6. Halal standards">
          <p>
            HBS is strictly halal. We do not list, promote or advise businesses involved in alcohol, tobacco or
            interest, and we may remove any listing or directory entry that does not meet this standard.
          </p>
        </LegalSection>

        <LegalSection id="packages" title="7. Packages and payment">
          <p>
            Our promotion and service packages are described on the{" "}
            <Link to="/promote" className={legalLinkClass}>
              Promote
            </Link>{" "}
            and{" "}
            <Link to="/services" className={legalLinkClass}>
              Optimise
            </Link>{" "}
            pages. Prices are shown in pounds sterling and include VAT where applicable. Each price shows the period it
            covers, such as per month or for one month. We will confirm the details, price and start date of your
            package with you before you pay.
          </p>
          <p>
            Promotion increases how visible your business is, but we cannot guarantee a particular number of customers,
            enquiries or sales.
          </p>
        </LegalSection>

        <LegalSection id="liability" title="8. Our liability">
          <p>
            We provide the site with reasonable care and skill, but we do not promise it will always be available or
            free of errors. We are not responsible for the accuracy of listings supplied by others, for dealings between
            buyers and sellers, or for losses you could not reasonably have expected when you used the site.
          </p>
          <p>
            Nothing in these terms limits our liability for death or personal injury caused by our negligence, for
            fraud, or for anything else that cannot be limited by law, and nothing affects your legal rights as a
            consumer.
          </p>
        </LegalSection>

        <LegalSection id="changes" title="9. Changes to these terms">
          <p>
            We may update these terms from time to time and will change the date at the top of the page when we do. If a
            change affects a package you have already bought, we will tell you first.
          </p>
        </LegalSection>

        <LegalSection id="governing-law" title="10. Governing law">
          <p>
            These terms are governed by the law of England and Wales, and the courts of England and Wales have
            jurisdiction. If you live in Scotland or Northern Ireland, you may also bring proceedings in your local
            courts.
          </p>
        </LegalSection>

        <LegalSection id="contact" title="11. Contact us">
          <p>
            Questions about these terms? E-mail us at{" "}
            <a href={`mailto:${site.email}`} className={legalLinkClass}>
              {site.email}
            </a>{" "}
            or use our{" "}
            <Link to="/contact" className={legalLinkClass}>
              contact form
            </Link>
            .
          </p>
        </LegalSection>
      </article>
    </>
  );
}
