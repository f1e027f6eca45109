import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, type FormEvent, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { showToast } from "~/lib/toasts";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import { FormErrors, TextField } from "~/components/ui/field";
import { useHydrated } from "~/lib/use-hydrated";
import type { AuthActionData } from "../auth-actions.server";
import { forgotPasswordSchema, resetPasswordSchema, signInSchema, signUpSchema, twoFactorCodeSchema } from "../schemas";

/** The name of the button Conform submits with when it checks a field (INTENT in @conform-to/dom). */
const CONFORM_INTENT = "__intent__";

/**
 * One account form: Conform on the shared schema, posted as a normal form
 * (success is a redirect). With JavaScript a failed check shows its first
 * message in the spec's 'Validation Error' toast, and the server's answer as
 * a toast; without, the answer is shown above the form.
 */
function useAuthForm<Schema extends z.ZodObject>(id: string, schema: Schema, actionData: AuthActionData | undefined) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult: actionData?.result,
    // Checked when sent, then again as each field changes: a check as a field loses focus put its message
    // under it between the press and the release of the button below, which moved, and the press was lost.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  useEffect(() => {
    if (!actionData) return;
    showToast(actionData.toast.type === "success" ? "success" : "error", actionData.toast.title, {
      description: actionData.toast.description,
    });
  }, [actionData]);

  const { onSubmit, ...formProps } = getFormProps(form);
  return {
    form,
    fields,
    submitting: navigation.state === "submitting" && navigation.formData?.get("intent") === id,
    formProps: {
      ...formProps,
      method: "post" as const,
      noValidate: true,
      onSubmit(event: FormEvent<HTMLFormElement>) {
        // Conform checks a field by submitting the form with its own intent button: that check is not the
        // person pressing the form's button, and once raised this toast for the fields still empty (a
        // "Password is required" behind "Signed in successfully!").
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        const submission = parseWithZod(new FormData(event.currentTarget), { schema });
        if (submitter?.name !== CONFORM_INTENT && submission.status === "error") {
          const first = Object.values(submission.error ?? {}).flat()[0];
          if (first) showToast("error", "Validation Error", { description: first });
        }
        onSubmit(event);
      },
    },
    /** The server's answer, for a page without JavaScript. */
    notice:
      actionData && !hydrated ? (
        <p
          role={actionData.toast.type === "error" ? "alert" : "status"}
          className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800"
        >
          <strong>{actionData.toast.title}</strong>
          {actionData.toast.description ? ` ${actionData.toast.description}` : null}
        </p>
      ) : null,
  };
}

function SubmitButton({ submitting, busy, children }: { submitting: boolean; busy: string; children: ReactNode }) {
  return (
    <Button type="submit" size="lg" className="w-full" disabled={submitting}>
      {submitting ? busy : children}
    </Button>
  );
}

export function SignInForm({ actionData, redirectTo }: { actionData?: AuthActionData; redirectTo: string }) {
  const { fields, form, formProps, submitting, notice } = useAuthForm("sign-in", signInSchema, actionData);
  return (
    <Form {...formProps} className="grid gap-4">
      <input type="hidden" name="intent" value="sign-in" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      {notice}
      <TextField meta={fields.email} label="Email" type="email" autoComplete="username" required />
      <TextField meta={fields.password} label="Password" type="password" autoComplete="current-password" required />
      <FormErrors form={form} />
      <SubmitButton submitting={submitting} busy="Signing in...">
        Sign In
      </SubmitButton>
      <Link
        to="?tab=forgot-password"
        className="justify-self-center text-sm font-medium text-brand-800 hover:underline"
      >
        Forgot password?
      </Link>
    </Form>
  );
}

export function SignUpForm({ actionData }: { actionData?: AuthActionData }) {
  const { fields, form, formProps, submitting, notice } = useAuthForm("sign-up", signUpSchema, actionData);
  const { key: consentKey, ...consentProps } = getInputProps(fields.marketingConsent, { type: "checkbox" });
  return (
    <Form {...formProps} className="grid gap-4">
      <input type="hidden" name="intent" value="sign-up" />
      {notice}
      <TextField meta={fields.fullName} label="Full Name (optional)" autoComplete="name" />
      <TextField meta={fields.email} label="Email" type="email" autoComplete="email" required />
      <TextField meta={fields.phone} label="Phone (optional)" type="tel" autoComplete="tel" />
      <TextField
        meta={fields.password}
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters. Common passwords are refused."
        required
      />
      <label className="flex items-start gap-3 text-sm text-slate-800">
        <input key={consentKey} {...consentProps} className="mt-0.5 size-4 accent-brand-700" />
        Send me news and offers from HBS. You can stop them at any time.
      </label>
      <FormErrors form={form} />
      <SubmitButton submitting={submitting} busy="Creating account...">
        Sign Up
      </SubmitButton>
    </Form>
  );
}

export function ForgotPasswordForm({ actionData }: { actionData?: AuthActionData }) {
  const { fields, form, formProps, submitting, notice } = useAuthForm(
    "forgot-password",
    forgotPasswordSchema,
    actionData,
  );
  return (
    <Form {...formProps} className="grid gap-4">
      <input type="hidden" name="intent" value="forgot-password" />
      {notice}
      <p className="text-sm text-slate-700">
        Enter your e-mail address and we will send you a link to reset your password.
      </p>
      <TextField meta={fields.email} label="Email" type="email" autoComplete="email" required />
      <FormErrors form={form} />
      <SubmitButton submitting={submitting} busy="Sending...">
        Send Reset Link
      </SubmitButton>
      <Link to="?tab=sign-in" className="justify-self-center text-sm font-medium text-brand-800 hover:underline">
        Back to Sign In
      </Link>
    </Form>
  );
}

export function ResetPasswordForm({ token, actionData }: { token: string; actionData?: AuthActionData }) {
  const { fields, form, formProps, submitting, notice } = useAuthForm(
    "reset-password",
    resetPasswordSchema,
    actionData,
  );
  return (
    <Form {...formProps} className="grid gap-4">
      <input type="hidden" name="intent" value="reset-password" />
      <input type="hidden" name="token" value={token} />
      {notice}
      <TextField
        meta={fields.password}
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters. Common passwords are refused."
        required
      />
      <TextField
        meta={fields.confirmPassword}
        label="Repeat new password"
        type="password"
        autoComplete="new-password"
        required
      />
      <FormErrors form={form} />
      <SubmitButton submitting={submitting} busy="Updating...">
        Set new password
      </SubmitButton>
    </Form>
  );
}

export function TwoFactorForm({ actionData, redirectTo }: { actionData?: AuthActionData; redirectTo: string }) {
  const { fields, form, formProps, submitting, notice } = useAuthForm("two-factor", twoFactorCodeSchema, actionData);
  return (
    <Form {...formProps} className="grid gap-4">
      <input type="hidden" name="intent" value="two-factor" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {notice}
      <TextField
        meta={fields.code}
        label="Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        hint="The 6-digit code from your authenticator app, or one of your backup codes."
        required
      />
      <FormErrors form={form} />
      <SubmitButton submitting={submitting} busy="Signing in...">
        Verify
      </SubmitButton>
      <Link to="/auth" className="justify-self-center text-sm font-medium text-brand-800 hover:underline">
        Back to Sign In
      </Link>
    </Form>
  );
}
