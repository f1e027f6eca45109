import { data, Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ListControls, ListFooter, SortableTable } from "~/features/admin/components/admin-list";
import { AdminHeading, EmptyNote } from "~/features/admin/components/admin-shell";
import { StatusTabs } from "~/features/admin/components/status-tabs";
import { idParam, readStaffForm } from "~/features/admin/form.server";
import { OUTBOX_STATES, outboxStateLabels as stateLabels } from "~/features/admin/labels";
import { loadAdminList } from "~/features/admin/lists/admin-list.server";
import { listHref } from "~/features/admin/lists/list-params";
import { countOutboxByState, outboxList, retryMessage } from "~/features/admin/outbox.server";
import { formatLondonDateTime } from "~/lib/dates";
import { redirectWithToast } from "~/server/toast.server";
import { redirectInside } from "~/server/redirects.server";
import type { Route } from "./+types/outbox";

export async function loader({ request }: Route.LoaderArgs) {
  // The outbox opens on what is failing; "All" and a search look through every state.
  if (!new URL(request.url).search) throw redirectInside("/admin/outbox?state=failing");
  const { rows, ...list } = await loadAdminList(outboxList, request);
  return {
    ...list,
    state: OUTBOX_STATES.find((s) => s === list.params.filters.state),
    counts: await countOutboxByState(list.params),
    messages: rows.map((row) => ({
      id: row.id,
      to: row.to,
      subject: row.subject,
      text: row.text,
      state: row.state,
      attempts: row.attempts,
      lastError: row.lastError,
      queued: formatLondonDateTime(row.createdAt),
      sent: row.sentAt ? formatLondonDateTime(row.sentAt) : null,
      nextAttempt: row.sentAt ? null : formatLondonDateTime(row.nextAttemptAt),
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const sent = await readStaffForm(args);
  if (sent.refused) return sent.refused;
  const { admin, formData } = sent;
  const id = idParam(String(formData.get("id") ?? ""));
  if (!(await retryMessage(admin, id))) throw data(null, { status: 404 });
  return redirectWithToast("/admin/outbox?state=queued", { type: "success", title: "Sending it again now" });
}

export const meta: Route.MetaFunction = () => [{ title: "Outbox | HBS back office" }];

export default function AdminOutbox({
  loaderData: { params, total, pageCount, exportName, state, counts, messages },
}: Route.ComponentProps) {
  return (
    <>
      <AdminHeading title="Outbox" />
      <ListControls id="outbox" params={params} searchLabel="Search by recipient, subject or id" />
      <StatusTabs
        label="Messages by state"
        param="state"
        current={state}
        options={[
          { value: undefined, label: "All", count: counts.failing + counts.queued + counts.sent },
          ...OUTBOX_STATES.map((s) => ({ value: s, label: stateLabels[s], count: counts[s] })),
        ]}
        href={(value) => listHref(params, { filters: { state: value ?? "" } })}
      />
      {messages.length === 0 ? (
        <EmptyNote>No messages match.</EmptyNote>
      ) : (
        <SortableTable
          label={state ? `${stateLabels[state]} messages` : "Messages"}
          params={params}
          columns={[
            { label: "Message" },
            { label: "State" },
            { label: "Attempts", sort: "attempts" },
            { label: "Queued", sort: "queued" },
            { label: "Next try", sort: "next" },
            { label: "Sent", sort: "sent" },
            { label: "" },
          ]}
        >
          {messages.map((m) => (
            <tr key={m.id}>
              <td className="min-w-72 px-4 py-3">
                <p className="font-semibold text-slate-900">{m.subject}</p>
                <p className="break-all text-slate-700">To {m.to}</p>
                {m.lastError ? <p className="mt-1 font-medium text-red-800">Error: {m.lastError}</p> : null}
                <details className="mt-2">
                  <summary className="cursor-pointer font-semibold text-brand-800">Read the message</summary>
                  <pre className="mt-2 whitespace-pre-wrap break-words rounded-md bg-slate-50 p-3 font-sans">
                    {m.text}
                  </pre>
                </details>
              </td>
              <td className="px-4 py-3">
                <Badge variant={m.state === "failing" ? "accent" : "outline"}>{stateLabels[m.state]}</Badge>
              </td>
              <td className="px-4 py-3">{m.attempts}</td>
              <td className="px-4 py-3 whitespace-nowrap">{m.queued}</td>
              <td className="px-4 py-3 whitespace-nowrap">{m.nextAttempt}</td>
              <td className="px-4 py-3 whitespace-nowrap">{m.sent}</td>
              <td className="px-4 py-3">
                {m.sent ? null : (
                  <Form method="post">
                    <input type="hidden" name="id" value={m.id} />
                    <Button type="submit" variant="outline" size="sm" aria-label={`Send again: ${m.subject}`}>
                      Send again
                    </Button>
                  </Form>
                )}
              </td>
            </tr>
          ))}
        </SortableTable>
      )}
      <ListFooter params={params} total={total} pageCount={pageCount} noun="messages" exportName={exportName} />
    </>
  );
}
