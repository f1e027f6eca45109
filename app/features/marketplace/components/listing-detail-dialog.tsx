import { Check, MapPin } from "lucide-react";
import { useId, type RefObject } from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { listingCategoryLabel } from "~/lib/categories";
import { formatDistance } from "~/lib/geo";
import { srcSetOf } from "~/lib/images";
import { formatPence } from "~/lib/money";
import { askingPriceLabel, offersLabel } from "./listing-text";
import { underOfferLabel } from "./under-offer";
import type { ListingSummary } from "./listing-types";

export interface ListingDetailDialogProps {
  listing: ListingSummary;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A thumbnail was chosen: open the image viewer at `index`, returning focus to `opener`. */
  onOpenImage: (index: number, opener: HTMLElement) => void;
  /** 'Register Interest' was chosen. */
  onRegisterInterest: () => void;
  /** The element focus returns to on closing. */
  returnFocusRef?: RefObject<HTMLElement | null>;
  /**
   * Called as focus would return on closing; call `event.preventDefault()` to
   * keep it where it is (when another dialog takes over).
   */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * A listing's details in a dialog: title, category, town, asking price,
 * Lease/Month, turnover when known, the full description, the
 * features, every photo (each opens the image viewer there), 'Register
 * Interest' and a link to the listing's own page.
 */
export function ListingDetailDialog({
  listing,
  open,
  onOpenChange,
  onOpenImage,
  onRegisterInterest,
  returnFocusRef,
  onCloseAutoFocus,
}: ListingDetailDialogProps) {
  const total = listing.images.length;
  const id = useId();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-2xl"
        returnFocusRef={returnFocusRef}
        onCloseAutoFocus={onCloseAutoFocus}
        onOpenAutoFocus={(event) => {
          // A long, mostly-text dialog: start at its top (the dialog itself,
          // announced by its title) rather than on the first photo.
          event.preventDefault();
          (event.currentTarget as HTMLElement | null)?.focus();
        }}
      >
        <DialogHeader>
          <div className="flex flex-wrap gap-2">
            <Badge>{listingCategoryLabel(listing.category)}</Badge>
            {listing.featured ? <Badge variant="accent">Featured</Badge> : null}
            <Badge variant="outline">{offersLabel(listing.offersCount)}</Badge>
            {listing.underOfferAt ? (
              <Badge className="bg-amber-100 text-amber-950">{underOfferLabel(listing.underOfferAt)}</Badge>
            ) : null}
          </div>
          <DialogTitle className="text-2xl">{listing.title}</DialogTitle>
          <DialogDescription className="flex items-center gap-1">
            <MapPin aria-hidden className="size-4 shrink-0 text-brand-700" />
            {listing.town}
            {listing.distanceKm != null ? (
              <span> · {formatDistance(listing.distanceKm, listing.distanceUnit)}</span>
            ) : null}
          </DialogDescription>
        </DialogHeader>

        <dl className="grid gap-3 rounded-lg bg-brand-50 p-4 sm:grid-cols-3">
          <div>
            <dt className="text-xs font-semibold tracking-wide text-slate-700 uppercase">Asking price</dt>
            <dd className="text-2xl font-bold text-brand-800">{askingPriceLabel(listing.askingPricePence)}</dd>
          </div>
          {listing.monthlyLeasePence !== null ? (
            <div>
              <dt className="text-xs font-semibold tracking-wide text-slate-700 uppercase">Lease/Month</dt>
              <dd className="text-lg font-semibold text-slate-900">{formatPence(listing.monthlyLeasePence)}</dd>
            </div>
          ) : null}
          {listing.annualRevenuePence !== null ? (
            <div>
              <dt className="text-xs font-semibold tracking-wide text-slate-700 uppercase">Turnover</dt>
              <dd className="text-lg font-semibold text-slate-900">{formatPence(listing.annualRevenuePence)}</dd>
            </div>
          ) : null}
        </dl>

        {total > 0 ? (
          <section aria-labelledby={`${id}-photos`}>
            <h3 id={`${id}-photos`} className="font-semibold text-slate-900">
              Photos
            </h3>
            <ul className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4">
              {listing.images.map((src, index) => (
                <li key={`${index}-${src}`}>
                  <button
                    type="button"
                    aria-label={`View photo ${index + 1} of ${total}`}
                    aria-haspopup="dialog"
                    className="block w-full overflow-hidden rounded-md ring-brand-700 transition hover:opacity-90 hover:ring-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
                    onClick={(event) => onOpenImage(index, event.currentTarget)}
                  >
                    <img
                      src={src}
                      srcSet={srcSetOf(src)}
                      sizes="(min-width: 640px) 160px, 30vw"
                      alt=""
                      width={1200}
                      height={800}
                      loading="lazy"
                      decoding="async"
                      className="aspect-[3/2] w-full object-cover"
                    />
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <section aria-labelledby={`${id}-about`}>
          <h3 id={`${id}-about`} className="font-semibold text-slate-900">
            About this business
          </h3>
          <p className="mt-1 whitespace-pre-line text-slate-800">{listing.description}</p>
        </section>

        {listing.features.length > 0 ? (
          <section aria-labelledby={`${id}-features`}>
            <h3 id={`${id}-features`} className="font-semibold text-slate-900">
              Features
            </h3>
            <ul className="mt-2 grid gap-2 sm:grid-cols-2">
              {listing.features.map((feature) => (
                <li key={feature} className="flex gap-2 text-slate-800">
                  <Check aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
                  <span>{feature}</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <DialogFooter className="border-t border-slate-200 pt-4">
          <Link to={`/buy/${listing.slug}`} className={buttonVariants({ variant: "outline" })}>
            Open the full page
          </Link>
          <Button type="button" aria-haspopup="dialog" onClick={onRegisterInterest}>
            Register Interest
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
