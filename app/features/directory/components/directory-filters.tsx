import { Label, Select } from "~/components/ui/form-controls";
import { evidenceLevels } from "~/features/directory/evidence-level";
import { certifierBodies, certifierLabels } from "~/features/directory/halal";
import { serviceLabels } from "~/features/directory/visit-facts";

type Filters = {
  halal?: string;
  certified?: string;
  certifier?: string;
  alcohol?: string;
  open?: string;
  evidence?: string;
  prayer?: string;
  service?: string;
};

const checks = [
  { name: "halal", value: "fully", label: "Fully halal only" },
  { name: "certified", value: "yes", label: "Certified only" },
  { name: "alcohol", value: "none", label: "No alcohol" },
  { name: "open", value: "now", label: "Open now" },
  { name: "prayer", value: "yes", label: "Prayer space" },
] as const;

/** A select of the form; `key` makes it show the page's value after a search without JavaScript's help. */
function FilterSelect({
  id,
  name,
  label,
  value,
  children,
}: {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  children: React.ReactNode;
}) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} name={name} defaultValue={value ?? ""} key={value ?? ""} className="sm:w-60">
        {children}
      </Select>
    </div>
  );
}

/** The halal, hours and visit filters and the order: more fields of the directory's GET form, so they work without JavaScript. */
export function DirectoryFilterFields({ filters, sort }: { filters: Filters; sort?: string }) {
  return (
    <fieldset className="grid gap-3 sm:flex sm:flex-wrap sm:items-end sm:gap-x-6">
      <legend className="mb-2 text-sm font-semibold text-slate-900 lg:sr-only">
        Halal, opening hours and services
      </legend>
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
      <FilterSelect id="directory-certifier" name="certifier" label="Certifier" value={filters.certifier}>
        <option value="">Any certifier</option>
        {certifierBodies
          .filter((b) => b !== "other")
          .map((b) => (
            <option key={b} value={b}>
              {certifierLabels[b]}
            </option>
          ))}
      </FilterSelect>
      <FilterSelect id="directory-evidence" name="evidence" label="Halal evidence" value={filters.evidence}>
        <option value="">Any evidence</option>
        {evidenceLevels
          .filter((l) => l.level > 0)
          .map((l) => (
            <option key={l.level} value={String(l.level)}>
              {l.level === 4 ? l.label : `${l.label} or better`}
            </option>
          ))}
      </FilterSelect>
      <FilterSelect id="directory-service" name="service" label="Service" value={filters.service}>
        <option value="">Any service</option>
        {Object.entries(serviceLabels).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect id="directory-sort" name="sort" label="Order" value={sort}>
        <option value="">Featured, then nearest or A–Z</option>
        <option value="evidence">Strongest halal evidence first</option>
      </FilterSelect>
    </fieldset>
  );
}
