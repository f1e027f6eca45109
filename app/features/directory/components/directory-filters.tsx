import { Label, Select } from "~/components/ui/form-controls";
import { certifierBodies, certifierLabels } from "~/features/directory/halal";

type Filters = { halal?: string; certified?: string; certifier?: string; alcohol?: string; open?: string };

const checks = [
  { name: "halal", value: "fully", label: "Fully halal only" },
  { name: "certified", value: "yes", label: "Certified only" },
  { name: "alcohol", value: "none", label: "No alcohol" },
  { name: "open", value: "now", label: "Open now" },
] as const;

/** The halal and hours filters: more fields of the directory's GET form, so they work without JavaScript. */
export function DirectoryFilterFields({ filters }: { filters: Filters }) {
  return (
    <fieldset className="grid gap-3 sm:flex sm:flex-wrap sm:items-end sm:gap-x-6">
      <legend className="mb-2 text-sm font-semibold text-slate-900 lg:sr-only">Halal and opening hours</legend>
      {checks.map((c) => (
        <label key={c.name} className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            name={c.name}
            value={c.value}
            defaultChecked={filters[c.name] === c.value}
            key={`${c.name}-${filters[c.name] ?? ""}`}
            className="size-4 accent-brand-700"
          />
          {c.label}
        </label>
      ))}
      <div className="grid gap-1">
        <Label htmlFor="directory-certifier">Certifier</Label>
        <Select
          id="directory-certifier"
          name="certifier"
          defaultValue={filters.certifier ?? ""}
          key={filters.certifier ?? ""}
          className="sm:w-72"
        >
          <option value="">Any certifier</option>
          {certifierBodies
            .filter((b) => b !== "other")
            .map((b) => (
              <option key={b} value={b}>
                {certifierLabels[b]}
              </option>
            ))}
        </Select>
      </div>
    </fieldset>
  );
}
