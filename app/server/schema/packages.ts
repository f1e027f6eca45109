// Packages: the service plans and promotion packages we sell.
import { index, integer, jsonb, pgEnum, pgTable, serial, text } from "drizzle-orm/pg-core";
import { promotionLevel, timestamps } from "./shared";

export const packageType = pgEnum("package_type", ["promotion", "service"]);

export const packageBilling = pgEnum("package_billing", ["monthly", "one_month"]);

// The spec's service plans and promotion packages (section 9). Prices live in
// the database so that the server, not the page, decides what a plan costs.
export const servicePackage = pgTable(
  "service_package",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    type: packageType("type").notNull(),
    name: text("name").notNull(),
    subtitle: text("subtitle"),
    pricePence: integer("price_pence").notNull(),
    period: text("period").notNull(),
    badge: text("badge"),
    features: jsonb("features").$type<string[]>().notNull().default([]),
    position: integer("position").notNull().default(0),
    // How it is paid online: every month until cancelled, or once for one month.
    billing: packageBilling("billing").notNull().default("monthly"),
    // What a promotion package switches on while paid for; null for service plans.
    promotion: promotionLevel("promotion"),
    ...timestamps,
  },
  (t) => [index("service_package_type_position_idx").on(t.type, t.position)],
);
