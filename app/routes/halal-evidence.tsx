import { Link } from "react-router";
import { legalLinkClass, LegalSection } from "~/components/layout/legal-section";
import { PageHero } from "~/components/layout/page-hero";
import { DINER_CONFIRMATIONS, evidenceLevels } from "~/features/directory/evidence-level";
import { REVIEW_POLICY_PATH } from "~/features/reviews/review-rules";
import type { Route } from "./+types/halal-evidence";

// The rules of the halal evidence levels, in words (decision 0091). What it
// says is what app/server/read-models/evidence-level.ts works out: a change
// to one is a change to the other.

export const meta: Route.MetaFunction = () => [
  { title: "How we grade halal evidence | HBS" },
  {
    name: "description",
    content:
      "The halal evidence levels in The Halal Directory: what each means, how a business reaches it, and how diners can confirm what they found.",
  },
];

export default function HalalEvidence() {
  return (
    <>
      <PageHero title="How we grade halal evidence">
        <p>Every business in The Halal Directory shows how strong the evidence for its halal status is, and why.</p>
      </PageHero>
      <article className="mx-auto max-w-3xl px-4 py-16">
        <p className="text-sm font-medium text-slate-700">Last updated: 30 November 2026</p>
        <LegalSection id="levels" title="1. The levels, strongest first">
          <p>
            A business shows the highest level whose rule it meets today. The rules are the same for every business.
          </p>
          <ol className="list-decimal space-y-3 pl-6 marker:font-semibold marker:text-brand-700">
            {evidenceLevels.map((level) => (
              <li key={level.level}>
                <strong>{level.label}.</strong> {level.rule}
              </li>
            ))}
          </ol>
          <p>
            A business that says nothing about halal is &ldquo;Halal not stated&rdquo; whatever else is known, and no
            level above it is given without a halal status. Paying for promotion never changes a level.
          </p>
        </LegalSection>
        <LegalSection id="dates" title="2. Evidence grows old">
          <p>
            We work every level out again each night. A certificate that expires, or a check by HBS that becomes more
            than 12 months old, no longer counts, and the business drops to the level its other evidence supports. The
            business page says why: &ldquo;The certificate has expired&rdquo; or &ldquo;Last checked over 12 months
            ago&rdquo;.
          </p>
        </LegalSection>
        <LegalSection id="diners" title="3. How diners confirm">
          <p>
            If you visited a business and found it as its page describes, sign in and choose &ldquo;Still as
            described&rdquo; on its page. You can confirm each business once a month. Confirmations from{" "}
            {DINER_CONFIRMATIONS} different members in six months raise a business to &ldquo;Confirmed by diners&rdquo;,
            and the page says when a diner last confirmed it.
          </p>
          <p>
            Only members who have verified their e-mail address can confirm, and never a business they own. The same
            rules against fake or paid-for feedback apply as to reviews: see our{" "}
            <Link to={REVIEW_POLICY_PATH} className={legalLinkClass}>
              review policy
            </Link>
            . If something has changed, use &ldquo;Report a change&rdquo; on the business&rsquo;s page instead.
          </p>
        </LegalSection>
        <LegalSection id="filters" title="4. Finding businesses by evidence">
          <p>
            In{" "}
            <Link to="/halal-network-space" className={legalLinkClass}>
              The Halal Directory
            </Link>{" "}
            you can keep only businesses at or above a level, and put the strongest evidence first.
          </p>
        </LegalSection>
      </article>
    </>
  );
}
