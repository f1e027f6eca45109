// The fair price guide on /sell and on each of the seller's listings
// (decision 0086): what similar listings on HBS ask, as multiples, and what
// that makes of the seller's own figures. Never called a valuation.
import { listingCategoryLabel } from "~/lib/categories";
import { formatPence } from "~/lib/money";
import { plural } from "~/lib/plural";
import {
  askingPosition,
  estimatedPrices,
  formatMultiple,
  guideFigureWords,
  hasGuide,
  MIN_GUIDE_LISTINGS,
  type GuideFigure,
  type PriceGuide,
} from "../price-guide";

/** The seller's own figures in pence; with an asking price, where it sits rather than what it might be. */
export interface OwnFigures {
  askingPricePence?: number | null;
  profit: number | null;
  turnover: number | null;
}

const FIGURES: GuideFigure[] = ["profit", "turnover"];

const positionWords = { below: "below", within: "within", above: "above" } as const;

function Yours({ guide, figure, own }: { guide: PriceGuide; figure: GuideFigure; own: OwnFigures }) {
  const multiple = guide[figure];
  const figurePence = own[figure];
  if (!multiple || !figurePence || figurePence <= 0) return null;
  const words = guideFigureWords[figure];
  if (own.askingPricePence) {
    const { own: ownMultiple, position } = askingPosition(own.askingPricePence, figurePence, multiple);
    return (
      <p className="font-medium text-slate-900">
        Your asking price is {formatMultiple(ownMultiple)} your {words}: {positionWords[position]} the middle half.
      </p>
    );
  }
  const prices = estimatedPrices(multiple, figurePence);
  return (
    <p className="font-medium text-slate-900">
      From your {words} of {formatPence(figurePence)}: {formatPence(prices.low)} to {formatPence(prices.high)}, median{" "}
      {formatPence(prices.median)}.
    </p>
  );
}

/** Each multiple with its median, middle half and count, the seller's figures against it, and how it is worked out. */
export function GuideFigures({ guide, category, own }: { guide: PriceGuide; category: string; own: OwnFigures }) {
  return (
    <div className="grid gap-3 text-sm text-slate-800">
      <dl className="grid gap-3 sm:grid-cols-2">
        {FIGURES.map((figure) => {
          const multiple = guide[figure];
          return (
            <div key={figure} className="grid content-start gap-0.5">
              <dt className="font-semibold text-slate-900">Asking price ÷ {guideFigureWords[figure]}</dt>
              {multiple ? (
                <dd className="grid gap-0.5">
                  <p>
                    Median <strong>{formatMultiple(multiple.median)}</strong>; middle half{" "}
                    {formatMultiple(multiple.lower)} to {formatMultiple(multiple.upper)}; from{" "}
                    {plural(multiple.count, "listing")}.
                  </p>
                  <Yours guide={guide} figure={figure} own={own} />
                </dd>
              ) : (
                <dd>Not enough data yet: fewer than {MIN_GUIDE_LISTINGS} listings show it.</dd>
              )}
            </div>
          );
        })}
      </dl>
      <p className="text-slate-700">
        How it is worked out: each published or sold {listingCategoryLabel(category)} listing on HBS, other than yours,
        that shows its asking price and its net profit or turnover gives one multiple; we show the middle one and the
        middle half of them (lower to upper quartile), so one unusual listing does not sway it. Figures a seller keeps
        confidential are never used.
      </p>
      <p className="text-slate-700">
        <strong className="text-slate-900">This is not a valuation.</strong> Asking prices are not sale prices, and your
        business&apos;s premises, lease and trend matter more; an accountant or a business valuer can value it.
      </p>
    </div>
  );
}

/** Below five listings for both multiples: said, rather than a figure that means little. */
export function NotEnoughData({ category, titled = false }: { category: string; titled?: boolean }) {
  return (
    <p className="text-sm text-slate-700">
      <span className="font-semibold text-slate-900">
        {titled ? "Not enough data yet." : `Price guide for ${listingCategoryLabel(category)}: not enough data yet.`}
      </span>{" "}
      It needs at least {MIN_GUIDE_LISTINGS} listings on HBS that show their asking price and net profit or turnover.
    </p>
  );
}

/**
 * On /sell's figures step, for the category chosen on the first: folded to
 * one line, so the form's own fields and its Continue button stay near the
 * top of a phone's screen.
 */
export function SellPriceGuide({
  guides,
  category,
  own,
}: {
  guides: Record<string, PriceGuide>;
  category: string;
  own: OwnFigures;
}) {
  if (!category) return null;
  const guide = guides[category];
  if (!hasGuide(guide)) return <NotEnoughData category={category} />;
  const headline = FIGURES.find((figure) => guide[figure])!;
  return (
    <details className="rounded-md border border-brand-100 bg-brand-50 px-4 py-3">
      <summary className="cursor-pointer text-sm font-semibold text-brand-900">
        Price guide for {listingCategoryLabel(category)}: median {formatMultiple(guide[headline]!.median)}{" "}
        {guideFigureWords[headline]}
      </summary>
      <div className="mt-3">
        <GuideFigures guide={guide} category={category} own={own} />
      </div>
    </details>
  );
}
