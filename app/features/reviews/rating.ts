// Kept apart from review-rules.ts (which holds the form's zod schema) so that
// directory cards can show an average without loading zod on the list pages.

/** The average of the published reviews, to one decimal place, or null when there are none. */
export function averageRating(total: number, count: number): number | null {
  return count > 0 ? Math.round((total / count) * 10) / 10 : null;
}
