import type { ReactNode } from "react";

/** The green band at the top of most pages, with the page's one h1. */
export function PageHero({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="bg-gradient-to-br from-brand-800 to-brand-950 text-white">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
        <h1 className="text-3xl font-bold tracking-tight sm:text-5xl">{title}</h1>
        {children ? <div className="mt-4 max-w-2xl text-lg text-brand-50">{children}</div> : null}
      </div>
    </section>
  );
}
