// Every read model: data the database keeps from other tables, each with the
// triggers and functions that keep it and the SQL that works it out again
// (docs/design/read-models.md). In the order they are rebuilt: each after
// those it is worked out from.
import { sql } from "drizzle-orm";
import type { Database } from "../db.server";
import { businessHoursCopies } from "./business-hours-copies";
import { evidenceLevel } from "./evidence-level";
import { listingOffersCount } from "./listing-offers-count";
import { listingFiguresChecked } from "./listing-figures-checked";
import { listingPriceMarks } from "./listing-price-marks";
import { openWeek } from "./open-week";
import { openWeekChange } from "./open-week-change";
import { publicContentChanges } from "./public-content-changes";
import { publishedBusinessChange } from "./published-business-change";
import { reportedClosed } from "./reported-closed";
import type { ReadModel } from "./read-model";
import { reviewTotals } from "./review-totals";
import { searchWord } from "./search-word";

export type { ReadModel } from "./read-model";

export const readModels: ReadModel[] = [
  businessHoursCopies,
  openWeek,
  openWeekChange,
  publishedBusinessChange,
  searchWord,
  reviewTotals,
  listingPriceMarks,
  listingOffersCount,
  listingFiguresChecked,
  evidenceLevel,
  reportedClosed,
  // Last: pages rendered from any of the above before their rebuild are dropped.
  publicContentChanges,
];

/** Works every read model out again from its sources, one transaction each, in order. */
export async function rebuildReadModels(database: Database, onRebuilt?: (model: ReadModel, ms: number) => void) {
  for (const model of readModels) {
    const started = performance.now();
    await database.transaction(async (tx) => {
      for (const statement of model.rebuild) await tx.execute(sql.raw(statement));
    });
    onRebuilt?.(model, performance.now() - started);
  }
}
