import { useEffect, type ReactNode } from "react";
import { Link, useLocation } from "react-router";

/**
 * The spec's 404 page. The attempt is logged to the console, as the spec says.
 * The 404 route passes its way on (issue #50) as children; the root's error
 * boundary (a listing or business that does not exist) shows the words and the
 * link home, so every page's JavaScript does not carry the search.
 */
export function NotFound({ children }: { children?: ReactNode }) {
  const location = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", location.pathname);
  }, [location.pathname]);
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-6xl font-bold text-brand-800">404</h1>
      <p className="mt-4 text-xl text-slate-700">Oops! Page not found</p>
      {children}
      <Link to="/" className="mt-8 inline-block font-semibold text-brand-700 underline underline-offset-4">
        Return to Home
      </Link>
    </section>
  );
}
