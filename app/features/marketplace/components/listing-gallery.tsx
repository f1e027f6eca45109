import { useListingDialogs } from "./listing-dialogs";
import type { ListingSummary } from "./listing-types";
import { photoAlt } from "./listing-text";

/**
 * The photos on a listing's page. Each opens the full-screen viewer at its
 * index; without JavaScript they are plain images.
 */
export function ListingGallery({ listing }: { listing: ListingSummary }) {
  const { openViewer, dialogs } = useListingDialogs(listing);
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
                alt={photoAlt(index, total, listing.title)}
                width={1200}
                height={800}
                loading={index === 0 ? "eager" : "lazy"}
                decoding="async"
                className="aspect-[3/2] w-full object-cover transition-transform hover:scale-[1.02]"
              />
            </button>
          </li>
        ))}
      </ul>
      {dialogs}
    </>
  );
}
