import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { AdminHeading, DetailList } from "~/features/admin/components/admin-shell";
import { recordAudit } from "~/features/admin/audit.server";
import { idParam, readAdminForm } from "~/features/admin/form.server";
import { currentAdmin } from "~/features/admin/guard.server";
import { MessageList } from "~/features/messages/components/message-list";
import { ReplyForm } from "~/features/messages/components/reply-form";
import { messageSchema } from "~/features/messages/message-rules";
import { openStaffThread, resolveReport, staffReply } from "~/features/messages/threads.server";
import { formatLondonDateTime } from "~/lib/dates";
import type { IntentActionData } from "~/lib/use-intent-form";
import { db } from "~/server/db.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/message-thread";

export async function loader({ params }: Route.LoaderArgs) {
  const thread = await openStaffThread(idParam(params.id));
  if (!thread) throw data(null, { status: 404 });
  return {
    thread: {
      ...thread,
      reports: thread.reports.map((r) => ({ ...r, at: formatLondonDateTime(r.createdAt) })),
    },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = currentAdmin(context);
  const id = idParam(params.id);
  const { formData, refused } = await readAdminForm(request);
  if (refused) return refused;
  const intent = String(formData.get("intent"));
  const back = `/admin/messages/${id}`;
  if (intent === "reply") {
    const submission = parseWithZod(formData, { schema: messageSchema });
    if (submission.status !== "success") {
      return data<IntentActionData>({ intent, result: submission.reply() }, { status: 400 });
    }
    const sent = await staffReply(admin, id, submission.value.body);
    return redirectWithToast(
      back,
      sent
        ? { type: "success", title: "Reply sent" }
        : { type: "error", title: "Only conversations with HBS can be answered here" },
    );
  }
  if (intent === "resolve") {
    const reportId = Number(formData.get("reportId"));
    const resolved =
      Number.isSafeInteger(reportId) &&
      (await db().transaction(async (tx) => {
        if (!(await resolveReport(tx, reportId, id))) return false;
        await recordAudit(tx, admin, {
          action: "message-report.resolve",
          entityType: "thread",
          entityId: id,
          after: { reportId, status: "resolved" },
        });
        return true;
      }));
    return redirectWithToast(
      back,
      resolved ? { type: "success", title: "Report resolved" } : { type: "error", title: "That report is not open" },
    );
  }
  return data<IntentActionData>(
    { intent, result: { status: "error", error: { "": ["Unknown action"] } } },
    { status: 400 },
  );
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.thread.listing.title ?? "Conversation"} | Messages | HBS back office` },
];

export default function AdminMessageThread({ loaderData: { thread }, actionData }: Route.ComponentProps) {
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/messages" className="font-semibold text-brand-800 hover:underline">
          ← Messages
        </Link>
      </p>
      <AdminHeading title={thread.listing.title} />
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="grid content-start gap-6">
          <MessageList messages={thread.messages} label="Messages in this conversation" />
          {thread.withStaff ? (
            <section aria-label="Reply as HBS" className="rounded-xl border border-slate-200 bg-white p-5">
              <ReplyForm
                key={thread.messages.length}
                actionData={actionData as IntentActionData | undefined}
                label="Reply as HBS"
              />
            </section>
          ) : (
            <p className="text-sm text-slate-700">
              A conversation between a buyer and a seller: staff read it because it was reported.
            </p>
          )}
        </div>
        <div className="grid content-start gap-6">
          <section
            aria-labelledby="parties-heading"
            className="rounded-xl border border-slate-200 bg-white p-5 text-sm"
          >
            <h2 id="parties-heading" className="mb-3 text-lg font-semibold">
              Who
            </h2>
            <DetailList
              items={[
                ["Buyer", `${thread.buyer.name} (${thread.buyer.email})`],
                [
                  "Seller",
                  thread.seller ? `${thread.seller.name} (${thread.seller.email})` : "HBS (no seller account)",
                ],
              ]}
            />
          </section>
          {thread.reports.length ? (
            <section
              aria-labelledby="reports-heading"
              className="rounded-xl border-2 border-red-200 bg-white p-5 text-sm"
            >
              <h2 id="reports-heading" className="mb-3 text-lg font-semibold">
                Reports
              </h2>
              <ul className="grid gap-3">
                {thread.reports.map((report) => (
                  <li key={report.id} className="grid gap-1">
                    <p className="whitespace-pre-line wrap-anywhere">{report.reason}</p>
                    <p className="text-slate-700">
                      {report.at} · {report.status === "open" ? "Open" : "Resolved"}
                    </p>
                    {report.status === "open" ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="resolve" />
                        <input type="hidden" name="reportId" value={report.id} />
                        <Button type="submit" size="sm" variant="outline">
                          Mark resolved
                        </Button>
                      </Form>
                    ) : null}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      </div>
    </>
  );
}
