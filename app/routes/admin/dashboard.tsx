import { Link } from "react-router";
import { AdminHeading, DataTable } from "~/features/admin/components/admin-shell";
import { EnquiriesChart } from "~/features/admin/components/enquiries-chart";
import {
  activeSubscriptionCount,
  enquiriesByDay,
  troubles,
  waitingWork,
  weekFigures,
} from "~/features/admin/dashboard.server";
import { formatLondonDateTime } from "~/lib/dates";
import { formatPence } from "~/lib/money";
import type { Route } from "./+types/dashboard";

const HOUR_MS = 60 * 60 * 1000;

/** How long the oldest has waited, as staff say it. */
function waitedFor(since: Date | null, now: Date) {
  if (!since) return null;
  const hours = Math.floor((now.getTime() - since.getTime()) / HOUR_MS);
  if (hours < 1) return "under an hour";
  if (hours < 48) return `${hours} hour${hours === 1 ? "" : "s"}`;
  return `${Math.floor(hours / 24)} days`;
}

export async function loader() {
  const now = new Date();
  const [work, weeks, trouble, days, activeSubscriptions] = await Promise.all([
    waitingWork(),
    weekFigures(now),
    troubles(),
    enquiriesByDay(now),
    activeSubscriptionCount(),
  ]);
  const queue = (kind: keyof typeof work, label: string, to: string) => ({
    label,
    to,
    count: work[kind].count,
    waited: waitedFor(work[kind].oldestAt, now),
  });
  return {
    inbox: [
      queue("listings", "Listings waiting for review", "/admin/listings?status=pending&sort=updated&dir=asc"),
      queue("revisions", "Sellers' changes to check", "/admin/listings#revisions-heading"),
      queue("enquiries", "New enquiries", "/admin/enquiries?status=new&sort=received&dir=asc"),
      queue("heldReviews", "Reviews held for a decision", "/admin/reviews?state=held"),
      queue("reportedReviews", "Reviews reported", "/admin/reviews?state=reported"),
      queue("claims", "Business claims to check", "/admin/claims"),
      queue("addedBusinesses", "Businesses added by members", "/admin/claims#added-businesses"),
      queue("halalProposals", "Owners' halal details to check", "/admin/claims#halal-proposals"),
      queue("reportedThreads", "Conversations reported", "/admin/messages?state=reported"),
      queue("failingEmails", "E-mails that keep failing", "/admin/outbox?state=failing&sort=attempts&dir=desc"),
    ],
    weeks: [
      { label: "Enquiries", ...weeks.enquiries, money: false },
      { label: "New listings", ...weeks.listings, money: false },
      { label: "New members", ...weeks.members, money: false },
      { label: "Reviews", ...weeks.reviews, money: false },
      { label: "Revenue taken", ...weeks.taken, money: true },
      { label: "Refunded", ...weeks.refunded, money: true },
    ].map(({ money, thisWeek, weekBefore, label }) => ({
      label,
      thisWeek: money ? formatPence(thisWeek) : thisWeek.toLocaleString("en-GB"),
      weekBefore: money ? formatPence(weekBefore) : weekBefore.toLocaleString("en-GB"),
      change: thisWeek === weekBefore ? "same" : thisWeek > weekBefore ? "up" : "down",
    })),
    trouble: {
      shortPayments: trouble.shortPayments.map((p) => ({
        ...p,
        amount: formatPence(p.amountPence),
        price: formatPence(p.pricePence),
        at: formatLondonDateTime(p.occurredAt),
      })),
      stuckEvents: trouble.stuckEvents.map((e) => ({ ...e, at: formatLondonDateTime(e.receivedAt) })),
      failingEmails: trouble.failingEmails,
    },
    activeSubscriptions,
    days,
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | HBS back office" }];

export default function AdminDashboard({
  loaderData: { inbox, weeks, trouble, activeSubscriptions, days },
}: Route.ComponentProps) {
  const troubleCount = trouble.shortPayments.length + trouble.stuckEvents.length + trouble.failingEmails.length;
  return (
    <>
      <AdminHeading title="Dashboard" />
      {troubleCount > 0 ? (
        <section aria-labelledby="trouble-heading" className="mb-6 rounded-xl border border-red-300 bg-red-50 p-5">
          <h2 id="trouble-heading" className="text-lg font-semibold text-red-900">
            Needs a look first
          </h2>
          <ul className="mt-3 grid gap-2 text-sm text-slate-900">
            {trouble.shortPayments.map((p) => (
              <li key={`pay-${p.subscriptionId}-${p.at}`}>
                A payment fell short: {p.amount} of {p.price} for {p.packageName} ({p.email}), {p.at}.{" "}
                <Link to={`/admin/subscriptions?q=${p.subscriptionId}`} className="font-semibold underline">
                  Subscription {p.subscriptionId}
                </Link>
              </li>
            ))}
            {trouble.stuckEvents.map((e) => (
              <li key={e.id}>
                Stripe's event <span className="font-mono break-all">{e.id}</span> ({e.type}) has failed {e.attempts}{" "}
                times since {e.at}: {e.lastError ?? "no error recorded"}
              </li>
            ))}
            {trouble.failingEmails.map((m) => (
              <li key={m.id}>
                An e-mail to <span className="break-all">{m.to}</span> ("{m.subject}") has failed {m.attempts} times:{" "}
                {m.lastError ?? "no error recorded"}.{" "}
                <Link to="/admin/outbox?state=failing&sort=attempts&dir=desc" className="font-semibold underline">
                  Outbox
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="inbox-heading">
        <h2 id="inbox-heading" className="mb-3 text-lg font-semibold">
          Waiting for staff
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {inbox.map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                className="flex h-full items-start justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-700"
              >
                <span>
                  <span className="block text-sm font-semibold text-slate-800">{item.label}</span>
                  <span className="mt-1 block text-sm text-slate-700">
                    {item.waited ? `Oldest waiting ${item.waited}` : "Nothing waiting"}
                  </span>
                </span>
                <span className="text-3xl font-bold text-slate-900">{item.count}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="weeks-heading" className="mt-6">
        <h2 id="weeks-heading" className="mb-3 text-lg font-semibold">
          This week and the week before
        </h2>
        <DataTable
          label="This week and the week before"
          caption="Figures for the last seven days and the seven days before them"
          columns={["Figure", "Last 7 days", "The 7 days before"]}
        >
          {weeks.map((row) => (
            <tr key={row.label}>
              <th scope="row" className="px-4 py-3 font-semibold">
                {row.label}
              </th>
              <td className="px-4 py-3">
                {row.thisWeek}{" "}
                <span className="text-slate-700">
                  {row.change === "up" ? "▲ up" : row.change === "down" ? "▼ down" : "no change"}
                </span>
              </td>
              <td className="px-4 py-3">{row.weekBefore}</td>
            </tr>
          ))}
        </DataTable>
        <p className="mt-3 text-sm text-slate-800">
          <Link to="/admin/subscriptions?status=active" className="font-semibold text-brand-800 hover:underline">
            Active subscriptions: {activeSubscriptions}
          </Link>
        </p>
      </section>
      <section aria-labelledby="chart-heading" className="mt-6 rounded-xl border border-slate-200 bg-white p-6">
        <h2 id="chart-heading" className="mb-4 text-lg font-semibold">
          Enquiries
        </h2>
        <EnquiriesChart days={days} />
      </section>
    </>
  );
}
