import type { ChangeEvent } from "react";
import { Input, Label, Select } from "~/components/ui/form-controls";
import { DEFAULT_RADIUS_MILES, RADIUS_MILES } from "../postcode";

export interface NearState {
  text: string;
  radiusMiles: number;
}

/**
 * Where to search (issue #50, decision 0071): the list's own town dropdown
 * (the spec's location dropdown) and "Near a postcode or town" with its radius,
 * together in one group. All are fields of the list's GET form, so the search
 * is in the query string and works without JavaScript.
 */
export function WhereFields({
  idPrefix,
  towns,
  location,
  allLocations,
  onLocationChange,
  near,
}: {
  idPrefix: string;
  towns: string[];
  location: string | undefined;
  /** The first option's words, as each page's spec gives them. */
  allLocations: string;
  onLocationChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  near: NearState | null;
}) {
  return (
    <fieldset className="grid gap-x-4 gap-y-3 sm:flex sm:flex-wrap sm:items-end">
      <legend className="mb-2 text-sm font-semibold text-slate-900">Where</legend>
      <div className="grid gap-1 sm:w-44">
        <Label htmlFor={`${idPrefix}-location`}>Location</Label>
        <Select
          id={`${idPrefix}-location`}
          name="location"
          defaultValue={location ?? ""}
          key={location ?? ""}
          onChange={onLocationChange}
        >
          <option value="">{allLocations}</option>
          {towns.map((town) => (
            <option key={town} value={town}>
              {town}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid gap-1 sm:min-w-56 sm:flex-1">
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
          className="sm:w-32"
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
          {/* Not in brackets: the district's label has its own, "NP44 (Cwmbran)". */}
          {near.place.approximate ? `, measured from the centre of ${near.place.approximate}` : ""}.
        </p>
      ) : null}
      {/* Folded: on a phone the list of namesakes (five lines for Newport) pushed the map and results down. */}
      {near.place && near.place.alsoNamed.length > 0 ? (
        <details className="text-slate-700">
          <summary className="cursor-pointer font-medium text-brand-800">Not this {near.place.label}?</summary>
          <p className="mt-1">Also called that: {near.place.alsoNamed.join(", ")}; enter a postcode to search there.</p>
        </details>
      ) : null}
    </div>
  );
}
