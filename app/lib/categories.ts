// Categories of businesses for sale: the sell form's codes and their labels
// (spec section 3). The URL and the database use the codes.
export const listingCategories = {
  food: "Food & Beverage",
  retail: "Retail",
  ecommerce: "E-commerce",
  distribution: "Distribution",
  services: "Services",
  other: "Other",
} as const;

export type ListingCategory = keyof typeof listingCategories;
export const listingCategoryCodes = Object.keys(listingCategories) as [ListingCategory, ...ListingCategory[]];

export function listingCategoryLabel(code: string): string {
  return listingCategories[code as ListingCategory] ?? code;
}

// Directory categories and the tabs that show them (spec section 2).
export const directoryTabs = [
  { value: undefined, label: "All" },
  { value: "food", label: "Food & Dining" },
  { value: "other", label: "Services" },
] as const;
export type DirectoryCategory = "food" | "other";
