import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";

/** What a members' page shows a visitor who is not signed in. */
export function SignInPrompt({ children }: { children: string }) {
  return (
    <div className="mx-auto max-w-xl rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
      <p className="text-slate-700">{children}</p>
      <Link to="/auth" className={buttonVariants({ className: "mt-6" })}>
        Sign in
      </Link>
    </div>
  );
}
