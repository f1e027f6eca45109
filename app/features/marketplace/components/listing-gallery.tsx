import { imageLoading, srcSetOf } from "~/lib/images";
import { useImageViewer } from "./image-viewer-on-demand";
import type { ListingSummary } from "./listing-types";
import { photoAlt } from "./listing-text";

// The first photo spans the page's main column (two thirds of it on a wide
// screen); the others are two or three to a row below it.
const MAIN_PHOTO_SIZES = "(min-width: 1152px) 720px, (min-width: 1024px) 62vw, 92vw";
const THUMBNAIL_SIZES = "(min-width: 1152px) 232px, (min-width: 1024px) 20vw, (min-width: 640px) 30vw, 46vw";

/**
 * The photos on a listing's page. Each opens the full-screen viewer at its
 * index; without JavaScript they are plain images.
 */
export function ListingGallery({ listing }: { listing: ListingSummary }) {
  const { openViewer, viewer } = useImageViewer(listing);
  const total = listing.images.length;
  return (
    <>
      <ul aria-label="Photos" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {listing.images.map((image, index) => (
          <li key={image} className={index === 0 ? "col-span-2 sm:col-span-3" : undefined}>
            <button
              type="button"
              onClick={(event) => openViewer(index, event.currentTarget)}
              className="block w-full overflow-hidden rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2"
              aria-label={`View photo ${index + 1} of ${total}`}
            >
              <img
                src={image}
                srcSet={srcSetOf(image)}
                sizes={index === 0 ? MAIN_PHOTO_SIZES : THUMBNAIL_SIZES}
                alt={photoAlt(index, total, listing.title)}
                width={1200}
                height={800}
                // The first is the page's largest picture: fetched first.
                {...imageLoading(index === 0)}
                decoding="async"
                className="aspect-[3/2] w-full object-cover transition-transform hover:scale-[1.02]"
              />
            </button>
          </li>
        ))}
      </ul>
      {viewer}
    </>
  );
}
