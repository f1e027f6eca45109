// A saved search's filters in words, for /my-searches and a name to suggest on /buy.
import { listingCategories } from "~/lib/categories";
import { formatPence } from "~/lib/money";
import { paymentTermLabels, tenureLabels } from "~/features/marketplace/listing-facts";
import { parseListingQuery } from "~/features/marketplace/listing-query.server";
import { DEFAULT_RADIUS_MILES } from "~/features/places/postcode";

export function describeSearch(queryString: string): string {
  const params = new URLSearchParams(queryString);
  const query = parseListingQuery(params);
  const near = params.get("near");
  const radius = params.get("radius") ?? String(DEFAULT_RADIUS_MILES);
  // Read as a search: what, matching which words, where (never "All categories"); then the figures.
  const head = [
    query.category ? listingCategories[query.category] : "Businesses",
    query.search && `matching “${query.search}”`,
    query.location && `in ${query.location}`,
    near && `within ${radius} ${radius === "1" ? "mile" : "miles"} of ${near}`,
  ];
  const figures = [
    query.minPricePence !== undefined && `from ${formatPence(query.minPricePence)}`,
    query.maxPricePence !== undefined && `up to ${formatPence(query.maxPricePence)}`,
    query.minTurnoverPence !== undefined && `turnover from ${formatPence(query.minTurnoverPence)}`,
    query.minProfitPence !== undefined && `profit from ${formatPence(query.minProfitPence)}`,
    query.tenure && tenureLabels[query.tenure],
    query.minLeaseYears !== undefined && `${query.minLeaseYears}+ years' lease`,
    query.accommodation && "with accommodation",
    query.relocatable && "relocatable",
    query.hideUnderOffer && "not under offer",
    query.newThisWeek && "new this week",
    query.priceReduced && "price reduced",
    query.figuresChecked && "figures checked by HBS",
    query.accepts && `accepting ${query.accepts.map((term) => paymentTermLabels[term].toLowerCase()).join(" or ")}`,
  ].filter(Boolean);
  const what = head.filter(Boolean).join(" ");
  if (what === "Businesses" && figures.length === 0) return "All businesses for sale";
  return [what, ...figures].join(", ");
}
