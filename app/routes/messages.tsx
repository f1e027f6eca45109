import { Link } from "react-router";
import { MemberPageHeader } from "~/components/layout/member-page-header";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { requireUser } from "~/features/account/session.server";
import { listThreads } from "~/features/messages/threads.server";
import { formatLondonDateTime } from "~/lib/dates";
import type { Route } from "./+types/messages";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { threads: await listThreads(user.id) };
}

export const meta: Route.MetaFunction = () => [{ title: "Messages | HBS" }, { name: "robots", content: "noindex" }];

export default function Messages({ loaderData: { threads } }: Route.ComponentProps) {
  return (
    <>
      <MemberPageHeader title="Messages" />
      <section className="mx-auto grid max-w-6xl grid-cols-[minmax(0,56rem)] px-4 py-6 sm:py-10">
        {threads.length === 0 ? (
          <Card className="grid justify-items-center gap-3 p-8 text-center">
            <h2 className="text-xl font-semibold">No messages yet</h2>
            <p className="max-w-prose text-slate-700">
              Register interest in a business for sale while signed in, and your conversation with its seller starts
              here.
            </p>
            <Link to="/buy" className={buttonVariants({ className: "mt-2" })}>
              Browse Businesses
            </Link>
          </Card>
        ) : (
          <ul aria-label="Your conversations, newest first" className="grid gap-3">
            {threads.map((thread) => (
              <li key={thread.id}>
                {/* Wrapping anywhere: a long word or link in a title or the last message breaks inside the card. */}
                <Link
                  to={`/messages/${thread.id}`}
                  className="grid gap-1 rounded-xl border border-slate-200 bg-white p-4 shadow-sm wrap-anywhere hover:border-brand-400 focus-visible:outline-2 focus-visible:outline-brand-700"
                >
                  <span className="flex flex-wrap items-baseline justify-between gap-2">
                    <span className="min-w-0 font-semibold text-slate-900">{thread.listingTitle}</span>
                    <time className="text-sm text-slate-700" dateTime={thread.lastMessageAt.toISOString()}>
                      {formatLondonDateTime(thread.lastMessageAt)}
                    </time>
                  </span>
                  <span className="text-sm text-slate-700">
                    With {thread.with}
                    {thread.unread ? (
                      <strong className="ml-2 rounded-full bg-red-700 px-2 py-0.5 text-xs text-white">
                        {thread.unread} unread
                      </strong>
                    ) : null}
                  </span>
                  <span className="line-clamp-2 text-slate-800">{thread.lastBody}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
