import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { AdminHeading, DataTable, EmptyNote } from "~/features/admin/components/admin-shell";
import { Stars } from "~/features/reviews/components/stars";
import { reviewQueue } from "~/features/reviews/moderation.server";
import { HOLD_REASONS, type HoldReason } from "~/features/reviews/review-rules";
import { formatLondonDateTime } from "~/lib/dates";
import { summarise } from "~/lib/seo";
import type { Route } from "./+types/reviews";

export async function loader() {
  const { held, reported, decided } = await reviewQueue();
  const shown = <T extends { body: string; createdAt: Date }>(rows: T[]) =>
    rows.map((row) => ({ ...row, body: summarise(row.body, 140), at: formatLondonDateTime(row.createdAt) }));
  return {
    held: shown(held),
    reported: shown(reported),
    decided: shown(decided).map((row) => ({
      ...row,
      decided: row.decidedAt ? formatLondonDateTime(row.decidedAt) : "",
    })),
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Reviews | HBS back office" }];

function ReviewCell({
  id,
  rating,
  body,
  businessName,
}: {
  id: number;
  rating: number;
  body: string;
  businessName: string;
}) {
  return (
    <td className="px-4 py-3">
      <Link to={`/admin/reviews/${id}`} className="font-semibold text-brand-800 hover:underline">
        {businessName}
      </Link>
      <div className="mt-1">
        <Stars rating={rating} />
      </div>
      <p className="mt-1 break-words text-slate-700">{body}</p>
    </td>
  );
}

/** Held reviews waiting for a decision, reported reviews, and the latest decisions. */
export default function AdminReviews({ loaderData: { held, reported, decided } }: Route.ComponentProps) {
  return (
    <>
      <AdminHeading title="Reviews" />
      <section aria-labelledby="held-heading" className="grid gap-3">
        <h2 id="held-heading" className="text-xl font-semibold">
          Held for a check ({held.length})
        </h2>
        {held.length === 0 ? (
          <EmptyNote>No reviews are waiting for a check.</EmptyNote>
        ) : (
          <DataTable
            label="Held reviews"
            caption="Held reviews, oldest first"
            columns={["Review", "Reviewer", "Why held", "Sent"]}
          >
            {held.map((r) => (
              <tr key={r.id}>
                <ReviewCell {...r} />
                <td className="px-4 py-3">{r.author}</td>
                <td className="px-4 py-3">
                  <ul className="grid gap-1">
                    {r.holdReasons.map((reason) => (
                      <li key={reason}>{HOLD_REASONS[reason as HoldReason] ?? reason}</li>
                    ))}
                  </ul>
                </td>
                <td className="px-4 py-3 whitespace-nowrap">{r.at}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
      <section aria-labelledby="reported-heading" className="mt-10 grid gap-3">
        <h2 id="reported-heading" className="text-xl font-semibold">
          Reported ({reported.length})
        </h2>
        {reported.length === 0 ? (
          <EmptyNote>No open reports.</EmptyNote>
        ) : (
          <DataTable
            label="Reported reviews"
            caption="Reviews with open reports, longest waiting first"
            columns={["Review", "Reviewer", "Reports", "Written"]}
          >
            {reported.map((r) => (
              <tr key={r.id}>
                <ReviewCell {...r} />
                <td className="px-4 py-3">{r.author}</td>
                <td className="px-4 py-3">
                  <Badge className="bg-red-100 text-red-950">{r.reports} open</Badge>
                </td>
                <td className="px-4 py-3 whitespace-nowrap">{r.at}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
      <section aria-labelledby="decided-heading" className="mt-10 grid gap-3">
        <h2 id="decided-heading" className="text-xl font-semibold">
          Latest decisions
        </h2>
        {decided.length === 0 ? (
          <EmptyNote>No decisions yet.</EmptyNote>
        ) : (
          <DataTable
            label="Decisions"
            caption="The latest decisions on reviews, newest first"
            columns={["Review", "Reviewer", "Decision", "Decided"]}
          >
            {decided.map((r) => (
              <tr key={r.id}>
                <ReviewCell {...r} />
                <td className="px-4 py-3">{r.author}</td>
                <td className="px-4 py-3">
                  {r.status === "removed" ? `Removed: ${r.removalReason ?? ""}` : "Published"}
                </td>
                <td className="px-4 py-3 whitespace-nowrap">{r.decided}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
    </>
  );
}
