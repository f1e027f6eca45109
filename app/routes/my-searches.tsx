import { Trash2 } from "lucide-react";
import { Form, Link } from "react-router";
import { MemberPageHeader } from "~/components/layout/member-page-header";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FrequencyField } from "~/features/alerts/components/frequency-field";
import { changeMySearch, mySearches } from "~/features/alerts/my-searches.server";
import { useRootData } from "~/lib/use-root-data";
import type { Route } from "./+types/my-searches";

export const loader = ({ request }: Route.LoaderArgs) => mySearches(request);
export const action = ({ request }: Route.ActionArgs) => changeMySearch(request);

export const meta: Route.MetaFunction = () => [{ title: "My searches | HBS" }, { name: "robots", content: "noindex" }];

export default function MySearches({ loaderData: { searches }, actionData }: Route.ComponentProps) {
  const error = actionData && typeof actionData === "object" ? actionData.error : undefined;
  const { user } = useRootData();
  return (
    <>
      <MemberPageHeader title="My searches" />
      <section className="mx-auto grid max-w-6xl grid-cols-[minmax(0,56rem)] gap-6 px-4 py-6 sm:py-10">
        {user && !user.emailVerified ? (
          // Alerts go only to confirmed addresses (decision 0031): said here, or the member waits for e-mails in vain.
          <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
            We send alerts only once your e-mail address is confirmed: follow the link in the e-mail we sent you.
          </p>
        ) : null}
        {error ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 font-medium text-red-800">
            {error}
          </p>
        ) : null}
        {searches.length === 0 ? (
          <Card className="grid justify-items-center gap-3 p-8 text-center">
            <h2 className="text-xl font-semibold">No saved searches yet</h2>
            <p className="text-slate-700">
              Choose your filters on Buy a business and press “Save this search” to hear of new matches.
            </p>
            <Link to="/buy" className={buttonVariants({ className: "mt-2" })}>
              Browse Businesses
            </Link>
          </Card>
        ) : (
          <ul className="grid gap-4">
            {searches.map((search) => (
              <li key={search.id}>
                <Card className="grid gap-3 p-5">
                  <div>
                    <h2 id={`search-${search.id}`} className="text-lg font-semibold break-words">
                      {search.name}
                    </h2>
                    {search.summary ? <p className="text-sm text-slate-700">{search.summary}</p> : null}
                    <p className="text-sm text-slate-700">
                      {search.lastAlert ? `Last e-mail: ${search.lastAlert}` : "No e-mail sent yet"}
                    </p>
                  </div>
                  <div className="flex flex-wrap items-end gap-3">
                    <Form method="post" className="flex flex-wrap items-end gap-2">
                      <input type="hidden" name="id" value={search.id} />
                      <FrequencyField id={`frequency-${search.id}`} defaultValue={search.frequency} />
                      <Button type="submit" name="intent" value="frequency" variant="outline">
                        Save<span className="sr-only"> alerts for {search.name}</span>
                      </Button>
                    </Form>
                    <Link to={search.href} className={buttonVariants({ variant: "outline" })}>
                      See matches<span className="sr-only"> for {search.name}</span>
                    </Link>
                    <Form method="post">
                      <input type="hidden" name="id" value={search.id} />
                      <Button type="submit" name="intent" value="delete" variant="ghost" className="text-red-800">
                        <Trash2 aria-hidden />
                        Delete<span className="sr-only"> {search.name}</span>
                      </Button>
                    </Form>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
