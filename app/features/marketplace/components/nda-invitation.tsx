import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import type { NdaState } from "../confidential.server";

/** On a masked confidential listing: what it hides, and the way to the NDA (decision 0033). */
export function NdaInvitation({ slug, state }: { slug: string; state: NdaState }) {
  return (
    <section aria-labelledby="nda-title" className="mt-6 rounded-xl border border-brand-200 bg-brand-50 p-5">
      <div className="grid gap-2">
        <h2 id="nda-title" className="text-lg font-semibold">
          Confidential sale
        </h2>
        {state === "revoked" ? (
          <p className="text-slate-800">
            The seller has withdrawn your access to this listing&apos;s details. You can still register interest below.
          </p>
        ) : (
          <>
            <p className="text-slate-800">
              The seller shares this business&apos;s name, address, photos and full details with buyers who accept its
              non-disclosure agreement.
            </p>
            <p>
              <Link to={`/buy/${slug}/nda`} className={buttonVariants()}>
                Read and accept the NDA
              </Link>
            </p>
          </>
        )}
      </div>
    </section>
  );
}
