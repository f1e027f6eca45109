import { BellPlus, ChevronDown } from "lucide-react";
import { Form, Link, useLocation } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/form-controls";
import { useMember } from "~/features/account/use-member";
import { cn } from "~/lib/utils";
import { FrequencyField } from "./frequency-field";

/**
 * "Save this search" under /buy's filters: one button that opens its form (a
 * native <details>, so it opens without JavaScript, decision 0071), a POST to
 * /buy's own action, whose address carries the filters being saved. It starts
 * open when the server refused a name, to show why. Visitors are asked to sign in.
 */
export function SaveSearchForm({ suggestedName, error }: { suggestedName: string; error?: string }) {
  const member = useMember();
  const location = useLocation();
  if (!member) {
    const back = `${location.pathname}${location.search}`;
    return (
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
        <Link
          to={`/auth?${new URLSearchParams({ redirectTo: back })}`}
          className={buttonVariants({ variant: "outline" })}
        >
          <BellPlus aria-hidden className="text-brand-700" />
          Sign in to save this search
        </Link>
        <span>and get e-mails when new businesses match.</span>
      </p>
    );
  }
  return (
    <details open={Boolean(error)} className="group/save open:basis-full">
      <summary className={cn(buttonVariants({ variant: "outline" }), "cursor-pointer")}>
        <BellPlus aria-hidden className="text-brand-700" />
        Save this search
        <ChevronDown aria-hidden className="transition-transform group-open/save:rotate-180" />
      </summary>
      <Form
        method="post"
        aria-label="Save this search"
        className="mt-3 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:grid-cols-[2fr_1fr_auto] md:items-end"
        noValidate
      >
        <p className="text-sm text-slate-700 md:col-span-3">We will e-mail you when new businesses match.</p>
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
    </details>
  );
}
