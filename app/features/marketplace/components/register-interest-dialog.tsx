import { useId, type ReactNode, type RefObject } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Input, Label } from "~/components/ui/form-controls";

/** What the form needs of a listing. */
export interface InterestListing {
  slug: string;
  title: string;
}

/** The fields a visitor fills in (spec section 3, "Registration interest"). */
export type RegisterInterestField = "fullName" | "email" | "contactNumber";

export interface RegisterInterestFormProps {
  listing: InterestListing;
  /** Errors from the action, under each field (e.g. conform's `lastResult.error`). */
  errors?: Partial<Record<RegisterInterestField, string[] | null | undefined>>;
  /** An error about the whole submission, shown above the button. */
  formError?: string | null;
  /** What to refill the fields with after a failed submission. */
  defaultValues?: Partial<Record<RegisterInterestField, string>>;
  /** Drawn before the submit button, e.g. a Cancel button. */
  secondaryAction?: ReactNode;
}

/** Where the form posts. The action itself lives with the listing's routes. */
export function registerInterestAction(slug: string) {
  return `/buy/${slug}/interest`;
}

/** Whether this listing's register-interest form is being submitted. */
export function useRegisterInterestSubmitting(slug: string) {
  const navigation = useNavigation();
  const action = registerInterestAction(slug);
  return navigation.state === "submitting" && navigation.formAction?.split("?")[0] === action;
}

const fields: {
  name: RegisterInterestField;
  label: string;
  type: "text" | "email" | "tel";
  autoComplete: string;
  inputMode?: "email" | "tel";
}[] = [
  { name: "fullName", label: "Full Name", type: "text", autoComplete: "name" },
  { name: "email", label: "Email", type: "email", autoComplete: "email", inputMode: "email" },
  { name: "contactNumber", label: "Contact Number", type: "tel", autoComplete: "tel", inputMode: "tel" },
];

/**
 * The register-interest form of a listing: Full Name, Email, Contact Number,
 * and the listing's title as the hidden `businessTitle`. It posts to
 * `/buy/{slug}/interest`, so it also works without JavaScript (the listing's
 * own page can show it inline). Validation messages come from the action.
 */
export function RegisterInterestForm({
  listing,
  errors,
  formError,
  defaultValues,
  secondaryAction,
}: RegisterInterestFormProps) {
  const id = useId();
  const submitting = useRegisterInterestSubmitting(listing.slug);
  const formErrorId = `${id}-form-error`;
  return (
    <Form
      method="post"
      action={registerInterestAction(listing.slug)}
      className="grid gap-4"
      aria-describedby={formError ? formErrorId : undefined}
    >
      <input type="hidden" name="businessTitle" value={listing.title} />
      {fields.map((field) => {
        const inputId = `${id}-${field.name}`;
        const errorId = `${inputId}-error`;
        const messages = errors?.[field.name]?.filter(Boolean) ?? [];
        return (
          <div key={field.name} className="grid gap-1.5">
            <Label htmlFor={inputId}>{field.label}</Label>
            <Input
              id={inputId}
              name={field.name}
              type={field.type}
              inputMode={field.inputMode}
              autoComplete={field.autoComplete}
              defaultValue={defaultValues?.[field.name]}
              required
              aria-invalid={messages.length > 0 || undefined}
              aria-describedby={messages.length > 0 ? errorId : undefined}
              className="aria-invalid:border-red-700"
            />
            {messages.length > 0 ? (
              <p id={errorId} className="text-sm font-medium text-red-700">
                {messages.join(" ")}
              </p>
            ) : null}
          </div>
        );
      })}
      {formError ? (
        <p id={formErrorId} role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
          {formError}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        {secondaryAction}
        <Button type="submit" disabled={submitting}>
          {submitting ? "Submitting..." : "Register Interest"}
        </Button>
      </div>
    </Form>
  );
}

export interface RegisterInterestDialogProps extends Omit<RegisterInterestFormProps, "secondaryAction"> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The element focus returns to on closing (the card's button that started it). */
  returnFocusRef?: RefObject<HTMLElement | null>;
}

/**
 * The register-interest dialog of a listing card: title "Register Interest",
 * a description naming the listing, and the form. It cannot be closed while
 * the form is being submitted (spec section 4); closing unmounts the form, so
 * it opens empty next time.
 */
export function RegisterInterestDialog({ open, onOpenChange, returnFocusRef, ...form }: RegisterInterestDialogProps) {
  const submitting = useRegisterInterestSubmitting(form.listing.slug);
  return (
    <Dialog open={open} onOpenChange={(next) => (next || !submitting) && onOpenChange(next)}>
      <DialogContent returnFocusRef={returnFocusRef}>
        <DialogHeader>
          <DialogTitle>Register Interest</DialogTitle>
          <DialogDescription>
            Leave your details to register your interest in <strong className="font-semibold">{form.listing.title}</strong>{" "}
            and our team will contact you.
          </DialogDescription>
        </DialogHeader>
        <RegisterInterestForm
          {...form}
          secondaryAction={
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={submitting}>
                Cancel
              </Button>
            </DialogClose>
          }
        />
      </DialogContent>
    </Dialog>
  );
}
