import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FormErrors, TextareaField } from "~/components/ui/field";
import { AdminHeading, DetailList } from "~/features/admin/components/admin-shell";
import { readAdminForm } from "~/features/admin/form.server";
import { currentAdmin } from "~/features/admin/guard.server";
import { banSchema } from "~/features/admin/schemas";
import { useIntentForm, type IntentActionData } from "~/lib/use-intent-form";
import { changeUser, getUserDetail, type UserAction } from "~/features/admin/users.server";
import { enquiryKindLabels, enquiryStatusLabels } from "~/features/enquiries/enquiry-kinds";
import { formatLondonDate, formatLondonDateTime } from "~/lib/dates";
import { formatPence } from "~/lib/money";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/user";

export async function loader({ params }: Route.LoaderArgs) {
  const found = await getUserDetail(params.id);
  if (!found) throw data(null, { status: 404 });
  const { user, subscriptions, enquiries } = found;
  return {
    user: { ...user, joined: formatLondonDateTime(user.createdAt) },
    subscriptions: subscriptions.map((s) => ({
      ...s,
      price: formatPence(s.pricePence),
      period: `${formatLondonDate(s.startDate)}${s.endDate ? ` to ${formatLondonDate(s.endDate)}` : ""}`,
    })),
    enquiries: enquiries.map((e) => ({ ...e, received: formatLondonDateTime(e.createdAt) })),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = currentAdmin(context);
  const { formData, refused } = await readAdminForm(request);
  if (refused) return refused;
  const intent = String(formData.get("intent"));
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
  const outcome = await changeUser(admin, request, params.id, change);
  const back = `/admin/users/${params.id}`;
  if (!outcome.ok) return redirectWithToast(back, { type: "error", title: outcome.message });
  const titles = {
    ban: "Account suspended; their sessions have ended",
    unban: "Account restored",
    role: change.kind === "role" && change.role === "admin" ? "Now staff" : "No longer staff",
  };
  return redirectWithToast(back, { type: "success", title: titles[change.kind] });
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.user.email ?? "User"} | HBS back office` },
];

function BanForm({ actionData }: { actionData?: IntentActionData }) {
  const { form, fields, formProps, submitting } = useIntentForm("ban", banSchema, actionData);
  return (
    <Form {...formProps} className="grid gap-3">
      <input type="hidden" name="intent" value="ban" />
      <TextareaField meta={fields.reason} label="Reason for suspending" hint="Kept for staff." rows={2} required />
      <FormErrors form={form} />
      <div>
        <Button type="submit" variant="destructive" disabled={submitting}>
          Suspend account
        </Button>
      </div>
    </Form>
  );
}

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

export default function AdminUser({
  loaderData: { user, subscriptions, enquiries },
  actionData,
}: Route.ComponentProps) {
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/users" className="font-semibold text-brand-800 hover:underline">
          ← Users
        </Link>
      </p>
      <AdminHeading title={user.email}>
        <div className="flex gap-2">
          {user.role === "admin" ? <Badge>Staff</Badge> : null}
          {user.banned ? <Badge variant="outline">Suspended</Badge> : null}
        </div>
      </AdminHeading>
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="grid content-start gap-6">
          <section aria-labelledby="subs-heading" className="rounded-xl border border-slate-200 bg-white p-6 text-sm">
            <div className="mb-4 flex items-center justify-between gap-3">
              <h2 id="subs-heading" className="text-lg font-semibold">
                Subscriptions
              </h2>
              <Link
                to={`/admin/subscriptions?email=${encodeURIComponent(user.email)}`}
                className="font-semibold text-brand-800 hover:underline"
              >
                New subscription
              </Link>
            </div>
            {subscriptions.length ? (
              <ul className="divide-y divide-slate-200">
                {subscriptions.map((s) => (
                  <li key={s.id} className="py-2">
                    <span className="font-semibold">{s.packageName}</span> · {s.price} · {s.period} · {s.status}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-slate-700">None.</p>
            )}
          </section>
          <section aria-labelledby="enq-heading" className="rounded-xl border border-slate-200 bg-white p-6 text-sm">
            <h2 id="enq-heading" className="mb-4 text-lg font-semibold">
              Enquiries
            </h2>
            {enquiries.length ? (
              <ul className="divide-y divide-slate-200">
                {enquiries.map((e) => (
                  <li key={e.id} className="py-2">
                    <Link to={`/admin/enquiries/${e.id}`} className="font-semibold text-brand-800 hover:underline">
                      {e.subject}
                    </Link>{" "}
                    · {enquiryKindLabels[e.kind]} · {e.received} · {enquiryStatusLabels[e.status]}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-slate-700">None.</p>
            )}
          </section>
        </div>
        <section
          aria-labelledby="account-heading"
          className="grid content-start gap-4 rounded-xl border border-slate-200 bg-white p-6 text-sm"
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
          {user.banned ? (
            <IntentButton intent="unban">Restore account</IntentButton>
          ) : (
            <BanForm actionData={actionData as IntentActionData | undefined} />
          )}
          {user.role === "admin" ? (
            <IntentButton intent="remove-admin">Remove from staff</IntentButton>
          ) : (
            <IntentButton intent="make-admin">Make staff</IntentButton>
          )}
        </section>
      </div>
    </>
  );
}
