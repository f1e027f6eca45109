import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { AdminHeading, DataTable, DetailList } from "~/features/admin/components/admin-shell";
import { SuspendForm } from "~/features/admin/components/suspend-form";
import { Cell, HiddenNote, RecordSection } from "~/features/admin/components/member-record";
import { readStaffForm } from "~/features/admin/form.server";
import { currentAdmin } from "~/features/admin/guard.server";
import { listingStatusLabels } from "~/features/admin/labels";
import { banSchema } from "~/features/admin/schemas";
import type { IntentActionData } from "~/lib/use-intent-form";
import { changeUser, getUserDetail, signOutEverywhere, type UserAction } from "~/features/admin/users.server";
import { enquiryKindLabels, enquiryStatusLabels } from "~/features/enquiries/enquiry-kinds";
import { paymentForStaff, subscriptionStatusOf } from "~/features/payments/billing.server";
import { reviewStatusWords } from "~/features/reviews/reviews-list.server";
import { formatLondonDate, formatLondonDateTime } from "~/lib/dates";
import { formatPence } from "~/lib/money";
import { deviceName } from "~/lib/user-agent";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/user";

/** A long text's first words, for a table cell. */
const excerpt = (text: string | null, length = 120) =>
  !text ? "" : text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text;

export async function loader({ params, context }: Route.LoaderArgs) {
  const admin = currentAdmin(context);
  const found = await getUserDetail(params.id);
  if (!found) throw data(null, { status: 404 });
  const { user, listings, businesses, reviews, replies, threads, subscriptions, sessions, enquiries } = found;
  // The back office's lists find a member's rows by their e-mail (a list that cannot is given no link).
  const search = (path: string, filters = "") => `${path}?q=${encodeURIComponent(user.email)}${filters}`;
  return {
    user: { ...user, joined: formatLondonDateTime(user.createdAt) },
    self: user.id === admin.id,
    listings: {
      total: listings.total,
      more: search("/admin/listings"),
      rows: listings.rows.map((l) => ({
        id: l.id,
        title: l.title,
        reference: `#${l.id}`,
        status: listingStatusLabels[l.status],
        wasStatus: l.statusBeforeSuspension && listingStatusLabels[l.statusBeforeSuspension],
        sent: formatLondonDate(l.createdAt),
      })),
    },
    businesses: {
      total: businesses.total,
      more: search("/admin/directory", "&owner=owned"),
      rows: businesses.rows,
    },
    reviews: {
      total: reviews.total,
      more: search("/admin/reviews", "&state=all"),
      rows: reviews.rows.map((r) => ({
        id: r.id,
        business: r.business,
        rating: r.rating,
        state: reviewStatusWords[r.status],
        hidden: r.hidden,
        written: formatLondonDate(r.createdAt),
      })),
    },
    replies: {
      total: replies.total,
      rows: replies.rows.map((r) => ({
        reviewId: r.reviewId,
        business: r.business,
        reply: excerpt(r.reply),
        hidden: r.hidden,
        replied: r.repliedAt ? formatLondonDate(r.repliedAt) : "",
      })),
    },
    threads: {
      total: threads.total,
      more: search("/admin/messages", "&state=all"),
      rows: threads.rows.map((t) => {
        // The other party: the seller (none: HBS's own thread) when the member is the buyer, else the buyer.
        const other = t.asBuyer
          ? t.sellerId && { id: t.sellerId, email: t.sellerEmail! }
          : { id: t.buyerId, email: t.buyerEmail };
        return {
          id: t.id,
          listing: t.listing,
          other,
          last: formatLondonDateTime(t.lastMessageAt),
          lastBody: excerpt(t.lastBody),
          lastFromMember: t.lastFromMember,
          reports: t.reports.map((r) => ({
            id: r.id,
            reason: r.reason,
            open: r.status === "open",
            reporter: r.reporterId && { id: r.reporterId, email: r.reporterEmail ?? "" },
            at: formatLondonDateTime(new Date(r.createdAt)),
          })),
        };
      }),
    },
    subscriptions: {
      total: subscriptions.total,
      more: search("/admin/subscriptions"),
      rows: subscriptions.rows.map((s) => ({
        id: s.id,
        packageName: s.packageName,
        promotes: s.promotes,
        price: formatPence(s.pricePence),
        status: subscriptionStatusOf(s),
        period: `${formatLondonDate(s.startDate)}${s.endDate ? ` to ${formatLondonDate(s.endDate)}` : ""}`,
        payments: s.payments.map((p) => paymentForStaff(p, s.pricePence)),
      })),
    },
    // Tokens never leave the server.
    sessions: {
      total: sessions.total,
      rows: sessions.rows.map((s) => ({
        id: s.id,
        device: deviceName(s.userAgent),
        userAgent: s.userAgent ?? "",
        ipAddress: s.ipAddress ?? "Not known",
        signedIn: formatLondonDateTime(s.createdAt),
        lastActive: formatLondonDateTime(s.updatedAt),
        expires: formatLondonDateTime(s.expiresAt),
      })),
    },
    enquiries: enquiries.map((e) => ({ ...e, received: formatLondonDateTime(e.createdAt) })),
  };
}

