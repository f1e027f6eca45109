import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FormErrors, TextareaField } from "~/components/ui/field";
import { AdminHeading, DetailList } from "~/features/admin/components/admin-shell";
import { SuspendForm } from "~/features/admin/components/suspend-form";
import { recordAudit } from "~/server/audit.server";
import { idParam, readStaffAction } from "~/features/admin/form.server";
import { banSchema } from "~/features/admin/schemas";
import { changeUser } from "~/features/admin/users.server";
import { MessageList } from "~/features/messages/components/message-list";
import { ReplyForm } from "~/features/messages/components/reply-form";
import { messageSchema, warningWordsSchema } from "~/features/messages/message-rules";
import {
  reportedMember,
  resolveReportsAbout,
  setMessagingBlocked,
  warnMember,
} from "~/features/messages/reported-threads.server";
import { openStaffThread, resolveReport, staffReply, type Side } from "~/features/messages/threads.server";
import { OfferHistory } from "~/features/offers/components/offers-panel";
import { offersForStaff } from "~/features/offers/offers.server";
import { formatLondonDateTime } from "~/lib/dates";
import { useIntentForm, type IntentActionData } from "~/lib/use-intent-form";
import { db } from "~/server/db.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/message-thread";

export async function loader({ params }: Route.LoaderArgs) {
  const thread = await openStaffThread(idParam(params.id));
  if (!thread) throw data(null, { status: 404 });
  const parties = { buyer: thread.buyer, seller: thread.seller };
  const party = (side: Side) => {
    const member = parties[side];
    return member
      ? {
          side,
          id: member.id,
          name: member.name,
          email: member.email,
          suspended: member.banned,
          messagingBlockedSince: member.messagingBlockedAt ? formatLondonDateTime(member.messagingBlockedAt) : null,
        }
      : null;
  };
  const other = (side: Side): Side => (side === "buyer" ? "seller" : "buyer");
  return {
    offers: await offersForStaff(thread.id),
    thread: {
      id: thread.id,
      listing: thread.listing,
      withStaff: thread.withStaff,
      messages: thread.messages,
      buyer: party("buyer"),
      seller: party("seller"),
      reports: thread.reports.map((r) => ({
        id: r.id,
        reason: r.reason,
        status: r.status,
        at: formatLondonDateTime(r.createdAt),
        by: r.by ? party(r.by) : null,
      })),
      // Staff act on the member a report was about: the other side of whoever reported.
      reported: (["buyer", "seller"] as const)
        .filter((side) => thread.reports.some((r) => r.by === other(side)))
        .flatMap((side) => party(side) ?? []),
    },
  };
}

/** "warn-seller" and the like: what to do, and to which member of the thread. */
const MEMBER_ACTION = /^(warn|block|unblock|suspend)-(buyer|seller)$/;

