import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { ListControls, ListFooter, SortableTable } from "~/features/admin/components/admin-list";
import { AdminHeading, EmptyNote } from "~/features/admin/components/admin-shell";
import { loadAdminList } from "~/features/admin/lists/admin-list.server";
import { memberName } from "~/features/messages/message-rules";
import { Stars } from "~/features/reviews/components/stars";
import { reviewsList, reviewStatusWords } from "~/features/reviews/reviews-list.server";
import { HOLD_REASONS, type HoldReason } from "~/features/reviews/review-rules";
import { formatLondonDateTime } from "~/lib/dates";
import { summarise } from "~/lib/seo";
import type { Route } from "./+types/reviews";

export async function loader({ request }: Route.LoaderArgs) {
  const { rows, ...list } = await loadAdminList(reviewsList, request);
  return {
    ...list,
    reviews: rows.map((r) => ({
      id: r.id,
      businessName: r.businessName,
      body: summarise(r.body, 140),
      rating: r.rating,
      reviewer: memberName(r.reviewerName),
      reviewerEmail: r.reviewerEmail,
      status: r.status,
      state: reviewStatusWords[r.status],
      holdReasons: r.status === "held" ? r.holdReasons.map((h) => HOLD_REASONS[h as HoldReason] ?? h) : [],
      removalReason: r.removalReason,
      openReports: r.openReports,
      written: formatLondonDateTime(r.createdAt),
      decided: r.decidedAt ? formatLondonDateTime(r.decidedAt) : "",
    })),
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Reviews | HBS back office" }];

const tableLabels: Record<string, string> = {
  "": "Reviews waiting for a decision",
  held: "Held reviews",
  reported: "Reported reviews",
  decided: "Decisions",
  all: "All reviews",
};

/** Reviews held for a check and reviews reported (by default), or any review by its state. */
export default function AdminReviews({
  loaderData: { params, total, pageCount, exportName, reviews },
}: Route.ComponentProps) {
  const state = params.filters.state;
  return (
    <>
      <AdminHeading title="Reviews" />
      <ListControls
        id="review"
        params={params}
        searchLabel="Search by business, reviewer's e-mail or name, the review's words or id"
        filters={[
          {
            name: "state",
            label: "Reviews",
            options: [
              ["", "Held or reported"],
              ["held", "Held for a check"],
              ["reported", "Reported"],
              ["decided", "Decided"],
              ["all", "All reviews"],
            ],
          },
        ]}
      />
      {reviews.length === 0 ? (
        <EmptyNote>
          {params.q || state ? "No reviews match." : "No reviews are waiting for a check, and no open reports."}
        </EmptyNote>
      ) : (
        <SortableTable
          label={tableLabels[state]!}
          params={params}
          columns={[
            { label: "Review", sort: "business" },
            { label: "Stars", sort: "rating" },
            { label: "Reviewer" },
            { label: "State" },
            { label: "Written", sort: "written" },
            { label: "Decided", sort: "decided" },
          ]}
        >
          {reviews.map((r) => (
            <tr key={r.id}>
              <td className="px-4 py-3">
                <Link to={`/admin/reviews/${r.id}`} className="font-semibold text-brand-800 hover:underline">
                  {r.businessName}
                </Link>
                <p className="mt-1 break-words text-slate-700">{r.body}</p>
              </td>
              <td className="px-4 py-3">
                <Stars rating={r.rating} />
              </td>
              <td className="min-w-48 px-4 py-3 break-all">
                {r.reviewer}
                <div className="text-slate-700">{r.reviewerEmail}</div>
              </td>
              <td className="px-4 py-3">
                <div className="flex flex-wrap gap-1">
                  {r.status === "removed" ? null : <span>{r.state}</span>}
                  {r.openReports ? <Badge className="bg-red-100 text-red-950">{r.openReports} open</Badge> : null}
                </div>
                {r.status === "removed" ? <p>Removed: {r.removalReason ?? ""}</p> : null}
                {r.holdReasons.length ? (
                  <ul className="mt-1 grid gap-1">
                    {r.holdReasons.map((reason) => (
                      <li key={reason}>{reason}</li>
                    ))}
                  </ul>
                ) : null}
              </td>
              <td className="px-4 py-3 whitespace-nowrap">{r.written}</td>
              <td className="px-4 py-3 whitespace-nowrap">{r.decided}</td>
            </tr>
          ))}
        </SortableTable>
      )}
      <ListFooter params={params} total={total} pageCount={pageCount} noun="reviews" exportName={exportName} />
    </>
  );
}
