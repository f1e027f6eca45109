/**
 * The documents a claimant or an adder sent as proof (decisions 0036, 0095),
 * for staff: each served privately from under `base`, opening full size.
 */
export function ProofDocuments({ base, names, sender }: { base: string; names: string[]; sender: string }) {
  if (names.length === 0) return null;
  return (
    <section aria-labelledby="documents-heading">
      <h2 id="documents-heading" className="mb-3 text-lg font-semibold">
        Documents
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2">
        {names.map((name, i) => (
          <li key={name}>
            <a href={`${base}/documents/${name}`} target="_blank" rel="noreferrer" className="block">
              <img
                src={`${base}/documents/${name}`}
                alt={`Document ${i + 1} sent by the ${sender}`}
                className="max-h-80 rounded-md border border-slate-200 object-contain"
              />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
