import { lazy, Suspense, useEffect } from "react";
import type { Toast } from "~/lib/toast";
import { showToast, useToasterWanted } from "~/lib/toasts";
import { useHydrated } from "~/lib/use-hydrated";

const SiteToaster = lazy(() => import("./toaster"));

/**
 * Shows the toast an action flashed before a redirect. With JavaScript sonner
 * shows it; without, the server-rendered status message below stays visible.
 */
export function FlashToast({ toast }: { toast: Toast | null }) {
  const hydrated = useHydrated();
  const toasterWanted = useToasterWanted();

  useEffect(() => {
    if (toast) showToast(toast.type, toast.title, { id: toast.id, description: toast.description });
  }, [toast]);

  return (
    <>
      {toasterWanted ? (
        <Suspense fallback={null}>
          <SiteToaster />
        </Suspense>
      ) : null}
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
