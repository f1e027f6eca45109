import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { formatLondonDateTime } from "~/lib/dates";

/**
 * A business three members reported closed (decision 0092): their reports,
 * and staff's decision. Its own form and route, apart from the edit form.
 */
export function ClosureDecision({
  businessId,
  reportedAt,
  reports,
}: {
  businessId: number;
  reportedAt: Date;
  reports: { id: number; createdAt: Date; details: string; member: string }[];
}) {
  return (
    <section aria-labelledby="closure-title" className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-6">
      <h2 id="closure-title" className="text-lg font-semibold text-amber-950">
        Reported closed by members
      </h2>
      <p className="mt-1 text-sm text-amber-950">
        Marked &ldquo;Reported closed — not yet checked&rdquo; on its page since {formatLondonDateTime(reportedAt)}.
        Check, then decide.
      </p>
      <ul className="mt-3 grid gap-2 text-sm">
        {reports.map((report) => (
          <li key={report.id} className="rounded-md bg-white p-3">
            <p className="font-medium">
              {report.member}, {formatLondonDateTime(report.createdAt)}
            </p>
            <p className="whitespace-pre-line">{report.details}</p>
          </li>
        ))}
      </ul>
      <Form method="post" action={`/admin/directory/${businessId}/closure`} className="mt-4 flex flex-wrap gap-3">
        <Button type="submit" name="intent" value="open" variant="outline">
          Still open: remove the mark
        </Button>
        <Button type="submit" name="intent" value="closed">
          Closed: take it out of the directory
        </Button>
      </Form>
    </section>
  );
}
