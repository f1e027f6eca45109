import { Trash2 } from "lucide-react";
import { Form } from "react-router";
import { cn } from "~/lib/utils";

/** A small form that asks the page's action to remove one saved item. */
export function RemoveButton({
  name,
  value,
  label,
  className,
}: {
  name: string;
  value: number;
  label: string;
  className?: string;
}) {
  return (
    <Form method="post" className={className}>
      <input type="hidden" name={name} value={value} />
      <button
        type="submit"
        aria-label={label}
        className={cn(
          "inline-flex items-center gap-1.5 rounded-full bg-white/95 px-3 py-1.5 text-sm font-semibold text-red-800 shadow-sm hover:bg-red-50",
        )}
      >
        <Trash2 aria-hidden className="size-4" />
        Remove
      </button>
    </Form>
  );
}
