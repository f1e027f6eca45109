import { Download, Laptop } from "lucide-react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { FormErrors, TextField } from "~/components/ui/field";
import { useIntentForm } from "~/lib/use-intent-form";
import type { SettingsActionData } from "../account-settings.server";
import { changePasswordSchema, passwordConfirmSchema, twoFactorCodeSchema } from "../schemas";

export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  const id = `settings-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id={id} className="mb-4 text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function ChangePasswordForm({ actionData }: { actionData?: SettingsActionData }) {
  const { form, fields, formProps, submitting } = useIntentForm("change-password", changePasswordSchema, actionData);
  return (
    <Form {...formProps} className="grid gap-4">
      <input type="hidden" name="intent" value="change-password" />
      <TextField
        meta={fields.currentPassword}
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
      />
      <TextField
        meta={fields.newPassword}
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters. Your other devices will be signed out."
        required
      />
      <FormErrors form={form} />
      <div>
        <Button type="submit" variant="outline" disabled={submitting}>
          {submitting ? "Updating..." : "Change password"}
        </Button>
      </div>
    </Form>
  );
}

export interface Device {
  id: string;
  current: boolean;
  browser: string;
  ipAddress: string | null;
  lastUsed: string;
}

export function Devices({ devices }: { devices: Device[] }) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "sign-out-others";
  return (
    <>
      <ul className="divide-y divide-slate-200">
        {devices.map((device) => (
          <li key={device.id} className="flex items-start gap-3 py-3">
            <Laptop aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-600" />
            <div className="text-sm">
              <p className="font-medium text-slate-900">
                {device.browser}
                {device.current ? <span className="ml-2 font-semibold text-brand-800">This device</span> : null}
              </p>
              <p className="text-slate-700">
                Last used {device.lastUsed}
                {device.ipAddress ? ` · ${device.ipAddress}` : ""}
              </p>
            </div>
          </li>
        ))}
      </ul>
      {devices.length > 1 ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="sign-out-others" />
          <Button type="submit" variant="outline" disabled={submitting}>
            Sign out of other devices
          </Button>
        </Form>
      ) : null}
    </>
  );
}

export function DownloadData() {
  return (
    <>
      <p className="text-sm text-slate-700">
        A file with your profile, saved listings, favourites, subscriptions, enquiries and signed-in devices.
      </p>
      <a href="/my-account/data" download className={buttonVariants({ variant: "outline", className: "mt-4" })}>
        <Download aria-hidden />
        Download my data
      </a>
    </>
  );
}

export function DeleteAccountForm({ actionData }: { actionData?: SettingsActionData }) {
  const { form, fields, formProps, submitting } = useIntentForm("delete-account", passwordConfirmSchema, actionData);
  return (
    <Form {...formProps} className="grid gap-4">
      <input type="hidden" name="intent" value="delete-account" />
      <p className="text-sm text-slate-700">
        This removes your account, saved listings, favourites and subscriptions for good. Enquiries you sent stay with
        us without your name or contact details.
      </p>
      <TextField
        meta={fields.password}
        label="Your password"
        type="password"
        autoComplete="current-password"
        required
      />
      <FormErrors form={form} />
      <div>
        <Button type="submit" variant="destructive" disabled={submitting}>
          {submitting ? "Deleting..." : "Delete my account"}
        </Button>
      </div>
    </Form>
  );
}

/** Two-factor authentication: off → password → QR code and backup codes → first code → on. */
export function TwoFactorSettings({
  state,
  actionData,
}: {
  state: "on" | "pending" | "off";
  actionData?: SettingsActionData;
}) {
  const enable = useIntentForm("enable-2fa", passwordConfirmSchema, actionData);
  const verify = useIntentForm("verify-2fa", twoFactorCodeSchema, actionData);
  const disable = useIntentForm("disable-2fa", passwordConfirmSchema, actionData);
  const setup = actionData?.intent === "enable-2fa" ? actionData.setup : undefined;
  // A refused code answers a setup in progress, even when the page's data is from before it: a code sent
  // before the page reloaded after "Set up" cancels that reload, and a 400 answer does not reload it.
  const pending = state === "pending" || actionData?.intent === "verify-2fa";

  if (state === "on") {
    return (
      <Form {...disable.formProps} className="grid gap-4">
        <input type="hidden" name="intent" value="disable-2fa" />
        <p className="text-sm text-slate-700">
          <strong className="font-semibold text-brand-800">On.</strong> Signing in asks for a code from your
          authenticator app.
        </p>
        <TextField
          meta={disable.fields.password}
          label="Password to turn it off"
          type="password"
          autoComplete="current-password"
          required
        />
        <div>
          <Button type="submit" variant="outline" disabled={disable.submitting}>
            Turn off two-factor authentication
          </Button>
        </div>
      </Form>
    );
  }
  if (pending || setup) {
    return (
      <div className="grid gap-4">
        {setup ? (
          <>
            <p className="text-sm text-slate-700">
              Scan this code with your authenticator app, or type in the key below it.
            </p>
            <img
              src={setup.qrCode}
              alt="QR code for your authenticator app"
              width={176}
              height={176}
              className="rounded-md border border-slate-200"
            />
            <p className="font-mono text-sm break-all" aria-label="Key for your authenticator app">
              {setup.secret}
            </p>
            <div>
              <p className="text-sm font-medium text-slate-800">
                Backup codes, each works once. Keep them somewhere safe:
              </p>
              <ul aria-label="Backup codes" className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm">
                {setup.backupCodes.map((code) => (
                  <li key={code}>{code}</li>
                ))}
              </ul>
            </div>
          </>
        ) : null}
        <Form {...verify.formProps} className="grid gap-4">
          <input type="hidden" name="intent" value="verify-2fa" />
          <TextField
            meta={verify.fields.code}
            label="Code from your app"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
          />
          <div>
            <Button type="submit" disabled={verify.submitting}>
              Turn on
            </Button>
          </div>
        </Form>
      </div>
    );
  }
  return (
    <Form {...enable.formProps} className="grid gap-4">
      <input type="hidden" name="intent" value="enable-2fa" />
      <p className="text-sm text-slate-700">
        Ask for a code from an authenticator app as well as your password when you sign in.
      </p>
      <TextField
        meta={enable.fields.password}
        label="Your password"
        type="password"
        autoComplete="current-password"
        required
      />
      <FormErrors form={enable.form} />
      <div>
        <Button type="submit" variant="outline" disabled={enable.submitting}>
          Set up two-factor authentication
        </Button>
      </div>
    </Form>
  );
}
