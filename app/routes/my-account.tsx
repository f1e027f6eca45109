import { PageHero } from "~/components/layout/page-hero";
import { Card } from "~/components/ui/card";
import { ProfileForm } from "~/features/account/components/profile-form";
import { getProfile } from "~/features/account/member.server";
import { saveProfile } from "~/features/account/profile.server";
import { requireUser } from "~/features/account/session.server";
import type { Route } from "./+types/my-account";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const profile = await getProfile(user.id);
  if (!profile) throw new Response(null, { status: 404 });
  return { profile };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  return saveProfile(request, user.id);
}

export const meta: Route.MetaFunction = () => [
  { title: "Account settings | HBS" },
  { name: "robots", content: "noindex" },
];

export default function MyAccount({ loaderData: { profile }, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero title="Account settings">Your profile and how we contact you.</PageHero>
      <section className="mx-auto grid max-w-6xl gap-8 px-4 py-12 lg:grid-cols-3">
        <Card className="p-6 sm:p-8 lg:col-span-2">
          <h2 className="mb-6 text-xl font-semibold">Profile</h2>
          <ProfileForm profile={profile} actionData={actionData} />
        </Card>
      </section>
    </>
  );
}
