import { data, Form } from "react-router";
import { Button } from "~/components/ui/button";
import { AdminHeading, EmptyNote } from "~/features/admin/components/admin-shell";
import { StatusTabs } from "~/features/admin/components/status-tabs";
import { idParam, readAdminForm } from "~/features/admin/form.server";
import { currentAdmin } from "~/features/admin/guard.server";
import { OUTBOX_STATES, outboxStateLabels as stateLabels } from "~/features/admin/labels";
import { countOutbox, listOutbox, retryMessage } from "~/features/admin/outbox.server";
import { formatLondonDateTime } from "~/lib/dates";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/outbox";

export async function loader({ request }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get("state");
  const state = OUTBOX_STATES.find((s) => s === asked) ?? "failing";
  const [counts, rows] = await Promise.all([countOutbox(), listOutbox(state)]);
  return {
    state,
    counts,
    messages: rows.map((row) => ({
      id: row.id,
      to: row.message.to,
      subject: row.message.subject,
      text: row.message.text,
      attempts: row.attempts,
      lastError: row.lastError,
      queued: formatLondonDateTime(row.createdAt),
      sent: row.sentAt ? formatLondonDateTime(row.sentAt) : null,
      nextAttempt: formatLondonDateTime(row.nextAttemptAt),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = currentAdmin(context);
  const { formData, refused } = await readAdminForm(request);
  if (refused) return refused;
  const id = idParam(String(formData.get("id") ?? ""));
  if (!(await retryMessage(admin, id))) throw data(null, { status: 404 });
  return redirectWithToast("/admin/outbox?state=queued", { type: "success", title: "Sending it again now" });
}

export const meta: Route.MetaFunction = () => [{ title: "Outbox | HBS back office" }];

export default function AdminOutbox({ loaderData: { state, counts, messages } }: Route.ComponentProps) {
  return (
    <>
      <AdminHeading title="Outbox" />
      <StatusTabs
        label="Messages by state"
        param="state"
        current={state}
        options={OUTBOX_STATES.map((s) => ({ value: s, label: stateLabels[s], count: counts[s] }))}
      />
      {messages.length === 0 ? (
        <EmptyNote>No messages here.</EmptyNote>
      ) : (
        <ul className="grid gap-3">
          {messages.map((m) => (
            <li key={m.id} className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">{m.subject}</p>
                  <p className="break-all text-slate-700">To {m.to}</p>
                  <p className="text-slate-700">
                    Queued {m.queued}
                    {m.sent ? ` · sent ${m.sent}` : ` · ${m.attempts} attempt${m.attempts === 1 ? "" : "s"}`}
                    {!m.sent && m.lastError ? ` · next try ${m.nextAttempt}` : ""}
                  </p>
                  {m.lastError ? <p className="mt-1 font-medium text-red-800">Error: {m.lastError}</p> : null}
                </div>
                {m.sent ? null : (
                  <Form method="post">
                    <input type="hidden" name="id" value={m.id} />
                    <Button type="submit" variant="outline" size="sm" aria-label={`Send again: ${m.subject}`}>
                      Send again
                    </Button>
                  </Form>
                )}
              </div>
              <details className="mt-2">
                <summary className="cursor-pointer font-semibold text-brand-800">Read the message</summary>
                <pre className="mt-2 whitespace-pre-wrap break-words rounded-md bg-slate-50 p-3 font-sans">
                  {m.text}
                </pre>
              </details>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
