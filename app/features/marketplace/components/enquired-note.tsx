import { Link } from "react-router";
import type { ListingEnquired } from "~/features/enquiries/enquiry-kinds";

/**
 * "You enquired on 28 Nov 2026. Open the conversation": on a listing's page
 * and its cards, for the member who registered interest in it.
 */
export function EnquiredNote({ enquired, describedBy }: { enquired: ListingEnquired; describedBy?: string }) {
  return (
    <p className="mt-3 rounded-lg bg-brand-50 px-3 py-2 text-sm text-slate-800">
      You enquired on <time dateTime={enquired.dateTime}>{enquired.date}</time>.{" "}
      {/* On a card, described by its title: a list has as many of these links as cards. */}
      <Link
        to={enquired.href}
        aria-describedby={describedBy}
        className="font-semibold whitespace-nowrap text-brand-800 underline"
      >
        {enquired.linkText}
      </Link>
    </p>
  );
}
