import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { useRef, type ComponentProps, type RefObject } from "react";
import { cn } from "~/lib/utils";

/*
 * A shadcn-style dialog over Radix. Radix traps focus, closes on Escape and on
 * a click on the overlay, hides the rest of the page from assistive technology
 * and locks scrolling. Open it with <DialogTrigger> or control it with
 * `open`/`onOpenChange`.
 */

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;
export const DialogPortal = DialogPrimitive.Portal;

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return <DialogPrimitive.Overlay className={cn("fixed inset-0 z-50 bg-slate-950/60", className)} {...props} />;
}

/** Whether focus has already moved into another open dialog (one opened as this one closed). */
function focusIsInAnotherDialog() {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body && active.closest('[role="dialog"]') !== null;
}

export type ReturnFocusProps = {
  /**
   * Where focus goes when the dialog closes. Radix returns it to a
   * <DialogTrigger>; a dialog opened some other way (controlled, from a button
   * that may be gone by then) says here where it should go instead. Without
   * it, focus returns to whatever was focused when the dialog opened.
   */
  returnFocusRef?: RefObject<HTMLElement | null>;
};

/**
 * Radix's focus handling, made to work for controlled dialogs too: remembers
 * what had focus on opening and gives focus back to it (or to
 * `returnFocusRef`) on closing — unless focus has moved into another dialog
 * in the meantime (one dialog replacing another).
 */
export function useReturnFocus({
  returnFocusRef,
  onOpenAutoFocus,
  onCloseAutoFocus,
}: ReturnFocusProps & {
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const openedFrom = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      const active = document.activeElement;
      openedFrom.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      if (focusIsInAnotherDialog()) {
        event.preventDefault();
        return;
      }
      const target = returnFocusRef?.current?.isConnected ? returnFocusRef.current : openedFrom.current;
      // Otherwise Radix's own default: the trigger, if there is one.
      if (target?.isConnected) {
        event.preventDefault();
        target.focus();
      }
    },
  };
}

export function DialogContent({
  className,
  children,
  returnFocusRef,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & ReturnFocusProps) {
  const focus = useReturnFocus({ returnFocusRef, onOpenAutoFocus, onCloseAutoFocus });
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          // Phones: full width less a margin each side; scrolls when taller than the screen.
          "fixed top-1/2 left-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-slate-200 bg-white p-6 shadow-xl focus:outline-none sm:p-8",
          className,
        )}
        onOpenAutoFocus={focus.onOpenAutoFocus}
        onCloseAutoFocus={focus.onCloseAutoFocus}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          aria-label="Close"
          className="absolute top-3 right-3 grid size-10 place-items-center rounded-md text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          <X aria-hidden className="size-5" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  // Right padding keeps the title clear of the close button.
  return <div className={cn("flex flex-col gap-1.5 pr-8 text-left", className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title className={cn("text-xl font-bold tracking-tight text-slate-900", className)} {...props} />
  );
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn("text-sm text-slate-700", className)} {...props} />;
}
