import { MemberPageHeader } from "~/components/layout/member-page-header";
import { clientIpContext } from "~/context";
import { Card } from "~/components/ui/card";
import { accountSettingsAction } from "~/features/account/account-settings.server";
import { CHOOSE_A_PASSWORD_FIRST } from "~/features/account/schemas";
import {
  ChangePasswordForm,
  DeleteAccountForm,
  Devices,
  DownloadData,
  SettingsSection,
  TwoFactorSettings,
} from "~/features/account/components/account-settings";
import { MemberHub } from "~/features/account/components/member-hub";
import { ProfileForm } from "~/features/account/components/profile-form";
import { PasskeySettings } from "~/features/account/components/passkeys";
import { getProfile, listPasskeys, listSessions, memberCounts, twoFactorState } from "~/features/account/member.server";
import { requireSession, requireUser } from "~/features/account/session.server";
import { formatLondonDateTime } from "~/lib/dates";
import { useRootData } from "~/lib/use-root-data";
import { deviceName } from "~/lib/user-agent";
import type { Route } from "./+types/my-account";

export async function loader({ request }: Route.LoaderArgs) {
  const { user, session: current } = await requireSession(request);
  const [profile, sessions, twoFactor, passkeys, counts] = await Promise.all([
    getProfile(user.id),
    listSessions(user.id),
    twoFactorState(user.id, Boolean(user.twoFactorEnabled)),
    listPasskeys(user.id),
    memberCounts(user.id),
  ]);
  if (!profile || !counts) throw new Response(null, { status: 404 });
  return {
    profile,
    counts,
    mustChangePassword: Boolean(user.mustChangePassword),
    twoFactor,
    passkeys: passkeys.map((p) => ({
      id: p.id,
      name: p.name || "Passkey",
      added: p.createdAt ? formatLondonDateTime(p.createdAt) : "",
    })),
    // Tokens never leave the server: only whether a session is this one.
    devices: sessions.map((s) => ({
      id: s.id,
      current: s.token === current.token,
      browser: deviceName(s.userAgent),
      ipAddress: s.ipAddress,
      lastUsed: formatLondonDateTime(s.updatedAt),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  return accountSettingsAction(request, user, context.get(clientIpContext));
}

export const meta: Route.MetaFunction = () => [
  { title: "Account settings | HBS" },
  { name: "robots", content: "noindex" },
];

export default function MyAccount({
  loaderData: { profile, counts, mustChangePassword, devices, twoFactor, passkeys },
  actionData,
}: Route.ComponentProps) {
  const { user } = useRootData();
  if (mustChangePassword) {
    // A one-time password's first sign-in: nothing else until the account has a password of its own.
    return (
      <>
        <MemberPageHeader title="Account settings" description="Choose your own password." nav={false} />
        <div className="mx-auto max-w-xl px-4 py-6 sm:py-10">
          <Card className="p-6 sm:p-8">
            <h2 className="mb-2 text-xl font-semibold">Choose a new password</h2>
            <p role="status" className="mb-6 text-sm text-slate-800">
              {CHOOSE_A_PASSWORD_FIRST} Type the one-time password as your current password; it stops working once your
              new one is set.
            </p>
            <ChangePasswordForm actionData={actionData} />
          </Card>
        </div>
      </>
    );
  }
  return (
    <>
      <MemberPageHeader title="Account settings" nav={false} />
      <div className="mx-auto max-w-6xl px-4 pt-5 sm:pt-8">
        <MemberHub counts={counts} unread={user?.unread ?? 0} />
      </div>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 sm:py-10 lg:grid-cols-2">
        <Card className="self-start p-6 sm:p-8">
          <h2 className="mb-6 text-xl font-semibold">Profile</h2>
          <ProfileForm profile={profile} actionData={actionData} />
        </Card>
        <div className="grid content-start gap-8">
          <SettingsSection title="Password">
            <ChangePasswordForm actionData={actionData} />
          </SettingsSection>
          <SettingsSection title="Two-factor authentication">
            <TwoFactorSettings state={twoFactor} actionData={actionData} />
          </SettingsSection>
          <SettingsSection title="Passkeys">
            <PasskeySettings passkeys={passkeys} />
          </SettingsSection>
          <SettingsSection title="Signed-in devices">
            <Devices devices={devices} />
          </SettingsSection>
          <SettingsSection title="Your data">
            <DownloadData />
          </SettingsSection>
          <SettingsSection title="Delete your account">
            <DeleteAccountForm actionData={actionData} />
          </SettingsSection>
        </div>
      </div>
    </>
  );
}
