import { Link } from "react-router";
import { AdminHeading } from "~/features/admin/components/admin-shell";
import { EnquiriesChart } from "~/features/admin/components/enquiries-chart";
import { dashboardFigures } from "~/features/admin/dashboard.server";
import type { Route } from "./+types/dashboard";

export function loader() {
  return dashboardFigures();
}

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | HBS back office" }];

function Figure({ label, value, to }: { label: string; value: number; to: string }) {
  return (
    <Link to={to} className="rounded-xl border border-slate-200 bg-white p-5 hover:border-brand-700">
      <p className="text-sm font-semibold text-slate-700">{label}</p>
      <p className="mt-1 text-3xl font-bold text-slate-900">{value}</p>
    </Link>
  );
}

export default function AdminDashboard({ loaderData: figures }: Route.ComponentProps) {
  return (
    <>
      <AdminHeading title="Dashboard" />
      <div className="grid gap-4 sm:grid-cols-3">
        <Figure
          label="Listings waiting for review"
          value={figures.pendingListings}
          to="/admin/listings?status=pending"
        />
        <Figure label="Enquiries this week" value={figures.newEnquiriesThisWeek} to="/admin/enquiries" />
        <Figure label="Active subscriptions" value={figures.activeSubscriptions} to="/admin/subscriptions" />
      </div>
      <section aria-labelledby="chart-heading" className="mt-6 rounded-xl border border-slate-200 bg-white p-6">
        <h2 id="chart-heading" className="mb-4 text-lg font-semibold">
          Enquiries
        </h2>
        <EnquiriesChart days={figures.days} />
      </section>
    </>
  );
}
