// Directory businesses for integration tests: a published business in Leeds
// with its week's hours, written as the owners' form takes them, and what its
// page loads.
import { RouterContextProvider } from "react-router";
import { loader as businessLoader } from "../../app/routes/directory-business";
import type { Database } from "../../app/server/db.server";
import { businessHours, directoryBusiness } from "../../app/server/schema";
import { parsePeriods } from "../../app/features/directory/hours-input";

/** Weekly periods from one line per day, Monday first ("" for shut, "09:00-12:30, 14:00-17:00" for two). */
export function weeklyPeriods(days: string[]) {
  return days.flatMap((text, i) => {
    const parsed = parsePeriods(text);
    if (!parsed.ok) throw new Error(parsed.error);
    return parsed.value.map((p) => ({ ...p, weekday: i + 1 }));
  });
}

/** Adds a business (food, in Leeds, published unless `values` say otherwise) with its week's hours; its id. */
export async function addBusiness(
  db: Database,
  name: string,
  values: Partial<typeof directoryBusiness.$inferInsert>,
  days: string[],
): Promise<number> {
  const [row] = await db
    .insert(directoryBusiness)
    .values({
      slug: name.toLowerCase().replaceAll(" ", "-"),
      name,
      category: "food",
      description: "-",
      town: "Leeds",
      ...values,
    })
    .returning({ id: directoryBusiness.id });
  const id = row!.id;
  const periods = weeklyPeriods(days);
  if (periods.length) await db.insert(businessHours).values(periods.map((p) => ({ ...p, businessId: id })));
  return id;
}

/** What a business's page loads for a visitor, as React Router calls its loader. */
export function businessPageData(slug: string) {
  return businessLoader({
    params: { slug },
    request: new Request(`http://localhost/halal-network-space/${slug}`),
    context: new RouterContextProvider(),
  } as never);
}