export async function action(args: Route.ActionArgs) {
  const sent = await readStaffForm(args);
  if (sent.refused) return sent.refused;
  const { admin, intent, formData } = sent;
  const back = `/admin/users/${args.params.id}`;
  if (intent === "sign-out-everywhere") {
    const outcome = await signOutEverywhere(admin, args.params.id);
    if (!outcome.ok) return redirectWithToast(back, { type: "error", title: outcome.message });
    return redirectWithToast(back, {
      type: "success",
      title: outcome.ended
        ? `Signed out everywhere: ${outcome.ended} ${outcome.ended === 1 ? "session" : "sessions"} ended`
        : "They were not signed in anywhere",
    });
  }
  let change: UserAction;
  if (intent === "ban") {
    const submission = parseWithZod(formData, { schema: banSchema });
    if (submission.status !== "success") {
      return data<IntentActionData>({ intent, result: submission.reply() }, { status: 400 });
    }
    change = { kind: "ban", reason: submission.value.reason };
  } else if (intent === "unban") change = { kind: "unban" };
  else if (intent === "make-admin" || intent === "remove-admin") {
    change = { kind: "role", role: intent === "make-admin" ? "admin" : "user" };
  } else {
    return data<IntentActionData>(
      { intent, result: { status: "error", error: { "": ["Unknown action"] } } },
      { status: 400 },
    );
  }
  const outcome = await changeUser(admin, args.request, args.params.id, change);
  if (!outcome.ok) return redirectWithToast(back, { type: "error", title: outcome.message });
  const titles = {
    ban: "Account suspended: signed out, and their listings, reviews and messages hidden",
    unban: "Account restored, with their listings, reviews and messages",
    role: change.kind === "role" && change.role === "admin" ? "Now staff" : "No longer staff",
  };
  return redirectWithToast(back, { type: "success", title: titles[change.kind] });
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.user.email ?? "User"} | HBS back office` },
];

function IntentButton({
  intent,
  children,
  variant = "outline",
}: {
  intent: string;
  children: string;
  variant?: "outline" | "default";
}) {
  const navigation = useNavigation();
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" variant={variant} disabled={navigation.state === "submitting"}>
        {children}
      </Button>
    </Form>
  );
}

const link = "font-semibold text-brand-800 hover:underline";

export default function AdminUser({ loaderData, actionData }: Route.ComponentProps) {
  const { user, self, listings, businesses, reviews, replies, threads, subscriptions, sessions, enquiries } =
    loaderData;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/users" className={link}>
          ← Users
        </Link>
      </p>
      <AdminHeading title={user.email}>
        <div className="flex gap-2">
          {user.role === "admin" ? <Badge>Staff</Badge> : null}
          {user.banned ? <Badge variant="outline">Suspended</Badge> : null}
        </div>
      </AdminHeading>
      {user.banned ? (
        <p role="status" className="mb-6 rounded-md bg-amber-50 p-3 text-sm text-amber-950">
          <strong>Suspended:</strong> they cannot sign in, and their listings, reviews, replies and messages are off the
          site. Restoring the account puts all of them back as they were.
        </p>
      ) : null}
      {/* The account and its actions first, so that on a phone they are not under every section. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section
          aria-labelledby="account-heading"
          className="grid content-start gap-4 self-start rounded-xl border border-slate-200 bg-white p-4 text-sm sm:p-6 lg:col-start-2 lg:row-start-1"
        >
          <h2 id="account-heading" className="text-lg font-semibold">
            Account
          </h2>
          <DetailList
            items={[
              ["Name", user.fullName || "Not given"],
              ["Phone", user.phone || "Not given"],
              ["Joined", user.joined],
              ["E-mail confirmed", user.emailVerified ? "Yes" : "No"],
              ...(user.banned ? [["Suspended because", user.banReason] as [string, string | null]] : []),
            ]}
          />
          {self ? (
            <p className="text-slate-700">This is your own account: change it in your account settings.</p>
          ) : (
            <>
              {user.banned ? (
                <IntentButton intent="unban">Restore account</IntentButton>
              ) : user.role === "admin" ? (
                <p className="text-slate-700">Staff cannot be suspended: remove them from staff first.</p>
              ) : (
                <SuspendForm
                  intent="ban"
                  actionData={actionData as IntentActionData | undefined}
                  label="Suspend account"
                />
              )}
              {user.role === "admin" ? (
                <IntentButton intent="remove-admin">Remove from staff</IntentButton>
              ) : (
                <IntentButton intent="make-admin">Make staff</IntentButton>
              )}
            </>
          )}
        </section>
        <div className="grid min-w-0 grid-cols-1 content-start gap-6 lg:col-start-1 lg:row-start-1">
          <RecordSection
            id="listings"
            title="Listings"
            total={listings.total}
            shown={listings.rows.length}
            more={{ to: listings.more, list: "Listings" }}
          >
            <DataTable
              label="Their listings"
              caption="Their listings, newest first"
              columns={["Listing", "Reference", "Status", "Sent"]}
            >
              {listings.rows.map((l) => (
                <tr key={l.id}>
                  <Cell>
                    <Link to={`/admin/listings/${l.id}`} className={link}>
                      {l.title}
                    </Link>
                  </Cell>
                  <Cell>{l.reference}</Cell>
                  <Cell>
                    {l.status}
                    {l.wasStatus ? <HiddenNote>Back to {l.wasStatus} when restored</HiddenNote> : null}
                  </Cell>
                  <Cell>{l.sent}</Cell>
                </tr>
              ))}
            </DataTable>
          </RecordSection>
          <RecordSection
            id="businesses"
            title="Businesses they own"
            total={businesses.total}
            shown={businesses.rows.length}
            more={{ to: businesses.more, list: "Directory" }}
          >
            <DataTable
              label="Businesses they own"
              caption="Directory businesses they own"
              columns={["Business", "Town", "On the site"]}
            >
              {businesses.rows.map((b) => (
                <tr key={b.id}>
                  <Cell>
                    <Link to={`/admin/directory/${b.id}`} className={link}>
                      {b.name}
                    </Link>
                  </Cell>
                  <Cell>{b.town}</Cell>
                  <Cell>{b.published ? "Published" : "Unpublished"}</Cell>
                </tr>
              ))}
            </DataTable>
          </RecordSection>
          <RecordSection
            id="reviews"
            title="Reviews they wrote"
            total={reviews.total}
            shown={reviews.rows.length}
            more={{ to: reviews.more, list: "Reviews" }}
          >
            <DataTable
              label="Reviews they wrote"
              caption="Reviews they wrote, newest first"
              columns={["Business", "Stars", "State", "Written"]}
            >
              {reviews.rows.map((r) => (
                <tr key={r.id}>
                  <Cell>
                    <Link to={`/admin/reviews/${r.id}`} className={link}>
                      {r.business}
                    </Link>
                  </Cell>
                  <Cell>{r.rating} of 5</Cell>
                  <Cell>
                    {r.state}
                    {r.hidden ? <HiddenNote>Hidden while suspended</HiddenNote> : null}
                  </Cell>
                  <Cell>{r.written}</Cell>
                </tr>
              ))}
            </DataTable>
          </RecordSection>
          <RecordSection
            id="replies"
            title="Owner replies they wrote"
            total={replies.total}
            shown={replies.rows.length}
          >
            <DataTable
              label="Owner replies they wrote"
              caption="Their replies to reviews of their businesses, newest first"
              columns={["Business", "Reply", "Replied"]}
            >
              {replies.rows.map((r) => (
                <tr key={r.reviewId}>
                  <Cell>
                    <Link to={`/admin/reviews/${r.reviewId}`} className={link}>
                      {r.business}
                    </Link>
                  </Cell>
                  <Cell>
                    <span className="break-words">{r.reply}</span>
                    {r.hidden ? <HiddenNote>Hidden while suspended</HiddenNote> : null}
                  </Cell>
                  <Cell>{r.replied}</Cell>
                </tr>
              ))}
            </DataTable>
          </RecordSection>
          <RecordSection
            id="threads"
            title="Message threads"
            total={threads.total}
            shown={threads.rows.length}
            more={{ to: threads.more, list: "Messages" }}
          >
            <DataTable
              label="Their message threads"
              caption="Their message threads, latest message first"
              columns={["Listing", "With", "Last message", "Reports"]}
            >
              {threads.rows.map((t) => (
                <tr key={t.id}>
                  <Cell>
                    <Link to={`/admin/messages/${t.id}`} className={link}>
                      {t.listing}
                    </Link>
                  </Cell>
                  <Cell>
                    {t.other ? (
                      <Link to={`/admin/users/${t.other.id}`} className={link}>
                        {t.other.email}
                      </Link>
                    ) : (
                      "HBS"
                    )}
                  </Cell>
                  <Cell>
                    <span className="block text-slate-700">
                      {t.last}, from {t.lastFromMember ? "them" : "the other side"}
                    </span>
                    <span className="break-words">{t.lastBody}</span>
                  </Cell>
                  <Cell>
                    {t.reports.length ? (
                      <ul className="grid gap-2">
                        {t.reports.map((r) => (
                          <li key={r.id}>
                            <span className="font-semibold">{r.open ? "Open" : "Resolved"}</span>: {r.reason}
                            <span className="block text-slate-700">
                              {r.reporter ? (
                                <>
                                  by{" "}
                                  <Link to={`/admin/users/${r.reporter.id}`} className={link}>
                                    {r.reporter.email}
                                  </Link>
                                </>
                              ) : (
                                "by a member since gone"
                              )}
                              , {r.at}
                            </span>
                          </li>
                        ))}
                      </ul>
                    ) : (
                      "None"
                    )}
                  </Cell>
                </tr>
              ))}
            </DataTable>
          </RecordSection>
          <RecordSection
            id="subs"
            title="Subscriptions and payments"
            total={subscriptions.total}
            shown={subscriptions.rows.length}
            more={{ to: subscriptions.more, list: "Subscriptions" }}
            actions={
              <Link to={`/admin/subscriptions?email=${encodeURIComponent(user.email)}`} className={link}>
                New subscription
              </Link>
            }
          >
            <DataTable
              label="Their subscriptions"
              caption="Their subscriptions, newest first, with payments as Stripe reported them"
              columns={["Package", "Promotes", "Price", "Status", "Period", "Payments"]}
            >
              {subscriptions.rows.map((s) => (
                <tr key={s.id}>
                  <Cell>
                    <Link to={`/admin/subscriptions?q=${s.id}`} className={link}>
                      {s.packageName}
                    </Link>
                  </Cell>
                  <Cell>{s.promotes ?? "Nothing"}</Cell>
                  <Cell>{s.price}</Cell>
                  <Cell>{s.status}</Cell>
                  <Cell>{s.period}</Cell>
                  <Cell>
                    {s.payments.length ? (
                      <ul className="grid gap-1">
                        {s.payments.map((p) => (
                          <li key={p.id} className={p.flagged ? "text-red-900" : undefined}>
                            {p.text}
                            {p.url ? (
                              <>
                                {" "}
                                <a href={p.url} className={link}>
                                  Receipt
                                </a>
                              </>
                            ) : null}
                          </li>
                        ))}
                      </ul>
                    ) : (
                      "None recorded"
                    )}
                  </Cell>
                </tr>
              ))}
            </DataTable>
          </RecordSection>
          <RecordSection
            id="sessions"
            title="Sessions"
            total={sessions.total}
            shown={sessions.rows.length}
            actions={
              sessions.total > 0 && !self ? (
                <IntentButton intent="sign-out-everywhere">Sign out everywhere</IntentButton>
              ) : null
            }
          >
            <DataTable
              label="Their sessions"
              caption="Their sessions, most recently active first"
              columns={["Device", "IP address", "Signed in", "Last active", "Expires"]}
            >
              {sessions.rows.map((s) => (
                <tr key={s.id}>
                  <Cell>
                    <span title={s.userAgent}>{s.device}</span>
                  </Cell>
                  <Cell>{s.ipAddress}</Cell>
                  <Cell>{s.signedIn}</Cell>
                  <Cell>{s.lastActive}</Cell>
                  <Cell>{s.expires}</Cell>
                </tr>
              ))}
            </DataTable>
            <p className="text-slate-700">
              Last active is kept to the day: a session is renewed once a day while used.
            </p>
          </RecordSection>
          <RecordSection id="enq" title="Enquiries" total={enquiries.length} shown={enquiries.length}>
            <ul className="divide-y divide-slate-200">
              {enquiries.map((e) => (
                <li key={e.id} className="py-2">
                  <Link to={`/admin/enquiries/${e.id}`} className={link}>
                    {e.subject}
                  </Link>{" "}
                  · {enquiryKindLabels[e.kind]} · {e.received} · {enquiryStatusLabels[e.status]}
                </li>
              ))}
            </ul>
          </RecordSection>
        </div>
      </div>
    </>
  );
}
