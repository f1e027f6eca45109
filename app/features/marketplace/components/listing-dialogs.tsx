import { useRef, useState, type ReactNode } from "react";
import { ImageViewer } from "./image-viewer";
import { ListingDetailDialog } from "./listing-detail-dialog";
import type { ListingSummary } from "./listing-types";
import { RegisterInterestDialog } from "./register-interest-dialog";

export interface ListingDialogs {
  /** Opens the detail dialog; focus returns to `opener` when the flow ends. */
  openDetails: (opener?: HTMLElement | null) => void;
  /** Opens the register-interest dialog; focus returns to `opener` on closing. */
  openInterest: (opener?: HTMLElement | null) => void;
  /** Opens the image viewer at `index`; focus returns to `opener` on closing. */
  openViewer: (index: number, opener?: HTMLElement | null) => void;
  /** The three dialogs, closed until opened: render this once, anywhere. */
  dialogs: ReactNode;
}

type Modal = "details" | "interest" | null;

/**
 * The open/closed state of one listing's detail dialog, register-interest
 * dialog and image viewer, so a card (or the listing's page) only wires
 * buttons to `openDetails`, `openInterest` and `openViewer`.
 *
 * The detail dialog's 'Register Interest' replaces it with the register-
 * interest dialog; its thumbnails open the viewer on top of it. Focus goes
 * back to the element that started each flow.
 */
export function useListingDialogs(listing: ListingSummary): ListingDialogs {
  const [modal, setModal] = useState<Modal>(null);
  const [viewer, setViewer] = useState({ open: false, index: 0 });
  const modalOpener = useRef<HTMLElement | null>(null);
  const viewerOpener = useRef<HTMLElement | null>(null);

  function openViewer(index: number, opener?: HTMLElement | null) {
    viewerOpener.current = opener ?? null;
    setViewer({ open: true, index });
  }

  const dialogs = (
    <>
      <ListingDetailDialog
        listing={listing}
        open={modal === "details"}
        onOpenChange={(open) => setModal(open ? "details" : null)}
        onOpenImage={openViewer}
        onRegisterInterest={() => setModal("interest")}
        returnFocusRef={modalOpener}
      />
      <RegisterInterestDialog
        listing={listing}
        open={modal === "interest"}
        onOpenChange={(open) => setModal(open ? "interest" : null)}
        returnFocusRef={modalOpener}
      />
      <ImageViewer
        images={listing.images}
        title={listing.title}
        index={viewer.index}
        onIndexChange={(index) => setViewer({ open: true, index })}
        open={viewer.open}
        onOpenChange={(open) => setViewer((v) => ({ ...v, open }))}
        returnFocusRef={viewerOpener}
      />
    </>
  );

  return {
    openDetails(opener) {
      modalOpener.current = opener ?? null;
      setModal("details");
    },
    openInterest(opener) {
      modalOpener.current = opener ?? null;
      setModal("interest");
    },
    openViewer,
    dialogs,
  };
}
