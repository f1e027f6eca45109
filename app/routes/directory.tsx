import { Search } from "lucide-react";
import { Form, Link, useSearchParams } from "react-router";
import { FiltersDisclosure, useSubmitOnChange } from "~/components/layout/filters-disclosure";
import { ListResults } from "~/components/layout/list-results";
import { PageHero } from "~/components/layout/page-hero";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/form-controls";
import { BusinessCard } from "~/features/directory/components/business-card";
import { DirectoryFilterFields } from "~/features/directory/components/directory-filters";
import { EVIDENCE_RULES_PATH } from "~/features/directory/evidence-level";
import { countDirectoryFilters, parseDirectoryQuery } from "~/features/directory/directory-query.server";
import { businessTowns, searchBusinesses } from "~/features/directory/businesses.server";
import { NearNotice, WhereFields } from "~/features/places/components/near-fields";
import { ResultsMap, ResultsViews } from "~/features/places/components/map-view";
import { mapTiles } from "~/features/places/map-tiles.server";
import { nearFilter, readNearSearch } from "~/features/places/places.server";
import { directoryTabs } from "~/lib/categories";
import { markerDetail } from "~/features/places/placement";
import { withParams } from "~/lib/list-query";
import { parseLocationCookie } from "~/lib/user-location";
import { cn } from "~/lib/utils";
import { limitTextSearch } from "~/server/search-limit.server";
import type { Route } from "./+types/directory";

export const meta: Route.MetaFunction = () => [
  { title: "The Halal Directory | HBS" },
  { name: "description", content: "Find halal restaurants, takeaways, shops and services near you across the UK." },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = parseDirectoryQuery(params);
  await limitTextSearch(context, [query.search, query.location]);
  const origin = parseLocationCookie(request.headers.get("cookie"));
  const now = new Date();
  const near = await readNearSearch(params);
  const [result, towns] = await Promise.all([searchBusinesses(query, origin, now, nearFilter(near)), businessTowns()]);
  const view = params.get("view") === "map" ? ("map" as const) : ("list" as const);
  return {
    query,
    near,
    view,
    tiles: view === "map" ? mapTiles() : null,
    towns,
    filterCount: countDirectoryFilters(query, Boolean(near?.place)),
    total: result.total,
    items: result.items,
  };
}

export default function Directory({
  loaderData: { query, near, view, tiles, towns, filterCount, items, total },
}: Route.ComponentProps) {
  const [params] = useSearchParams();
  const submitOnChange = useSubmitOnChange();
  const filtered = Boolean(
    query.search || query.location || query.category || Object.keys(query.filters).length || near,
  );
  return (
    <>
      <PageHero title="The Halal Directory">Find trusted halal businesses across the UK.</PageHero>
      <div className="mx-auto max-w-6xl px-4 pt-6 pb-10 sm:py-10">
        <Form
          method="get"
          role="search"
          aria-label="Search the directory"
          className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          {query.category ? <input type="hidden" name="category" value={query.category} /> : null}
          {view === "map" ? <input type="hidden" name="view" value="map" /> : null}
          <div className="grid gap-1">
            <Label htmlFor="directory-search">Business name</Label>
            <Input
              id="directory-search"
              type="search"
              name="search"
              defaultValue={query.search ?? ""}
              key={query.search ?? ""}
              placeholder="Search by business name"
              maxLength={100}
              enterKeyHint="search"
            />
          </div>
          <FiltersDisclosure count={filterCount} startsOpen={false}>
            <WhereFields
              idPrefix="directory"
              towns={towns}
              location={query.location}
              allLocations="All Locations"
              onLocationChange={submitOnChange}
              near={near}
            />
            <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
              <DirectoryFilterFields filters={query.filters} sort={query.sort} />
              <Button type="submit">
                <Search aria-hidden />
                Search
              </Button>
            </div>
          </FiltersDisclosure>
        </Form>
        <NearNotice near={near} />
        {query.filterNotices.length > 0 ? (
          <div role="status" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            {query.filterNotices.map((notice) => (
              <p key={notice}>{notice}</p>
            ))}
          </div>
        ) : null}

        <nav aria-label="Categories" className="mt-6">
          <ul className="flex flex-wrap gap-2">
            {directoryTabs.map((tab) => {
              const current = query.category === tab.value;
              return (
                <li key={tab.label}>
                  <Link
                    to={withParams(params, { category: tab.value, page: undefined })}
                    aria-current={current ? "page" : undefined}
                    className={cn(
                      buttonVariants({ variant: current ? "default" : "outline", size: "sm" }),
                      "rounded-full",
                    )}
                  >
                    {tab.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>

        <ResultsViews params={params} view={view} className="mt-4" />
        {tiles ? (
          <ResultsMap
            tiles={tiles}
            shownCount={items.length}
            markers={items.flatMap((b) =>
              b.latitude !== null && b.longitude !== null
                ? [
                    {
                      latitude: b.latitude,
                      longitude: b.longitude,
                      title: b.name,
                      detail: markerDetail(b),
                      href: `/halal-network-space/${b.slug}`,
                    },
                  ]
                : [],
            )}
          />
        ) : null}
        <ListResults
          label="Businesses"
          items={items}
          total={total}
          page={query.page}
          itemKey={(business) => business.id}
          renderItem={(business, index) => <BusinessCard business={business} eager={index === 0} />}
          emptyMessage="No businesses found matching your search criteria."
          clearHref="/halal-network-space"
          filtered={filtered}
        />
        <p className="mt-8 text-sm text-slate-700">
          Know a halal place we are missing?{" "}
          <Link to="/halal-network-space/suggest" className="font-semibold text-brand-800 underline">
            Suggest a place
          </Link>
          {" · "}
          <Link to="/halal-network-space/add" className="font-semibold text-brand-800 underline">
            Add your own business, free
          </Link>
          {" · "}
          <Link to={EVIDENCE_RULES_PATH} className="font-semibold text-brand-800 underline">
            How we grade halal evidence
          </Link>
        </p>
      </div>
    </>
  );
}
