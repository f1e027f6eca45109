/**
 * A listing's Key facts (decision 0023): what the seller told us and the
 * figures a buyer would work out from it, plainly labelled as the seller's.
 * The rows come from the loader (listing-facts.ts), so the page carries no
 * code to work them out. Facts not given are left out, but for the payment
 * terms, which say "Not stated" (decision 0085). Where staff checked the
 * turnover and net profit against the seller's evidence, the note says so
 * (decision 0087); the loader words it either way.
 */
export function KeyFactsTable({ rows, note }: { rows: { label: string; value: string }[]; note: string }) {
  return (
    <section aria-labelledby="key-facts-title" className="mt-8">
      <h2 id="key-facts-title" className="text-xl font-semibold">
        Key facts
      </h2>
      <p id="key-facts-note" className="mt-1 text-sm text-slate-700">
        {note}
      </p>
      <table aria-labelledby="key-facts-title" aria-describedby="key-facts-note" className="mt-3 w-full text-left">
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} className="border-b border-slate-200 last:border-0">
              <th scope="row" className="w-1/2 py-2 pr-4 align-top font-medium text-slate-700">
                {row.label}
              </th>
              <td className="py-2 align-top text-slate-900">{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
