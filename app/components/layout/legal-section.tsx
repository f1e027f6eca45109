import type { ReactNode } from "react";

/** A numbered section of a policy page (terms, privacy, review policy). */
export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const headingId = `${id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className="mt-10 space-y-4 leading-relaxed text-slate-800 [&_li]:pl-1 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_li]:marker:text-brand-700"
    >
      <h2 id={headingId} className="text-2xl font-bold tracking-tight text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export const legalLinkClass = "font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800";
