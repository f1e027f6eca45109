import { ArrowRight } from "lucide-react";
import { useId, type ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/utils";
import { Carousel } from "./carousel";

/**
 * A home page band: heading, a line of text, a link to the full list and a
 * carousel of cards (or a short message when there is nothing to show).
 */
export function FeaturedSection({
  title,
  description,
  link,
  slides,
  emptyMessage,
  className,
}: {
  title: string;
  description: string;
  link: { to: string; label: string };
  slides: ReactNode[];
  emptyMessage: string;
  className?: string;
}) {
  const headingId = useId();
  const header = (
    <>
      <h2 id={headingId} className="text-3xl font-bold tracking-tight text-slate-900">
        {title}
      </h2>
      <p className="mt-2 max-w-2xl text-slate-700">{description}</p>
    </>
  );
  const action = (
    <Link
      to={link.to}
      className="inline-flex items-center gap-1.5 rounded-md font-semibold whitespace-nowrap text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline"
    >
      {link.label}
      <ArrowRight aria-hidden className="size-4" />
    </Link>
  );

  return (
    <div className={cn("py-16", className)}>
      <div className="mx-auto max-w-6xl px-4">
        {slides.length > 0 ? (
          <Carousel labelledBy={headingId} header={header} action={action} slides={slides} />
        ) : (
          <section aria-labelledby={headingId}>
            <div className="flex flex-wrap items-end justify-between gap-x-8 gap-y-4">
              <div>{header}</div>
              {action}
            </div>
            <p className="mt-8 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
              {emptyMessage}
            </p>
          </section>
        )}
      </div>
    </div>
  );
}
