import { useEffect, type CSSProperties } from "react";
import { Toaster } from "sonner";
import { toasterMounted } from "~/lib/toasts";

/** sonner's Toaster, loaded with the first toast (app/lib/toasts.ts). */
export default function SiteToaster() {
  // The Toaster, a child, has subscribed to sonner by the time this runs.
  useEffect(toasterMounted, []);
  return (
    <Toaster
      position="top-center"
      richColors
      closeButton
      // sonner's own green and red text fall short of 4.5:1 on their backgrounds.
      style={{ "--success-text": "#14532d", "--error-text": "#991b1b" } as CSSProperties}
    />
  );
}
