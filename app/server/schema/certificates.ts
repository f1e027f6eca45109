// Photos of a business's halal certificate sent by its owner or a diner
// (issue #47, decision 0094): private until staff check them.
import { sql } from "drizzle-orm";
import { boolean, index, integer, pgEnum, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./account";
import { directoryBusiness } from "./directory";

export const certificatePhotoStatus = pgEnum("certificate_photo_status", ["pending", "shown", "rejected"]);

/**
 * One photo of a certificate on the wall, re-encoded without its EXIF. Kept
 * in the private area (`certificates/<name>`) while it waits; staff who show
 * it copy it to the public uploads under the same name and are named on the
 * page with the day they checked it.
 */
export const certificatePhoto = pgTable(
  "certificate_photo",
  {
    id: serial("id").primaryKey(),
    businessId: integer("business_id")
      .notNull()
      .references(() => directoryBusiness.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    // Sent by the business's owner, as it was when sent; else by a diner.
    fromOwner: boolean("from_owner").notNull(),
    name: text("name").notNull().unique(),
    status: certificatePhotoStatus("status").notNull().default("pending"),
    checkedBy: text("checked_by").references(() => user.id, { onDelete: "set null" }),
    // The name the page gives the checker, kept as it was that day.
    checkedByName: text("checked_by_name"),
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("certificate_photo_business_idx").on(t.businessId, t.status, t.checkedAt),
    index("certificate_photo_pending_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    index("certificate_photo_user_idx").on(t.userId),
  ],
);
