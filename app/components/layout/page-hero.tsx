import type { ReactNode } from "react";

/** The green band at the top of most pages, with the page's one h1. */
export function PageHero({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="bg-gradient-to-br from-brand-800 to-brand-950 text-white">
      {/* Low on a phone, so that what the page is for starts on its first screen (decision 0073). */}
      <div className="mx-auto max-w-6xl px-4 py-8 sm:py-20">
        <h1 className="text-3xl font-bold tracking-tight sm:text-5xl">{title}</h1>
        {children ? <div className="mt-2 max-w-2xl text-base text-brand-50 sm:mt-4 sm:text-lg">{children}</div> : null}
      </div>
    </section>
  );
}
