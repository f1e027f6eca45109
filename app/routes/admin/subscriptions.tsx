import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { FormErrors, SelectField, TextField } from "~/components/ui/field";
import { ListControls, ListFooter, SortableTable } from "~/features/admin/components/admin-list";
import { AdminHeading, EmptyNote } from "~/features/admin/components/admin-shell";
import { idParam, readStaffForm } from "~/features/admin/form.server";
import { loadAdminList } from "~/features/admin/lists/admin-list.server";
import { listHref, readListParams } from "~/features/admin/lists/list-params";
import {
  paymentForStaff,
  paymentsOf,
  subscriptionStatusLabels,
  subscriptionStatusOf,
} from "~/features/payments/billing.server";
import { subscriptionSchema } from "~/features/admin/schemas";
import {
  createSubscription,
  listPackageChoices,
  packageTypeLabel,
  setSubscriptionStatus,
  SUBSCRIPTION_STATUSES,
  subscriptionsList,
} from "~/features/admin/subscriptions.server";
import { useIntentForm, type IntentActionData } from "~/lib/use-intent-form";
import { formatLondonDate, londonMidnight } from "~/lib/dates";
import { formatPence } from "~/lib/money";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/subscriptions";

const statusLabel = (status: string) => subscriptionStatusLabels[status] ?? status;
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export async function loader({ request }: Route.LoaderArgs) {
  const [{ rows, ...list }, packages] = await Promise.all([
    loadAdminList(subscriptionsList, request),
    listPackageChoices(),
  ]);
  const payments = await paymentsOf(rows.map((s) => s.id));
  return {
    ...list,
    // From a member's page: the form starts with their address.
    email: (new URL(request.url).searchParams.get("email") ?? "").slice(0, 255),
    packages: packages.map((p) => ({
      slug: p.slug,
      label: `${p.name} (${packageTypeLabel(p.type)}, ${formatPence(p.pricePence)})`,
    })),
    statuses: SUBSCRIPTION_STATUSES.map((s): [string, string] => [s, capitalised(statusLabel(s))]),
    subscriptions: rows.map((s) => ({
      id: s.id,
      email: s.email,
      fullName: s.fullName,
      userId: s.userId,
      packageName: s.packageName,
      promotes: s.promotes,
      status: s.status,
      type: packageTypeLabel(s.packageType),
      price: formatPence(s.pricePence),
      starts: formatLondonDate(s.startDate),
      ends: s.endDate ? formatLondonDate(s.endDate) : "",
      added: formatLondonDate(s.createdAt),
      statusLabel: subscriptionStatusOf(s),
      // Bought online: Stripe's webhooks run it, not these buttons (decision 0026).
      online: s.stripeCheckoutSessionId !== null,
      abandoned: s.abandoned,
      payments: (payments.get(s.id) ?? []).map((p) => paymentForStaff(p, s.pricePence)),
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const sent = await readStaffForm(args);
  if (sent.refused) return sent.refused;
  const { admin, intent, formData } = sent;
  if (intent === "activate" || intent === "cancel") {
    const id = idParam(String(formData.get("id") ?? ""));
    const changed = await setSubscriptionStatus(admin, id, intent === "activate" ? "active" : "cancelled");
    // Back to the page of the list the button was on.
    const list = readListParams(subscriptionsList.spec, new URL(args.request.url).searchParams);
    return redirectWithToast(
      `/admin/subscriptions${listHref(list, {})}`,
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
  loaderData: { params, total, pageCount, exportName, email, packages, statuses, subscriptions },
  actionData,
}: Route.ComponentProps) {
  const answer = actionData as IntentActionData | undefined;
  const { form, fields, formProps, submitting } = useIntentForm("create", subscriptionSchema, answer, { email });
  // Closed until wanted, so the list comes first; open when a member's page sent staff here, or it needs fixing.
  const formOpen = email !== "" || answer?.intent === "create";
  return (
    <>
      <AdminHeading title="Subscriptions" />
      <section aria-labelledby="new-heading" className="mb-6 rounded-xl border border-slate-200 bg-white">
        <details open={formOpen} className="group">
          <summary
            className={buttonVariants({
              variant: "outline",
              className: "m-4 cursor-pointer list-none [&::-webkit-details-marker]:hidden",
            })}
          >
            <span id="new-heading">New subscription</span>
            <span aria-hidden="true" className="group-open:rotate-180">
              ▾
            </span>
          </summary>
          <Form {...formProps} className="grid gap-4 px-6 pb-6 sm:grid-cols-2 lg:grid-cols-5 lg:items-start">
            <input type="hidden" name="intent" value="create" />
            <TextField meta={fields.email} label="Member's e-mail" type="email" required />
            <SelectField meta={fields.packageSlug} label="Package" required>
              <option value="">Choose…</option>
              {packages.map((p) => (
                <option key={p.slug} value={p.slug}>
                  {p.label}
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
        </details>
      </section>
      <ListControls
        id="subscription"
        params={params}
        searchLabel="Search by member, package, id or Stripe id"
        placeholder="name@example.com, Growth Plan, 42, sub_…"
        filters={[
          { name: "status", label: "Status", options: [["", "Every status"], ...statuses] },
          {
            name: "type",
            label: "Type",
            options: [
              ["", "Both types"],
              ["promotion", "Promotion"],
              ["service", "Business optimization"],
            ],
          },
        ]}
      />
      {subscriptions.length === 0 ? (
        <EmptyNote>No subscriptions match.</EmptyNote>
      ) : (
        <SortableTable
          label="Subscriptions"
          params={params}
          columns={[
            { label: "Member" },
            { label: "Package" },
            { label: "Price", sort: "price" },
            { label: "Starts", sort: "started" },
            { label: "Ends", sort: "ends" },
            { label: "Status", sort: "status" },
            { label: "Added", sort: "added" },
            { label: "Payments" },
            { label: "" },
          ]}
        >
          {subscriptions.map((s) => (
            <tr key={s.id}>
              <td className="min-w-48 px-4 py-3 break-all">
                <Link to={`/admin/users/${s.userId}`} className="font-semibold text-brand-800 hover:underline">
                  {s.email}
                </Link>
                {s.fullName ? (
                  <>
                    <br />
                    <span className="text-slate-700">{s.fullName}</span>
                  </>
                ) : null}
              </td>
              <td className="px-4 py-3">
                {s.packageName}
                {s.promotes ? <span className="block font-semibold">for {s.promotes}</span> : null}
                <span className="block text-slate-700">{s.type}</span>
              </td>
              <td className="px-4 py-3">{s.price}</td>
              <td className="px-4 py-3 whitespace-nowrap">{s.starts}</td>
              <td className="px-4 py-3 whitespace-nowrap">{s.ends || "—"}</td>
              <td className="px-4 py-3">{s.statusLabel}</td>
              <td className="px-4 py-3 whitespace-nowrap">{s.added}</td>
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
                ) : s.online && !s.abandoned ? (
                  <span className="text-slate-700">None yet</span>
                ) : null}
              </td>
              <td className="flex gap-2 px-4 py-3">
                {s.online ? (
                  <span className="text-sm text-slate-700">
                    {s.abandoned ? "Checkout never completed" : "Paid online: managed in Stripe"}
                  </span>
                ) : null}
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
        </SortableTable>
      )}
      <ListFooter params={params} total={total} pageCount={pageCount} noun="subscriptions" exportName={exportName} />
    </>
  );
}
