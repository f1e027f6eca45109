import { lazy, Suspense, useRef, useState, type ReactNode } from "react";
import { useMember } from "~/features/account/use-member";
import { useImageViewer } from "./image-viewer-on-demand";
import type { ListingSummary } from "./listing-types";

// Loaded when a visitor first opens one, not with the page: the dialogs and
// the enquiry form's validation are most of a list page's JavaScript.
const ListingDetailDialog = lazy(() =>
  import("./listing-detail-dialog").then((m) => ({ default: m.ListingDetailDialog })),
);
const RegisterInterestDialog = lazy(() =>
  import("./register-interest-dialog").then((m) => ({ default: m.RegisterInterestDialog })),
);

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
 * The open/closed state of one listing card's detail dialog, register-interest
 * dialog and image viewer, so a card only wires buttons to `openDetails`,
 * `openInterest` and `openViewer`.
 *
 * The detail dialog's 'Register Interest' replaces it with the register-
 * interest dialog; its thumbnails open the viewer on top of it. Focus goes
 * back to the element that started each flow.
 */
export function useListingDialogs(listing: ListingSummary): ListingDialogs {
  const [modal, setModal] = useState<Modal>(null);
  const [used, setUsed] = useState(false);
  // Read here, not in the lazy dialog, so that the hook stays in a chunk the page has already loaded.
  const member = useMember();
  const modalOpener = useRef<HTMLElement | null>(null);
  const { openViewer, viewer } = useImageViewer(listing);

  const dialogs = (
    <>
      {used ? (
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
            member={member?.contact}
          />
        </Suspense>
      ) : null}
      {viewer}
    </>
  );

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
