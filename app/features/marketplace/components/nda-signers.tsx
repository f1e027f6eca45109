import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { formatLondonDate } from "~/lib/dates";

export interface NdaSigner {
  id: number;
  fullName: string;
  acceptedAt: Date;
  revokedAt: Date | null;
}

/**
 * Who accepted a confidential listing's NDA (decision 0033), each with a
 * button that withdraws their access at once: on the seller's dashboard and
 * on the listing's back-office page, each of which checks the NDA is one it
 * may withdraw.
 */
export function NdaSigners({ ndas }: { ndas: NdaSigner[] }) {
  if (ndas.length === 0) return <p className="text-sm text-slate-700">Nobody has accepted the NDA yet.</p>;
  return (
    <ul className="grid gap-2">
      {ndas.map((nda) => (
        <li
          key={nda.id}
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 p-3 text-sm"
        >
          <span>
            <strong>{nda.fullName}</strong> accepted on {formatLondonDate(nda.acceptedAt)}
            {nda.revokedAt ? ` · access withdrawn on ${formatLondonDate(nda.revokedAt)}` : ""}
          </span>
          {nda.revokedAt ? null : (
            <Form method="post">
              <input type="hidden" name="ndaId" value={nda.id} />
              <Button type="submit" name="intent" value="revoke-nda" variant="outline" size="sm">
                Withdraw access<span className="sr-only"> of {nda.fullName}</span>
              </Button>
            </Form>
          )}
        </li>
      ))}
    </ul>
  );
}
