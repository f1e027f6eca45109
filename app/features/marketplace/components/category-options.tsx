import { listingCategories } from "~/lib/categories";

/** The listing categories as a select's options, for every form that picks one. */
export function CategoryOptions() {
  return Object.entries(listingCategories).map(([code, label]) => (
    <option key={code} value={code}>
      {label}
    </option>
  ));
}
