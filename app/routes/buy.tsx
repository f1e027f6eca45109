import { Search } from "lucide-react";
import { Form, useSearchParams } from "react-router";
import { FiltersDisclosure, useSubmitOnChange } from "~/components/layout/filters-disclosure";
import { PageHero } from "~/components/layout/page-hero";
import { ListResults } from "~/components/layout/list-results";
import { Button } from "~/components/ui/button";
import { Input, Label, Select } from "~/components/ui/form-controls";
import { getSessionUser } from "~/features/account/session.server";
import { SaveSearchForm } from "~/features/alerts/components/save-search-form";
import { listingsEnquiredBy } from "~/features/enquiries/enquiries.server";
import { describeSearch } from "~/features/alerts/describe.server";
import { keptSearchQuery } from "~/features/alerts/saved-searches.server";
import { saveSearch } from "~/features/alerts/save-search.server";
import { FactFilters, usesFactFilters } from "~/features/marketplace/components/fact-filters";
import { ListingCard } from "~/features/marketplace/components/listing-card";
import { listingSorts, type ListingSort } from "~/features/marketplace/listing-query";
import { countListingFilters, parseListingQuery } from "~/features/marketplace/listing-query.server";
import { listingTowns, searchListings } from "~/features/marketplace/listings.server";
import { ResultsMap, ResultsViews } from "~/features/places/components/map-view";
import { NearNotice, WhereFields } from "~/features/places/components/near-fields";
import { mapTiles } from "~/features/places/map-tiles.server";
import { nearFilter, readNearSearch } from "~/features/places/places.server";
import { listingCategories } from "~/lib/categories";
import { parseLocationCookie } from "~/lib/user-location";
import { limitTextSearch } from "~/server/search-limit.server";
import type { Route } from "./+types/buy";

export const meta: Route.MetaFunction = () => [
  { title: "Buy a business | HBS" },
  { name: "description", content: "Browse verified halal businesses for sale across the UK." },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getSessionUser(request);
  const params = new URL(request.url).searchParams;
  const query = parseListingQuery(params);
  await limitTextSearch(context, [query.search, query.location]);
  const origin = parseLocationCookie(request.headers.get("cookie"));
  const near = await readNearSearch(params);
  const [result, towns] = await Promise.all([searchListings(query, origin, nearFilter(near), viewer), listingTowns()]);
  // One query for the page's cards: which of them the member registered interest in.
  const enquired = viewer ? await listingsEnquiredBy(viewer.id, result.items) : {};
  const suggestedName = describeSearch(keptSearchQuery(query, near)).slice(0, 100);
  const view = params.get("view") === "map" ? ("map" as const) : ("list" as const);
  const located = origin !== null || Boolean(near?.place);
  const filterCount = countListingFilters(query, Boolean(near?.place));
  return {
    query,
    near,
    view,
    tiles: view === "map" ? mapTiles() : null,
    towns,
    located,
    suggestedName,
    filterCount,
    enquired,
    ...result,
  };
}

/** "Save this search" (decision 0031). */
export async function action({ request }: Route.ActionArgs) {
  return saveSearch(request);
}

export default function Buy({ loaderData, actionData }: Route.ComponentProps) {
  const { query, near, view, tiles, towns, located, items, total, sort, suggestedName, filterCount, enquired } =
    loaderData;
  const [params] = useSearchParams();
  // A refused body's answer is plain text, not this page's data.
  const saveError = actionData && typeof actionData === "object" ? actionData.saveError : undefined;
  const submitOnChange = useSubmitOnChange();
  const sorts = (Object.keys(listingSorts) as ListingSort[]).filter((s) => s !== "nearest" || located);
  const filtered = Boolean(query.search || query.category || query.location || usesFactFilters(query) || near);
  return (
    <>
      <PageHero title="Buy a business">Browse verified halal businesses for sale across the UK</PageHero>
      <div className="mx-auto max-w-6xl px-4 pt-6 pb-10 sm:py-10">
        <Form
          method="get"
          role="search"
          aria-label="Search businesses for sale"
          className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          <div className="grid gap-1">
            <Label htmlFor="buy-search">Search</Label>
            <Input
              id="buy-search"
              type="search"
              name="search"
              defaultValue={query.search ?? ""}
              key={query.search ?? ""}
              placeholder="Search businesses..."
              maxLength={100}
              enterKeyHint="search"
            />
          </div>
          {view === "map" ? <input type="hidden" name="view" value="map" /> : null}
          <FiltersDisclosure count={filterCount} startsOpen={Boolean(query.filterErrors)}>
            <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-[1fr_1fr_3fr] lg:items-end">
              <div className="grid gap-1">
                <Label htmlFor="buy-category">Category</Label>
                <Select
                  id="buy-category"
                  name="category"
                  defaultValue={query.category ?? ""}
                  key={`c${query.category}`}
                  onChange={submitOnChange}
                >
                  <option value="">All categories</option>
                  {Object.entries(listingCategories).map(([code, label]) => (
                    <option key={code} value={code}>
                      {label}
                    </option>
                  ))}
                </Select>
              </div>
              <div className="grid gap-1">
                <Label htmlFor="buy-sort">Sort by</Label>
                <Select id="buy-sort" name="sort" defaultValue={sort} key={`s${sort}`} onChange={submitOnChange}>
                  {sorts.map((value) => (
                    <option key={value} value={value}>
                      {listingSorts[value]}
                    </option>
                  ))}
                </Select>
              </div>
              <div className="md:col-span-2 lg:col-span-1">
                <WhereFields
                  idPrefix="buy"
                  towns={towns}
                  location={query.location}
                  allLocations="All locations"
                  onLocationChange={submitOnChange}
                  near={near}
                />
              </div>
            </div>
            <div className="flex flex-col gap-4 lg:flex-row lg:items-start">
              <FactFilters query={query} />
              <Button type="submit">
                <Search aria-hidden />
                Search
              </Button>
            </div>
          </FiltersDisclosure>
        </Form>
        <NearNotice near={near} />
        {/* One row on a phone: the views, and saving the search (its form opens below, on a row of its own). */}
        <div className="mt-4 flex flex-wrap items-start gap-3">
          <ResultsViews params={params} view={view} />
          <SaveSearchForm suggestedName={suggestedName} error={saveError} />
        </div>
        {tiles ? (
          <ResultsMap
            tiles={tiles}
            shownCount={items.length}
            markers={items.flatMap((l) =>
              l.latitude !== null && l.longitude !== null
                ? [
                    {
                      latitude: l.latitude,
                      longitude: l.longitude,
                      title: l.title,
                      detail: l.town,
                      href: `/buy/${l.slug}`,
                    },
                  ]
                : [],
            )}
          />
        ) : null}
        <ListResults
          label="Businesses for sale"
          items={items}
          total={total}
          page={query.page}
          itemKey={(listing) => listing.id}
          renderItem={(listing, index) => (
            <ListingCard listing={listing} eager={index === 0} enquired={enquired[listing.id]} />
          )}
          emptyMessage="No businesses for sale match your search."
          clearHref="/buy"
          filtered={filtered}
        />
      </div>
    </>
  );
}
