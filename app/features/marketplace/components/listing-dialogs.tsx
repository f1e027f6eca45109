import { lazy, Suspense, useRef, useState, type ReactNode } from "react";
import type { ListingSummary } from "./listing-types";

// Loaded when a visitor first opens one, not with the page: the dialogs and
// the enquiry form's validation are most of a list page's JavaScript.
const ListingDetailDialog = lazy(() =>
  import("./listing-detail-dialog").then((m) => ({ default: m.ListingDetailDialog })),
);
const RegisterInterestDialog = lazy(() =>
  import("./register-interest-dialog").then((m) => ({ default: m.RegisterInterestDialog })),
);
const ImageViewer = lazy(() => import("./image-viewer").then((m) => ({ default: m.ImageViewer })));

export interface ListingDialogs {
  /** Opens the detail dialog; focus returns to `opener` when the flow ends. */
  openDetails: (opener?: HTMLElement | null) => void;
  /** Opens the register-interest dialog; focus returns to `opener` on closing. */
  openInterest: (opener?: HTMLElement | null) => void;
  /** Opens the image viewer at `index`; focus returns to `opener` on closing. */
  openViewer: (index: number, opener?: HTMLElement | null) => void;
  /** The three dialogs, absent until one is first opened: render this once, anywhere. */
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
  const [used, setUsed] = useState(false);
  const modalOpener = useRef<HTMLElement | null>(null);
  const viewerOpener = useRef<HTMLElement | null>(null);

  function openViewer(index: number, opener?: HTMLElement | null) {
    viewerOpener.current = opener ?? null;
    setUsed(true);
    setViewer({ open: true, index });
  }

  const dialogs = used ? (
    <Suspense fallback={null}>
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
    </Suspense>
  ) : null;

  return {
    openDetails(opener) {
      modalOpener.current = opener ?? null;
      setUsed(true);
      setModal("details");
    },
    openInterest(opener) {
      modalOpener.current = opener ?? null;
      setUsed(true);
      setModal("interest");
    },
    openViewer,
    dialogs,
  };
}