export async function action(args: Route.ActionArgs) {
  const sent = await readStaffAction(args);
  if (sent.refused) return sent.refused;
  const { admin, id, intent, formData } = sent;
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
  const memberAction = MEMBER_ACTION.exec(intent);
  if (memberAction) {
    const [, verb, side] = memberAction as unknown as [string, "warn" | "block" | "unblock" | "suspend", Side];
    const notReported = {
      type: "error",
      title: "Only a member this conversation was reported about can be acted on here",
    } as const;
    if (verb === "warn") {
      const submission = parseWithZod(formData, { schema: warningWordsSchema });
      if (submission.status !== "success") {
        return data<IntentActionData>({ intent, result: submission.reply() }, { status: 400 });
      }
      const warned = await warnMember(admin, id, side, submission.value.words);
      return redirectWithToast(
        back,
        warned
          ? { type: "success", title: "Warning e-mailed", description: "The open reports about them are resolved." }
          : notReported,
      );
    }
    if (verb === "block" || verb === "unblock") {
      const changed = await setMessagingBlocked(admin, id, side, verb === "block");
      const done =
        verb === "block"
          ? {
              title: "Blocked from messaging",
              description: "They can no longer send messages on HBS; the open reports about them are resolved.",
            }
          : { title: "Messaging allowed again" };
      return redirectWithToast(back, changed ? { type: "success", ...done } : notReported);
    }
    const submission = parseWithZod(formData, { schema: banSchema });
    if (submission.status !== "success") {
      return data<IntentActionData>({ intent, result: submission.reply() }, { status: 400 });
    }
    const member = await reportedMember(db(), id, side);
    if (!member) return redirectWithToast(back, notReported);
    // The users' own suspension, as their page makes it (it audits it); then the reports it answered.
    const outcome = await changeUser(admin, args.request, member.id, { kind: "ban", reason: submission.value.reason });
    if (!outcome.ok) return redirectWithToast(back, { type: "error", title: outcome.message });
    await db().transaction((tx) => resolveReportsAbout(tx, admin, id, member.id, "suspend"));
    return redirectWithToast(back, {
      type: "success",
      title: "Account suspended; their sessions have ended",
      description: "The open reports about them are resolved.",
    });
  }
  return data<IntentActionData>(
    { intent, result: { status: "error", error: { "": ["Unknown action"] } } },
    { status: 400 },
  );
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.thread.listing.title ?? "Conversation"} | Messages | HBS back office` },
];

type Thread = Route.ComponentProps["loaderData"]["thread"];
type Party = NonNullable<Thread["buyer"]>;

/** A member of the thread, linked to their page in the back office, with what staff have done about them. */
function PartyLink({ party }: { party: Party }) {
  return (
    <>
      <Link to={`/admin/users/${party.id}`} className="font-semibold text-brand-800 hover:underline">
        {party.name}
      </Link>{" "}
      ({party.email})
      {party.suspended || party.messagingBlockedSince ? (
        <span className="mt-1 flex flex-wrap gap-2">
          {party.suspended ? <Badge variant="outline">Suspended</Badge> : null}
          {party.messagingBlockedSince ? <Badge variant="outline">Blocked from messaging</Badge> : null}
        </span>
      ) : null}
    </>
  );
}

const wrapping = "h-auto min-h-9 py-2 text-left whitespace-normal";

/** Warn, block from messaging (or allow again) and suspend the member a report was about. */
function MemberActions({ member, actionData }: { member: Party; actionData?: IntentActionData }) {
  const warn = useIntentForm(`warn-${member.side}`, warningWordsSchema, actionData);
  const headingId = `act-${member.side}-heading`;
  return (
    <section aria-labelledby={headingId} className="grid gap-5 rounded-xl border border-slate-200 bg-white p-5 text-sm">
      <div>
        <h2 id={headingId} className="text-lg font-semibold">
          Act on {member.name}
        </h2>
        <p className="mt-1 text-slate-700">
          Warning, blocking or suspending them resolves the open reports about them.
        </p>
      </div>
      <Form {...warn.formProps} className="grid gap-3">
        <input type="hidden" name="intent" value={`warn-${member.side}`} />
        <TextareaField
          meta={warn.fields.words}
          label={`Your words to ${member.name}`}
          hint="E-mailed to them, followed by our standard line: a member reported their messages, and if it goes on we may stop them messaging or suspend their account."
          rows={3}
          required
        />
        <FormErrors form={warn.form} />
        <div>
          <Button type="submit" variant="outline" size="sm" className={wrapping} disabled={warn.submitting}>
            Warn {member.name}
          </Button>
        </div>
      </Form>
      {member.messagingBlockedSince ? (
        <Form method="post" className="grid gap-2">
          <input type="hidden" name="intent" value={`unblock-${member.side}`} />
          <p>Blocked from messaging since {member.messagingBlockedSince}.</p>
          <div>
            <Button type="submit" variant="outline" size="sm" className={wrapping}>
              Unblock {member.name}
            </Button>
          </div>
        </Form>
      ) : (
        <Form method="post" className="grid gap-2">
          <input type="hidden" name="intent" value={`block-${member.side}`} />
          <p className="text-slate-700">
            {member.name} will not be able to send messages or start conversations anywhere on HBS until staff unblock
            them here. What they wrote stays readable.
          </p>
          <div>
            <Button type="submit" variant="destructive" size="sm" className={wrapping}>
              Block {member.name} from messaging
            </Button>
          </div>
        </Form>
      )}
      {member.suspended ? (
        <p>
          Account suspended: lift it from{" "}
          <Link to={`/admin/users/${member.id}`} className="font-semibold text-brand-800 hover:underline">
            their page
          </Link>
          .
        </p>
      ) : (
        <SuspendForm intent={`suspend-${member.side}`} actionData={actionData} label={`Suspend ${member.name}`} compact>
          <p className="text-slate-700">
            Suspending {member.name} ends their sessions and stops them signing in until staff lift it from their page.
          </p>
        </SuspendForm>
      )}
    </section>
  );
}

export default function AdminMessageThread({ loaderData: { thread, offers }, actionData }: Route.ComponentProps) {
  const answer = actionData as IntentActionData | undefined;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/messages" className="font-semibold text-brand-800 hover:underline">
          ← Messages
        </Link>
      </p>
      <AdminHeading title={thread.listing.title} />
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="grid content-start gap-6">
          {offers.length > 0 ? (
            <section aria-labelledby="offers-heading" className="rounded-xl border border-slate-200 bg-white p-5">
              <h2 id="offers-heading" className="mb-2 font-semibold">
                Offers
              </h2>
              <OfferHistory offers={offers} side={null} otherName="" label="Offers in this conversation" />
            </section>
          ) : null}
          <MessageList messages={thread.messages} label="Messages in this conversation" />
          {thread.withStaff ? (
            <section aria-label="Reply as HBS" className="rounded-xl border border-slate-200 bg-white p-5">
              <ReplyForm key={thread.messages.length} actionData={answer} label="Reply as HBS" />
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
                ["Buyer", thread.buyer ? <PartyLink party={thread.buyer} /> : "A member no longer with us"],
                ["Seller", thread.seller ? <PartyLink party={thread.seller} /> : "HBS (no seller account)"],
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
              <ul className="grid gap-4">
                {thread.reports.map((report) => (
                  <li key={report.id} className="grid gap-1">
                    <p className="whitespace-pre-line wrap-anywhere">{report.reason}</p>
                    <p className="text-slate-700">
                      {report.by ? (
                        <>
                          By the {report.by.side},{" "}
                          <Link
                            to={`/admin/users/${report.by.id}`}
                            className="font-semibold text-brand-800 hover:underline"
                          >
                            {report.by.name}
                          </Link>
                        </>
                      ) : (
                        "By a member no longer with us"
                      )}{" "}
                      · {report.at} · {report.status === "open" ? "Open" : "Resolved"}
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
          {thread.reported.map((member) => (
            <MemberActions key={member.side} member={member} actionData={answer} />
          ))}
        </div>
      </div>
    </>
  );
}
