import { BellPlus } from "lucide-react";
import { Form, Link, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/form-controls";
import { useMember } from "~/features/account/use-member";
import { FrequencyField } from "./frequency-field";

/**
 * "Save this search" beside /buy's filters: a POST form to /buy's own action,
 * whose address carries the filters being saved. Visitors are asked to sign in.
 */
export function SaveSearchForm({ suggestedName, error }: { suggestedName: string; error?: string }) {
  const member = useMember();
  const location = useLocation();
  if (!member) {
    const back = `${location.pathname}${location.search}`;
    return (
      <p className="mt-4 flex items-center gap-2 text-sm text-slate-700">
        <BellPlus aria-hidden className="size-4 text-brand-700" />
        <Link
          to={`/auth?${new URLSearchParams({ redirectTo: back })}`}
          className="font-semibold text-brand-800 underline"
        >
          Sign in to save this search
        </Link>
        and get e-mails when new businesses match.
      </p>
    );
  }
  return (
    <Form
      method="post"
      aria-labelledby="save-search-title"
      className="mt-4 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:grid-cols-[2fr_1fr_auto] md:items-end"
      noValidate
    >
      <h2 id="save-search-title" className="flex items-center gap-2 font-semibold md:col-span-3">
        <BellPlus aria-hidden className="size-5 text-brand-700" />
        Save this search
      </h2>
      <div className="grid gap-1">
        <Label htmlFor="save-search-name">Name</Label>
        <Input
          id="save-search-name"
          name="name"
          defaultValue={suggestedName}
          maxLength={100}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "save-search-error" : undefined}
        />
      </div>
      <FrequencyField id="save-search-frequency" defaultValue="daily" />
      <Button type="submit" name="intent" value="save-search">
        Save this search
      </Button>
      {error ? (
        <p id="save-search-error" role="alert" className="text-sm font-medium text-red-800 md:col-span-3">
          {error}
        </p>
      ) : null}
    </Form>
  );
}
