import { AlertTriangle, Clock, ShieldCheck } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { evidenceLevelLabel } from "~/features/directory/evidence-level";
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

/** The business's halal evidence level (decision 0091), on its card. */
export function EvidenceLine({ level, className }: { level: number; className?: string }) {
  return (
    <p className={cn("flex items-center gap-1 text-sm text-slate-800", className)}>
      <ShieldCheck aria-hidden className={cn("size-4", level >= 2 ? "text-brand-700" : "text-slate-600")} />
      <span>
        <span className="sr-only">Halal evidence: </span>
        {evidenceLevelLabel(level)}
      </span>
    </p>
  );
}

/** "Reported closed — not yet checked" (decision 0092): three members said so, and staff have not decided. */
export function ReportedClosedNotice({ className }: { className?: string }) {
  return (
    <p
      role="note"
      className={cn(
        "flex items-center gap-1 rounded-md border border-amber-400 bg-amber-50 px-2 py-1 text-sm font-medium text-amber-950",
        className,
      )}
    >
      <AlertTriangle aria-hidden className="size-4 shrink-0" />
      Reported closed — not yet checked
    </p>
  );
}
