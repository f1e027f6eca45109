import { useEffect } from "react";
import { Link, useLocation } from "react-router";

/** The spec's 404 page. The attempt is logged to the console, as the spec says. */
export function NotFound() {
  const location = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", location.pathname);
  }, [location.pathname]);
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-6xl font-bold text-brand-800">404</h1>
      <p className="mt-4 text-xl text-slate-700">Oops! Page not found</p>
      <Link to="/" className="mt-8 inline-block font-semibold text-brand-700 underline underline-offset-4">
        Return to Home
      </Link>
    </section>
  );
}
