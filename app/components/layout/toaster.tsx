import { useEffect, useRef, type CSSProperties } from "react";
import { Toaster, useSonner } from "sonner";
import { setOverlayWanted } from "~/lib/overlays";
import { toasterMounted } from "~/lib/toasts";

/** sonner's Toaster, loaded with the first toast (app/lib/toasts.ts). */
export default function SiteToaster() {
  // Once the toasts shown have all gone, the cookie banner and the location prompt may have their turn.
  const { toasts } = useSonner();
  // The Toaster, a child, and useSonner above have subscribed to sonner by the time this runs.
  useEffect(toasterMounted, []);
  const shown = useRef(false);
  useEffect(() => {
    if (toasts.length > 0) shown.current = true;
    else if (shown.current) setOverlayWanted("toast", false);
  }, [toasts.length]);
  return (
    <Toaster
      // At the foot, where the cookie banner and the location prompt take their turns: never over a heading.
      position="bottom-center"
      richColors
      closeButton
      // sonner's own green and red text fall short of 4.5:1 on their backgrounds.
      style={{ "--success-text": "#14532d", "--error-text": "#991b1b" } as CSSProperties}
    />
  );
}
