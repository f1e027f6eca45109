import { useEffect, useEffectEvent, type RefObject } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import type { EnquiryActionData } from "~/features/enquiries/enquiry-kinds";
import {
  fetcherKey,
  RegisterInterestForm,
  type InterestListing,
  type RegisterInterestFormProps,
} from "./register-interest-form";

/** How long the dialog's success view stays before it closes itself (spec section 9). */
export const SUCCESS_CLOSE_MS = 3000;

export interface RegisterInterestDialogProps {
  listing: InterestListing;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The element focus returns to on closing (the card's button that started it). */
  returnFocusRef?: RefObject<HTMLElement | null>;
  member?: RegisterInterestFormProps["member"];
}

/**
 * The register-interest dialog of a listing card (spec section 4): form →
 * submitting → success view, which closes itself after 3 s. It cannot be
 * closed while submitting; closing otherwise resets it, so it opens as new:
 * empty, or with a signed-in member's own details.
 */
export function RegisterInterestDialog({
  listing,
  open,
  onOpenChange,
  returnFocusRef,
  member,
}: RegisterInterestDialogProps) {
  const fetcher = useFetcher<EnquiryActionData>({
    key: fetcherKey(listing.slug),
  });
  const submitting = fetcher.state === "submitting";
  const succeeded = fetcher.data?.outcome === "success";

  function close() {
    fetcher.reset();
    onOpenChange(false);
  }
  const closeLater = useEffectEvent(close);
  useEffect(() => {
    if (!open || !succeeded) return;
    const timer = setTimeout(closeLater, SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [open, succeeded]);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) onOpenChange(true);
        else if (!submitting) close();
      }}
    >
      <DialogContent returnFocusRef={returnFocusRef}>
        <DialogHeader>
          <DialogTitle>Register Interest</DialogTitle>
          <DialogDescription>
            Leave your details to register your interest in <strong className="font-semibold">{listing.title}</strong>{" "}
            and our team will contact you.
          </DialogDescription>
        </DialogHeader>
        <RegisterInterestForm
          listing={listing}
          member={member}
          secondaryAction={
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={submitting}>
                Cancel
              </Button>
            </DialogClose>
          }
        />
      </DialogContent>
    </Dialog>
  );
}
