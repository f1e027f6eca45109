import { Link } from "react-router";
import { legalLinkClass, LegalSection } from "~/components/layout/legal-section";
import { PageHero } from "~/components/layout/page-hero";
import { HOLD_REASONS } from "~/features/reviews/review-rules";
import { useRootData } from "~/lib/use-root-data";
import type { Route } from "./+types/review-policy";

// The policy the Digital Markets, Competition and Consumers Act 2024 asks a
// publisher of consumer reviews to have, written from the CMA's guidance on
// fake reviews (CMA208). What it says we check is what the code checks: the
// hold reasons are the ones in review-rules.ts (decision 0035).

export const meta: Route.MetaFunction = () => [
  { title: "Review policy | HBS" },
  {
    name: "description",
    content:
      "How reviews work on HBS: fake and incentivised reviews are banned, what we check before publishing, how to report a review, and why we publish negative reviews too.",
  },
];

export default function ReviewPolicy() {
  const { site } = useRootData();
  return (
    <>
      <PageHero title="Review policy">
        <p>Reviews on HBS come from real customers, good and bad. Here is how we keep them that way.</p>
      </PageHero>

      <article className="mx-auto max-w-3xl px-4 py-16">
        <p className="text-sm font-medium text-slate-700">Last updated: 30 November 2026</p>

        <LegalSection id="who-can-review" title="1. Who can write a review">
          <p>
            Any HBS member who has verified their e-mail address can review a business in The Halal Directory: one
            review per business, from 1 to 5 stars with 30 to 5,000 characters of text and, if you like, the month of
            your visit. You can edit or delete your own review at any time; an edited review is marked
            &ldquo;edited&rdquo;, and an edit goes through the same checks as a new review.
          </p>
          <p>
            A review must be about your own genuine experience of the business as a customer. Reviews are shown as plain
            text with your name as it is in your account and the date.
          </p>
          <p id="photos">
            You may add up to four photos to your review: JPEG, PNG or WebP, 5 MB each. They must be your own, taken on
            your visit, and show the food, the premises, the menu or the halal certificate on display. They must not
            show other people&rsquo;s faces without their agreement, anything private (a receipt&rsquo;s card number, a
            car&rsquo;s number plate), or anything offensive or unrelated to the business. We remove the location,
            camera and time details from every photo before it is shown. A photo can be reported on its own with the
            &ldquo;Report photo&rdquo; link under it, and our team may remove a photo and keep the review.
          </p>
        </LegalSection>

        <LegalSection id="banned" title="2. Fake reviews are banned">
          <p>
            Under the Digital Markets, Competition and Consumers Act 2024, writing, commissioning or publishing fake
            reviews is against the law. On HBS you must not:
          </p>
          <ul>
            <li>write a review that is not based on your own genuine experience, positive or negative;</li>
            <li>
              review a business you own, work for, are related to or have a financial interest in, or a competitor of
              one;
            </li>
            <li>ask, pay or arrange for anyone else to write a review, or write one for someone else;</li>
            <li>write several reviews of the same business, or share an account to do so.</li>
          </ul>
        </LegalSection>

        <LegalSection id="incentivised" title="3. Incentivised reviews are not allowed">
          <p>
            We do not publish incentivised reviews: reviews written in return for money, a discount, a free meal or
            product, entry to a prize draw, or anything else of value. Because we do not allow them, there is no label
            for them on HBS; a review we find was incentivised is removed. Businesses must not offer anything in return
            for a review on HBS, and must not offer rewards only for positive reviews anywhere.
          </p>
        </LegalSection>

        <LegalSection id="what-we-check" title="4. What we check before publishing">
          <p>
            Every review goes through the same checks, whatever its star rating: positive and negative reviews are
            treated alike. A review is published at once unless there is a reason to doubt it; it is then held for a
            member of our team to read before it appears. We hold a review when:
          </p>
          <ul>
            {Object.entries(HOLD_REASONS).map(([key, reason]) => (
              <li key={key}>{reason.charAt(0).toLowerCase() + reason.slice(1)};</li>
            ))}
          </ul>
          <p>
            We compare text with other reviews after setting aside capital letters, punctuation and spacing. We know the
            network a review came from only as a code that cannot be turned back into an address, and we use it only for
            this check. We tell you by e-mail when your review is published, when it is held for a check, and if we
            remove it, with the reason.
          </p>
          <p>
            We also keep these checks under review: we look at reports, at patterns across reviews, and at whether the
            checks still catch what they should.
          </p>
        </LegalSection>

        <LegalSection id="negative-reviews" title="5. We publish genuine negative reviews">
          <p>
            We publish genuine reviews whether they are good or bad, and we show every published review: the average and
            count on a business&rsquo;s page include them all, and you can read them newest first, highest rated or
            lowest rated. <strong>Businesses cannot remove, edit or hide reviews</strong>, and cannot pay us to. A
            business that reports a review does not make it disappear: it stays up while our team looks at the report,
            and comes down only if it breaks this policy.
          </p>
        </LegalSection>

        <LegalSection id="reporting" title="6. How to report a review">
          <p>
            Anyone, signed in or not, can report a review with the &ldquo;Report this review&rdquo; link under it. Tell
            us why you think it breaks this policy, for example that it is fake, was paid for, or was written by the
            business or a competitor. Our team reads every report and either keeps the review or removes it. You can
            also write to us at{" "}
            <a href={`mailto:${site.email}`} className={legalLinkClass}>
              {site.email}
            </a>{" "}
            or through the{" "}
            <Link to="/contact" className={legalLinkClass}>
              contact page
            </Link>
            .
          </p>
        </LegalSection>

        <LegalSection id="consequences" title="7. What happens to those who break this policy">
          <ul>
            <li>We remove the review, and tell its author why.</li>
            <li>
              A member whose review we remove as fake can no longer write reviews on HBS, and we may close their
              account.
            </li>
            <li>
              A business we find buying, writing or arranging fake reviews, or offering incentives for them, carries a
              warning on its page saying so, and we may remove it from the directory.
            </li>
            <li>
              Where the law has been broken we may tell the Competition and Markets Authority or Trading Standards.
            </li>
          </ul>
        </LegalSection>

        <LegalSection id="averages" title="8. Averages and counts">
          <p>
            The average rating and the number of reviews shown on a business&rsquo;s card and page are worked out from
            all its published reviews, and change as soon as a review is published, edited, deleted or removed. Reviews
            held for a check or removed are not counted.
          </p>
        </LegalSection>
      </article>
    </>
  );
}
