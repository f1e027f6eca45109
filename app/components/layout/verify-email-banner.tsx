import { Form } from "react-router";

/** A gentle reminder for a member whose e-mail address is not confirmed yet (they may still use the site). */
export function VerifyEmailBanner() {
  return (
    <aside aria-label="Confirm your e-mail address" className="border-b border-amber-200 bg-amber-50">
      <Form
        method="post"
        action="/resend-verification"
        className="mx-auto flex max-w-6xl flex-wrap items-center justify-center gap-x-4 gap-y-2 px-4 py-2 text-sm text-amber-950"
      >
        <p>Please confirm your e-mail address with the link we sent you.</p>
        <button type="submit" className="font-semibold underline underline-offset-4 hover:text-amber-800">
          Resend
        </button>
      </Form>
    </aside>
  );
}
