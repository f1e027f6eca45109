import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormErrors, TextField } from "~/components/ui/field";
import { Input, Label } from "~/components/ui/form-controls";
import type { SettingsActionData } from "../account-settings.server";
import { profileSchema } from "../schemas";

export interface Profile {
  email: string;
  fullName: string | null;
  phone: string | null;
  marketingConsent: boolean;
}

/** The profile of /my-account (spec section 2): the e-mail is shown, not editable. */
export function ProfileForm({ profile, actionData }: { profile: Profile; actionData?: SettingsActionData }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "profile",
    lastResult: actionData?.intent === "profile" ? actionData.result : undefined,
    defaultValue: {
      fullName: profile.fullName ?? "",
      phone: profile.phone ?? "",
      marketingConsent: profile.marketingConsent ? "on" : undefined,
    },
    shouldValidate: "onBlur",
    // Messages clear while typing, not on blur: a message vanishing as the
    // button is pressed would move the button from under the pointer.
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
  });
  const { key: consentKey, ...consentProps } = getInputProps(fields.marketingConsent, { type: "checkbox" });
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "profile";
  return (
    <Form method="post" action="/my-account" {...getFormProps(form)} noValidate className="grid gap-4">
      <input type="hidden" name="intent" value="profile" />
      <div className="grid gap-1.5">
        <Label htmlFor="profile-email">Email</Label>
        <Input
          id="profile-email"
          value={profile.email}
          readOnly
          aria-describedby="profile-email-hint"
          className="bg-slate-100"
        />
        <p id="profile-email-hint" className="text-sm text-slate-600">
          Email cannot be changed
        </p>
      </div>
      <TextField meta={fields.fullName} label="Full Name" autoComplete="name" />
      <TextField meta={fields.phone} label="Phone" type="tel" autoComplete="tel" />
      <label className="flex items-start gap-3 text-sm text-slate-800">
        <input key={consentKey} {...consentProps} className="mt-0.5 size-4 accent-brand-700" />
        Send me news and offers from HBS.
      </label>
      <FormErrors form={form} />
      <div>
        <Button type="submit" disabled={submitting}>
          {submitting ? "Updating..." : "Update Profile"}
        </Button>
      </div>
    </Form>
  );
}
