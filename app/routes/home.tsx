import { ArrowRight, Megaphone, Store, TrendingUp } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { getSessionUser } from "~/features/account/session.server";
import { featuredBusinesses } from "~/features/directory/businesses.server";
import { BusinessSlide } from "~/features/home/featured-cards";
import { FeaturedSection } from "~/features/home/featured-section";
import { HeroSearch } from "~/features/home/hero-search";
import { ListingCard } from "~/features/marketplace/components/listing-card";
import { featuredListings } from "~/features/marketplace/listings.server";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/home";

export async function loader({ request }: Route.LoaderArgs) {
  const [businesses, listings] = await Promise.all([
    featuredBusinesses(),
    getSessionUser(request).then((viewer) => featuredListings(viewer)),
  ]);
  // Only what the cards show goes to the browser.
  return {
    businesses: businesses.map((b) => ({
      slug: b.slug,
      name: b.name,
      category: b.category,
      town: b.town,
      description: b.description,
      image: b.image,
      featured: b.featured,
    })),
    // The spec's home page opens the detail dialog, register-interest dialog
    // and image viewer from these cards, so they get the whole card.
    listings,
  };
}

export const meta: Route.MetaFunction = () => [
  { title: "HBS — the UK marketplace and directory for halal businesses" },
  {
    name: "description",
    content: "Find halal restaurants, cafés, shops and services near you, or buy and sell a halal business in the UK.",
  },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { businesses, listings } = loaderData;
  return (
    <>
      <section className="relative isolate overflow-hidden bg-gradient-to-br from-brand-800 to-brand-950 text-white">
        {/* Soft light behind the search box; decoration only. Radial
            gradients rather than blurred circles: the same glow, without a
            blur filter for a phone to paint. */}
        <div aria-hidden className="pointer-events-none absolute inset-0 -z-10">
          <div className="absolute -top-48 -right-40 size-[40rem] rounded-full bg-[radial-gradient(closest-side,--alpha(var(--color-brand-500)/20%),transparent)]" />
          <div className="absolute -bottom-56 -left-40 size-[38rem] rounded-full bg-[radial-gradient(closest-side,--alpha(var(--color-gold-400)/10%),transparent)]" />
        </div>
        <div className="mx-auto flex max-w-6xl flex-col items-start px-4 py-16 sm:items-center sm:py-24 sm:text-center">
          <h1 className="max-w-4xl text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">
            Find, buy and grow halal businesses across the UK
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-pretty text-brand-50 sm:text-xl">
            The directory of trusted halal businesses and the marketplace for halal businesses for sale.
          </p>
          <HeroSearch className="mt-10 max-w-3xl" />
          <div className="mt-8 grid w-full grid-cols-2 gap-3 sm:flex sm:w-auto sm:justify-center sm:gap-4">
            <Link
              to="/halal-network-space"
              className={cn(buttonVariants({ variant: "accent", size: "lg" }), "max-sm:px-3 max-sm:text-sm")}
            >
              Explore directory
              <ArrowRight aria-hidden className="max-sm:hidden" />
            </Link>
            <Link
              to="/buy"
              className={cn(buttonVariants({ variant: "inverse", size: "lg" }), "max-sm:px-3 max-sm:text-sm")}
            >
              View all listings
            </Link>
          </div>
        </div>
      </section>

      <FeaturedSection
        title="Featured businesses"
        description="Trusted halal restaurants, takeaways and services from the HBS directory."
        link={{ to: "/halal-network-space", label: "Explore directory" }}
        slides={businesses.map((business) => (
          <BusinessSlide key={business.slug} business={business} />
        ))}
        emptyMessage="No featured businesses just now. Explore the directory to see them all."
      />

      <FeaturedSection
        className="border-y border-slate-200 bg-white"
        title="Businesses for sale"
        description="Halal businesses on the market now, from takeaways to cafés."
        link={{ to: "/buy", label: "View all listings" }}
        slides={listings.map((listing) => (
          <ListingCard key={listing.slug} listing={listing} headingLevel={3} className="h-full" />
        ))}
        emptyMessage="No featured businesses for sale just now. View all listings to see what is on the market."
      />

      <section aria-labelledby="packages-title" className="mx-auto max-w-6xl px-4 py-16">
        <div className="grid items-center gap-8 rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200 md:grid-cols-2">
          <div>
            <h2 id="packages-title" className="text-3xl font-bold tracking-tight">
              Grow your halal business
            </h2>
            <p className="mt-3 text-slate-700">
              Promote your business to customers who are looking for halal, or let us optimise your Google profile and
              reviews.
            </p>
          </div>
          <div className="flex flex-wrap gap-4 md:justify-end">
            <Link to="/promote" className={buttonVariants({ size: "lg" })}>
              <Megaphone aria-hidden />
              Promote Your Business
            </Link>
            <Link to="/promote" className={buttonVariants({ variant: "outline", size: "lg" })}>
              <TrendingUp aria-hidden />
              Optimise Your Business
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="sell-title" className="bg-brand-50">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-16 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 id="sell-title" className="text-3xl font-bold tracking-tight">
              Thinking of selling?
            </h2>
            <p className="mt-3 max-w-xl text-slate-700">
              List your business with HBS and reach buyers who value a halal business like yours.
            </p>
          </div>
          <Link to="/sell" className={buttonVariants({ size: "lg" })}>
            <Store aria-hidden />
            Sell your business
          </Link>
        </div>
      </section>
    </>
  );
}
