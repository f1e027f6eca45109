import { ChevronLeft, ChevronRight, X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type RefObject } from "react";
import { useReturnFocus } from "~/components/ui/dialog";
import { srcSetOf } from "~/lib/images";
import { clampImageIndex, hasNextImage, hasPreviousImage, imageCounter, indexForKey, stepImage } from "./image-index";
import { photoAlt } from "./listing-text";

export interface ImageViewerProps {
  /** Image addresses, in order. */
  images: string[];
  /** The listing's title: the dialog is named "Photos of {title}". */
  title: string;
  /** The image shown, from 0. Kept within bounds when drawn. */
  index: number;
  onIndexChange: (index: number) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The element that opened the viewer; focus returns to it on closing. */
  returnFocusRef?: RefObject<HTMLElement | null>;
}

const controlClass =
  "grid place-items-center rounded-full bg-black/60 text-white ring-1 ring-white/30 transition-colors hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

/**
 * The full-screen image viewer (spec sections 2 and 4): opens at an image;
 * Left/Right arrow keys move within bounds, without wrapping; Escape closes;
 * the on-screen previous/next arrows are not drawn at the ends; a counter
 * shows "n / total"; a click on the backdrop (anywhere but the image and the
 * buttons) closes. Radix traps focus and hands it back on closing.
 */
export function ImageViewer({
  images,
  title,
  index,
  onIndexChange,
  open,
  onOpenChange,
  returnFocusRef,
}: ImageViewerProps) {
  const total = images.length;
  const current = clampImageIndex(index, total);
  const src = images[current];
  const showPrevious = hasPreviousImage(current, total);
  const showNext = hasNextImage(current, total);
  const focus = useReturnFocus({ returnFocusRef });
  const previousRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  // Fetch the neighbours ahead of time so stepping through is instant.
  useEffect(() => {
    if (!open) return;
    for (const neighbour of [images[current - 1], images[current + 1]]) {
      if (neighbour) new Image().src = neighbour;
    }
  }, [open, images, current]);

  function go(delta: number) {
    const next = stepImage(current, delta, total);
    if (next !== current) onIndexChange(next);
    return next;
  }

  // The arrow that reaches an end is no longer drawn: move focus to the other
  // arrow (or the close button) rather than let it fall back to the viewer.
  function arrowClick(delta: number) {
    const next = go(delta);
    const clickedArrowRemains = delta < 0 ? hasPreviousImage(next, total) : hasNextImage(next, total);
    if (clickedArrowRemains) return;
    requestAnimationFrame(() => {
      const other = delta < 0 ? nextRef.current : previousRef.current;
      (other ?? closeRef.current)?.focus();
    });
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const next = indexForKey(event.key, current, total);
    if (next === null) return;
    event.preventDefault();
    if (next !== current) onIndexChange(next);
  }

  function onBackdropClick(event: MouseEvent) {
    if (event.target instanceof Element && event.target.closest("img, button")) return;
    onOpenChange(false);
  }

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/90" />
        <DialogPrimitive.Content
          className="fixed inset-0 z-50 flex flex-col text-white focus:outline-none"
          onKeyDown={onKeyDown}
          onClick={onBackdropClick}
          onOpenAutoFocus={(event) => {
            focus.onOpenAutoFocus(event);
            // Focus the viewer itself, not its first button: arrows and Escape work from there.
            event.preventDefault();
            (event.currentTarget as HTMLElement | null)?.focus();
          }}
          onCloseAutoFocus={focus.onCloseAutoFocus}
        >
          <div className="flex items-center gap-4 p-3 sm:p-4">
            <p className="shrink-0 rounded-full bg-black/60 px-3 py-1 text-sm font-semibold tabular-nums ring-1 ring-white/30">
              <span aria-hidden>{imageCounter(current, total)}</span>
              <span className="sr-only" aria-live="polite" aria-atomic>
                {total > 0 ? `Photo ${current + 1} of ${total}` : "No photos"}
              </span>
            </p>
            <DialogPrimitive.Title className="min-w-0 flex-1 truncate text-sm font-medium text-white/90">
              <span className="sr-only">Photos of </span>
              {title}
            </DialogPrimitive.Title>
            <DialogPrimitive.Description className="sr-only">
              Use the left and right arrow keys to move between photos, and Escape to close.
            </DialogPrimitive.Description>
            <DialogPrimitive.Close ref={closeRef} aria-label="Close" className={`${controlClass} size-11 shrink-0`}>
              <X aria-hidden className="size-6" />
            </DialogPrimitive.Close>
          </div>

          <div className="relative flex min-h-0 flex-1 items-center justify-center px-3 pb-6 sm:px-20">
            {src ? (
              <img
                key={src}
                src={src}
                srcSet={srcSetOf(src)}
                sizes="100vw"
                alt={photoAlt(current, total, title)}
                width={1200}
                height={800}
                decoding="async"
                className="h-auto max-h-full w-auto max-w-full rounded-md object-contain"
              />
            ) : null}
            {showPrevious ? (
              <button
                ref={previousRef}
                type="button"
                aria-label="Previous image"
                className={`${controlClass} absolute top-1/2 left-2 size-12 -translate-y-1/2 sm:left-4`}
                onClick={() => arrowClick(-1)}
              >
                <ChevronLeft aria-hidden className="size-7" />
              </button>
            ) : null}
            {showNext ? (
              <button
                ref={nextRef}
                type="button"
                aria-label="Next image"
                className={`${controlClass} absolute top-1/2 right-2 size-12 -translate-y-1/2 sm:right-4`}
                onClick={() => arrowClick(1)}
              >
                <ChevronRight aria-hidden className="size-7" />
              </button>
            ) : null}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
