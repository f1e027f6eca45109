import { Clock } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import type { OpeningState } from "~/features/directory/opening-hours";
import { cn } from "~/lib/utils";

/** The card's compact halal badges; out-of-date evidence is shown, marked, never hidden. */
export function HalalBadges({ badges }: { badges: { label: string; warn?: boolean }[] }) {
  if (badges.length === 0) return null;
  return (
    <ul aria-label="Halal" className="flex flex-wrap gap-1.5">
      {badges.map((b) => (
        <li key={b.label}>
          <Badge
            variant={b.warn ? "outline" : "default"}
            className={b.warn ? "border-amber-600 bg-amber-50 text-amber-900" : undefined}
          >
            {b.label}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

/** "Open now · closes 22:00" or "Closed · opens tomorrow at 11:00", on London's clock. */
export function OpeningLine({ opening, className }: { opening: OpeningState | null; className?: string }) {
  if (!opening) return null;
  return (
    <p className={cn("flex items-center gap-1 text-sm", className)}>
      <Clock aria-hidden className={cn("size-4", opening.open ? "text-brand-700" : "text-slate-600")} />
      <span className={opening.open ? "font-semibold text-brand-800" : "text-slate-700"}>{opening.label}</span>
    </p>
  );
}
