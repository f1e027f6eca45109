import { Input, Label, Select } from "~/components/ui/form-controls";
import { cn } from "~/lib/utils";
import { DEFAULT_RADIUS_MILES, RADIUS_MILES } from "../postcode";

export interface NearState {
  text: string;
  radiusMiles: number;
}

/**
 * "Near a postcode or town" and its radius: two more fields of a list's GET
 * form, so the search is in the query string and works without JavaScript.
 */
export function NearFields({
  idPrefix,
  near,
  className,
}: {
  idPrefix: string;
  near: NearState | null;
  className?: string;
}) {
  return (
    <fieldset className={cn("flex flex-wrap items-end gap-x-4 gap-y-3", className)}>
      <legend className="sr-only">Near a postcode or town</legend>
      <div className="grid w-full gap-1 sm:w-72">
        <Label htmlFor={`${idPrefix}-near`}>Near a postcode or town</Label>
        <Input
          id={`${idPrefix}-near`}
          type="search"
          name="near"
          defaultValue={near?.text ?? ""}
          key={near?.text ?? ""}
          placeholder="e.g. NP44 1PU or Cwmbran"
          maxLength={60}
          autoComplete="postal-code"
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${idPrefix}-radius`}>Within</Label>
        <Select
          id={`${idPrefix}-radius`}
          name="radius"
          defaultValue={String(near?.radiusMiles ?? DEFAULT_RADIUS_MILES)}
          key={near?.radiusMiles ?? ""}
          className="w-32"
        >
          {RADIUS_MILES.map((miles) => (
            <option key={miles} value={miles}>
              {miles} {miles === 1 ? "mile" : "miles"}
            </option>
          ))}
        </Select>
      </div>
    </fieldset>
  );
}

export interface NearSummary extends NearState {
  place: { label: string; approximate?: string; alsoNamed: string[] } | null;
  notices: string[];
}

/** What the near search did: the place it measured from, or why it was not used. */
export function NearNotice({ near }: { near: NearSummary | null }) {
  if (!near) return null;
  return (
    <div className="mt-4 grid gap-2 text-sm" role="status">
      {near.notices.length > 0 ? (
        <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900">
          {near.notices.map((notice) => (
            <p key={notice}>{notice}</p>
          ))}
        </div>
      ) : null}
      {near.place ? (
        <p className="text-slate-700">
          Within {near.radiusMiles} {near.radiusMiles === 1 ? "mile" : "miles"} of{" "}
          <strong className="font-semibold text-slate-900">{near.place.label}</strong>, nearest first
          {near.place.approximate ? ` (measured from the centre of ${near.place.approximate})` : ""}.
          {near.place.alsoNamed.length > 0
            ? ` Also called that: ${near.place.alsoNamed.join(", ")}; enter a postcode to search there.`
            : ""}
        </p>
      ) : null}
    </div>
  );
}
