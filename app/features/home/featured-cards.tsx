import { ImageOff, MapPin } from "lucide-react";
import { Link } from "react-router";
import { BusinessBadges } from "~/features/directory/components/business-details";
import { srcSetOf } from "~/lib/images";

/** What a featured directory business's slide shows. */
export interface FeaturedBusiness {
  slug: string;
  name: string;
  category: string;
  town: string;
  description: string;
  image: string | null;
  featured: boolean;
}

// The title's link covers the whole card (its ::after), so the card is one
// link named by the title alone; its focus ring is drawn inside the card so a
// scrolling track never clips it.
const stretchedLink =
  "after:absolute after:inset-0 after:rounded-xl after:content-[''] focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:-outline-offset-3 focus-visible:after:outline-brand-700";

const cardClass =
  "group relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md";

function CardImage({ src, alt }: { src: string | null; alt: string }) {
  if (!src) {
    return (
      <div className="flex aspect-[3/2] w-full items-center justify-center bg-slate-100 text-slate-400">
        <ImageOff aria-hidden className="size-8" />
      </div>
    );
  }
  return (
    <div className="aspect-[3/2] w-full overflow-hidden bg-slate-100">
      <img
        src={src}
        srcSet={srcSetOf(src)}
        // A slide: most of a phone's width, half a tablet's, a third of the page.
        sizes="(min-width: 1152px) 352px, (min-width: 1024px) 30vw, (min-width: 640px) 46vw, 80vw"
        alt={alt}
        width={1200}
        height={800}
        loading="lazy"
        decoding="async"
        draggable={false}
        className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none motion-reduce:group-hover:scale-100"
      />
    </div>
  );
}

function Town({ town }: { town: string }) {
  return (
    <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
      <MapPin aria-hidden className="size-4 shrink-0 text-brand-700" />
      {town}
    </p>
  );
}

export function BusinessSlide({ business }: { business: FeaturedBusiness }) {
  return (
    <article className={cardClass}>
      <CardImage src={business.image} alt={business.name} />
      <div className="flex flex-1 flex-col p-5">
        <div className="flex flex-wrap gap-2">
          <BusinessBadges business={business} />
        </div>
        <h3 className="mt-3 text-lg leading-snug font-semibold text-slate-900">
          <Link to={`/halal-network-space/${business.slug}`} className={stretchedLink}>
            {business.name}
          </Link>
        </h3>
        <Town town={business.town} />
        <p className="mt-3 line-clamp-2 text-sm text-slate-700">{business.description}</p>
      </div>
    </article>
  );
}
