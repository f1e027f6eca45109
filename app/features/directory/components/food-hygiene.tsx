// The FSA's food hygiene rating as its terms ask (decision 0029): the rating in
// words with the date of the inspection, where it came from, a link to the
// FSA's page for the current rating, and no endorsement implied. Text, not the
// FSA's images: screen readers read it and the Brand Standard's rules on the
// images do not arise.
import { formatCalendarDay } from "~/lib/dates";
import {
  FSA_SOURCE,
  fsaBusinessUrl,
  hygieneHeading,
  hygieneRatingText,
  OGL_URL,
  type HygieneFacts,
} from "~/features/directory/food-hygiene";

const linkClass = "font-medium text-brand-800 underline underline-offset-4 hover:text-brand-900";

/** A card's line: "Food hygiene rating 5 (very good) · 12 Mar 2025 · Food Standards Agency". */
export function HygieneLine({ hygiene, businessName }: { hygiene: HygieneFacts | null; businessName: string }) {
  if (!hygiene) return null;
  return (
    <p className="text-sm text-slate-700">
      {hygieneHeading(hygiene)} <strong className="font-semibold text-slate-900">{hygieneRatingText(hygiene)}</strong>
      {hygiene.ratingDate ? <> · {formatCalendarDay(hygiene.ratingDate)}</> : null} ·{" "}
      <a href={fsaBusinessUrl(hygiene.fhrsid)} target="_blank" rel="noopener noreferrer" className={linkClass}>
        Food Standards Agency<span className="sr-only"> rating for {businessName}</span>
      </a>
    </p>
  );
}

/** The business page's "Food hygiene" panel. */
export function HygienePanel({ hygiene }: { hygiene: HygieneFacts | null }) {
  if (!hygiene) return null;
  return (
    <section
      aria-labelledby="food-hygiene-title"
      className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="food-hygiene-title" className="text-xl font-semibold">
        Food hygiene
      </h2>
      <dl className="mt-3 grid gap-2 text-sm">
        <div className="grid gap-0.5 sm:grid-cols-[14rem_1fr]">
          <dt className="font-semibold">{hygieneHeading(hygiene)}</dt>
          <dd>{hygieneRatingText(hygiene)}</dd>
        </div>
        <div className="grid gap-0.5 sm:grid-cols-[14rem_1fr]">
          <dt className="font-semibold">Date of inspection</dt>
          <dd>{hygiene.ratingDate ? formatCalendarDay(hygiene.ratingDate) : "Not yet inspected"}</dd>
        </div>
      </dl>
      <p className="mt-3 text-sm">
        <a href={fsaBusinessUrl(hygiene.fhrsid)} target="_blank" rel="noopener noreferrer" className={linkClass}>
          See the current rating on the Food Standards Agency&apos;s website
        </a>
      </p>
      <p className="mt-3 text-xs text-slate-600">
        {FSA_SOURCE}: it reflects the standards of food hygiene the local authority found on the date of inspection. HBS
        copies it from the FSA&apos;s open data, which the FSA updates daily; the FSA does not endorse HBS or this
        business. Contains public sector information licensed under the{" "}
        <a href={OGL_URL} target="_blank" rel="noopener noreferrer" className="underline underline-offset-2">
          Open Government Licence v3.0
        </a>
        .
      </p>
    </section>
  );
}
