import { NDA_TEXT, NDA_VERSION } from "../confidential";

/** The NDA's clauses under a heading, with its version and what is kept: on its own page and in the data room's request. */
export function NdaClauses({ heading }: { heading: string }) {
  return (
    <div>
      <h2 className="text-lg font-semibold">{heading}</h2>
      <ol className="mt-3 list-decimal space-y-2 pl-6 text-slate-800">
        {NDA_TEXT.map((clause) => (
          <li key={clause}>{clause}</li>
        ))}
      </ol>
      <p className="mt-3 text-sm text-slate-600">
        Agreement version {NDA_VERSION}. We keep your name, the time and your internet address with it, and the seller
        sees your name and the date.
      </p>
    </div>
  );
}
