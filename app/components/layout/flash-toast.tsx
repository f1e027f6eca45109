import { useEffect, type CSSProperties } from "react";
import { toast as showToast, Toaster } from "sonner";
import type { Toast } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * Shows the toast an action flashed before a redirect. With JavaScript sonner
 * shows it; without, the server-rendered status message below stays visible.
 */
export function FlashToast({ toast }: { toast: Toast | null }) {
  const hydrated = useHydrated();

  useEffect(() => {
    if (!toast) return;
    const show = toast.type === "message" ? showToast : showToast[toast.type];
    // Deferred so that the Toaster has mounted on the first render.
    const timer = setTimeout(() => show(toast.title, { id: toast.id, description: toast.description }), 0);
    return () => clearTimeout(timer);
  }, [toast]);

  return (
    <>
      <Toaster
        position="top-center"
        richColors
        closeButton
        // sonner's own green and red text fall short of 4.5:1 on their backgrounds.
        style={{ "--success-text": "#14532d", "--error-text": "#991b1b" } as CSSProperties}
      />
      {toast && !hydrated ? (
        <div
          role={toast.type === "error" ? "alert" : "status"}
          className={
            toast.type === "error"
              ? "border-b border-red-300 bg-red-50 px-4 py-3 text-center text-red-900"
              : "border-b border-brand-200 bg-brand-50 px-4 py-3 text-center text-brand-900"
          }
        >
          <strong>{toast.title}</strong>
          {toast.description ? <span> {toast.description}</span> : null}
        </div>
      ) : null}
    </>
  );
}
