import { lazy, Suspense, useRef, useState, type ReactNode } from "react";

// Loaded when a visitor first opens it, not with the page.
const ImageViewer = lazy(() => import("./image-viewer").then((m) => ({ default: m.ImageViewer })));

/**
 * The full-screen image viewer of a listing's photos, opened at an index;
 * focus returns to `opener` on closing. Its own module, apart from the
 * cards' dialogs: a listing's page opens only this one, and its first-load
 * JavaScript is at its budget (bench/README.md).
 */
export function useImageViewer(listing: { images: string[]; title: string }): {
  openViewer: (index: number, opener?: HTMLElement | null) => void;
  /** The viewer, absent until first opened: render this once, anywhere. */
  viewer: ReactNode;
} {
  const [viewer, setViewer] = useState({ used: false, open: false, index: 0 });
  const opener = useRef<HTMLElement | null>(null);
  return {
    openViewer(index, from) {
      opener.current = from ?? null;
      setViewer({ used: true, open: true, index });
    },
    viewer: viewer.used ? (
      <Suspense fallback={null}>
        <ImageViewer
          images={listing.images}
          title={listing.title}
          index={viewer.index}
          onIndexChange={(index) => setViewer({ used: true, open: true, index })}
          open={viewer.open}
          onOpenChange={(open) => setViewer((v) => ({ ...v, open }))}
          returnFocusRef={opener}
        />
      </Suspense>
    ) : null,
  };
}
