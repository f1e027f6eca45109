// What diners need to go (issue #47): price band, how it serves, a prayer
// space. Safe for the browser: the page, the cards, the filters and the
// owners' and staff's forms share the names.

export const priceBandLabels = { 1: "£", 2: "££", 3: "£££", 4: "££££" } as const;
/** Said aloud by screen readers, and in the form's options. */
export const priceBandWords = {
  1: "Inexpensive",
  2: "Moderately priced",
  3: "Expensive",
  4: "Very expensive",
} as const;

export const serviceLabels = { dine_in: "Dine in", takeaway: "Takeaway", delivery: "Delivery" } as const;
export type Service = keyof typeof serviceLabels;

export interface VisitFacts {
  menuUrl: string | null;
  priceBand: number | null;
  dineIn: boolean | null;
  takeaway: boolean | null;
  delivery: boolean | null;
  prayerSpace: boolean | null;
}

/** The services the business says it offers, in the form's order. */
export function servicesOffered(facts: Pick<VisitFacts, "dineIn" | "takeaway" | "delivery">): string[] {
  const offered = { dine_in: facts.dineIn, takeaway: facts.takeaway, delivery: facts.delivery };
  return (Object.keys(serviceLabels) as Service[]).filter((s) => offered[s]).map((s) => serviceLabels[s]);
}
