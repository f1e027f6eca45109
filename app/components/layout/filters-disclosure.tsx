import { ChevronDown, SlidersHorizontal } from "lucide-react";
import { useEffect, useRef, type ChangeEvent, type ReactNode } from "react";
import { useSubmit } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/**
 * A list's filters on a phone (issue #50, decision 0071): one "Filters (n)"
 * disclosure under the search box, a native <details> so it opens without
 * JavaScript. On large screens its summary is hidden and its content always
 * shown, as the desktop pages were. The form's own submit button sits at the
 * end of the content; sending the form closes the panel, so the results, not
 * the filters, are what the phone shows next.
 */
export function FiltersDisclosure({
  count,
  startsOpen,
  children,
}: {
  /** How many filters are on, shown in the summary when there are any. */
  count: number;
  /** Open from the start: a filter was refused and its message is inside. */
  startsOpen: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  // A native listener: "submit" fires for the person's own sending (the button,
  // Enter in a field), not for the selects that send the form as they change.
  useEffect(() => {
    const form = ref.current?.closest("form");
    const close = () => ref.current?.removeAttribute("open");
    form?.addEventListener("submit", close);
    return () => form?.removeEventListener("submit", close);
  }, []);
  return (
    <details ref={ref} open={startsOpen} className="group/filters lg:details-content:[content-visibility:visible]">
      <summary
        className={cn(buttonVariants({ variant: "outline" }), "w-full cursor-pointer justify-between lg:hidden")}
      >
        <span className="inline-flex items-center gap-2">
          <SlidersHorizontal aria-hidden />
          {count > 0 ? `Filters (${count})` : "Filters"}
        </span>
        <ChevronDown aria-hidden className="transition-transform group-open/filters:rotate-180" />
      </summary>
      <div className="mt-4 grid gap-4 lg:mt-0">{children}</div>
    </details>
  );
}

/**
 * A list's dropdown that applies as it changes, once the page is alive (the
 * form's button does it without JavaScript). The page keeps its scroll: on a
 * phone the person is in the open filters, choosing the next one.
 */
export function useSubmitOnChange() {
  const submit = useSubmit();
  return (event: ChangeEvent<HTMLSelectElement>) => submit(event.currentTarget.form, { preventScrollReset: true });
}
