import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormErrors, SelectField, TextField } from "~/components/ui/field";
import { AdminHeading, DataTable, EmptyNote } from "~/features/admin/components/admin-shell";
import { idParam, readAdminForm } from "~/features/admin/form.server";
import { currentAdmin } from "~/features/admin/guard.server";
import { paymentForStaff, paymentsOf, subscriptionStatusLabels } from "~/features/payments/billing.server";
import { subscriptionSchema } from "~/features/admin/schemas";
import {
  createSubscription,
  listAllSubscriptions,
  listPackageChoices,
  setSubscriptionStatus,
} from "~/features/admin/subscriptions.server";
import { useIntentForm, type IntentActionData } from "~/lib/use-intent-form";
import { formatLondonDate, londonMidnight } from "~/lib/dates";
import { formatPence } from "~/lib/money";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/subscriptions";

export async function loader({ request }: Route.LoaderArgs) {
  const [rows, packages] = await Promise.all([listAllSubscriptions(), listPackageChoices()]);
  const payments = await paymentsOf(rows.map((s) => s.id));
  return {
    // From a member's page: the form starts with their address.
    email: (new URL(request.url).searchParams.get("email") ?? "").slice(0, 255),
    packages: packages.map((p) => ({ ...p, price: formatPence(p.pricePence) })),
    subscriptions: rows.map((s) => ({
      ...s,
      type: s.packageType === "service" ? "Business optimization" : "Promotion",
      price: formatPence(s.pricePence),
      period: `${formatLondonDate(s.startDate)}${s.endDate ? ` to ${formatLondonDate(s.endDate)}` : ""}`,
      statusLabel: subscriptionStatusLabels[s.status] ?? s.status,
      payments: (payments.get(s.id) ?? []).map((p) => paymentForStaff(p, s.pricePence)),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = currentAdmin(context);
  const { formData, refused } = await readAdminForm(request);
  if (refused) return refused;
  const intent = String(formData.get("intent"));
  if (intent === "activate" || intent === "cancel") {
    const id = idParam(String(formData.get("id") ?? ""));
    const changed = await setSubscriptionStatus(admin, id, intent === "activate" ? "active" : "cancelled");
    return redirectWithToast(
      "/admin/subscriptions",
      changed
        ? { type: "success", title: intent === "activate" ? "Subscription active" : "Subscription cancelled" }
        : { type: "error", title: "That subscription cannot change to that status" },
    );
  }
  const submission = parseWithZod(formData, { schema: subscriptionSchema });
  if (submission.status !== "success")
    return data<IntentActionData>({ intent: "create", result: submission.reply() }, { status: 400 });
  const { email, packageSlug, price, startDate, endDate } = submission.value;
  const created = await createSubscription(admin, {
    email,
    packageSlug,
    pricePence: price,
    startDate: londonMidnight(startDate),
    endDate: endDate ? londonMidnight(endDate) : undefined,
  });
  if (!created.ok) {
    return data<IntentActionData>(
      { intent: "create", result: submission.reply({ fieldErrors: { [created.field]: [created.message] } }) },
      { status: 400 },
    );
  }
  return redirectWithToast("/admin/subscriptions", {
    type: "success",
    title: "Subscription created",
    description: "Activate it when it should start showing as active.",
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Subscriptions | HBS back office" }];

function StatusButton({ id, intent, children }: { id: number; intent: "activate" | "cancel"; children: string }) {
  const navigation = useNavigation();
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <Button
        type="submit"
        variant={intent === "cancel" ? "outline" : "default"}
        size="sm"
        disabled={navigation.state === "submitting"}
      >
        {children}
      </Button>
    </Form>
  );
}

export default function AdminSubscriptions({
  loaderData: { email, packages, subscriptions },
  actionData,
}: Route.ComponentProps) {
  const { form, fields, formProps, submitting } = useIntentForm(
    "create",
    subscriptionSchema,
    actionData as IntentActionData | undefined,
    {
      email,
    },
  );
  return (
    <>
      <AdminHeading title="Subscriptions" />
      <section aria-labelledby="new-heading" className="mb-6 rounded-xl border border-slate-200 bg-white p-6">
        <h2 id="new-heading" className="mb-4 text-lg font-semibold">
          New subscription
        </h2>
        <Form {...formProps} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-start">
          <input type="hidden" name="intent" value="create" />
          <TextField meta={fields.email} label="Member's e-mail" type="email" required />
          <SelectField meta={fields.packageSlug} label="Package" required>
            <option value="">Choose…</option>
            {packages.map((p) => (
              <option key={p.slug} value={p.slug}>
                {p.name} ({p.type === "service" ? "Business optimization" : "Promotion"}, {p.price})
              </option>
            ))}
          </SelectField>
          <TextField meta={fields.price} label="Price (£)" inputMode="decimal" hint="Blank: the package's price." />
          <TextField meta={fields.startDate} label="Start date" type="date" required />
          <TextField meta={fields.endDate} label="End date" type="date" />
          <FormErrors form={form} />
          <div className="sm:col-span-2 lg:col-span-5">
            <Button type="submit" disabled={submitting}>
              {submitting ? "Creating..." : "Create subscription"}
            </Button>
          </div>
        </Form>
      </section>
      {subscriptions.length === 0 ? (
        <EmptyNote>No subscriptions yet.</EmptyNote>
      ) : (
        <DataTable
          label="Subscriptions"
          caption="Subscriptions, newest first"
          columns={["Member", "Package", "Price", "Period", "Status", "Payments", ""]}
        >
          {subscriptions.map((s) => (
            <tr key={s.id}>
              <td className="px-4 py-3 break-all">
                <Link to={`/admin/users/${s.userId}`} className="font-semibold text-brand-800 hover:underline">
                  {s.email}
                </Link>
              </td>
              <td className="px-4 py-3">
                {s.packageName}
                <br />
                <span className="text-slate-700">{s.type}</span>
              </td>
              <td className="px-4 py-3">{s.price}</td>
              <td className="px-4 py-3">{s.period}</td>
              <td className="px-4 py-3">{s.statusLabel}</td>
              <td className="px-4 py-3">
                {s.payments.length ? (
                  <ul className="grid gap-1 text-sm">
                    {s.payments.map((p) => (
                      <li key={p.id} className={p.flagged ? "font-semibold text-red-800" : undefined}>
                        {p.url ? (
                          <a href={p.url} className="underline underline-offset-2" rel="noreferrer">
                            {p.text}
                          </a>
                        ) : (
                          p.text
                        )}
                      </li>
                    ))}
                  </ul>
                ) : s.online ? (
                  <span className="text-slate-700">None yet</span>
                ) : null}
              </td>
              <td className="flex gap-2 px-4 py-3">
                {s.online ? <span className="text-sm text-slate-700">Paid online: managed in Stripe</span> : null}
                {!s.online && (s.status === "pending" || s.status === "cancelled") ? (
                  <StatusButton id={s.id} intent="activate">
                    Activate
                  </StatusButton>
                ) : null}
                {!s.online && (s.status === "pending" || s.status === "active") ? (
                  <StatusButton id={s.id} intent="cancel">
                    Cancel
                  </StatusButton>
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
