import { AlertTriangle, CheckCircle2 } from "lucide-react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { EVIDENCE_RULES_PATH, evidenceLevelLabel } from "~/features/directory/evidence-level";
import {
  certifierLabels,
  evidenceLabels,
  halalStatusLabels,
  slaughterLabels,
  type CertifierBody,
  type HalalEvidence,
  type HalalStatus,
} from "~/features/directory/halal";
import { formatCalendarDay as day } from "~/lib/dates";

export interface HalalPanelFacts {
  halalStatus: HalalStatus | null;
  halalCertifierBody: CertifierBody | null;
  halalCertifier: string | null;
  halalCertificateNumber: string | null;
  halalCertificateExpires: string | null;
  halalSlaughter: "hand" | "machine" | null;
  halalStunned: boolean | null;
  alcoholServed: boolean | null;
  halalEvidence: HalalEvidence | null;
  halalCheckedOn: string | null;
  halalMeatSupplier: string | null;
  evidenceLevel: number;
  lastConfirmedOn: string | null;
}

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[11rem_1fr]">
      <dt className="font-semibold">{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The business page's "Halal status": who certifies it, how HBS knows and when it last checked. */
export function HalalPanel({
  slug,
  facts,
  staleReasons,
  certificate,
}: {
  slug: string;
  facts: HalalPanelFacts;
  staleReasons: string[];
  /** The certificate's photo staff checked, and who and when (decision 0094). */
  certificate: { url: string; checked: string } | null;
}) {
  const certifier =
    facts.halalCertifierBody === "other"
      ? facts.halalCertifier || certifierLabels.other
      : facts.halalCertifierBody
        ? certifierLabels[facts.halalCertifierBody]
        : null;
  const slaughter = [
    facts.halalSlaughter ? slaughterLabels[facts.halalSlaughter] : null,
    facts.halalStunned === null ? null : facts.halalStunned ? "stunned" : "not stunned",
  ].filter(Boolean);
  return (
    <section
      aria-labelledby="halal-status-title"
      className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="halal-status-title" className="text-xl font-semibold">
        Halal status
      </h2>
      {staleReasons.length > 0 ? (
        <div className="mt-3 flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <AlertTriangle aria-hidden className="size-5 shrink-0" />
          <p>
            <strong>This may be out of date.</strong> {staleReasons.join(". ")}.
          </p>
        </div>
      ) : null}
      <p className="mt-3 flex items-center gap-2 text-sm">
        <CheckCircle2 aria-hidden className="size-5 shrink-0 text-brand-700" />
        <span>
          <strong>Evidence: {evidenceLevelLabel(facts.evidenceLevel)}</strong>{" "}
          <Link to={EVIDENCE_RULES_PATH} className="text-brand-800 underline">
            How we grade evidence
          </Link>
        </span>
      </p>
      <dl className="mt-4 grid gap-3 text-sm">
        <Row term="Status">{facts.halalStatus ? halalStatusLabels[facts.halalStatus] : "Not stated"}</Row>
        <Row term="Certified by">
          {certifier ?? "Not certified, or not known to HBS"}
          {facts.halalCertificateNumber ? `, certificate ${facts.halalCertificateNumber}` : ""}
          {facts.halalCertificateExpires
            ? `, ${staleReasons.includes("The certificate has expired") ? "expired" : "expires"} ${day(facts.halalCertificateExpires)}`
            : ""}
        </Row>
        {slaughter.length > 0 ? (
          <Row term="Slaughter">
            {slaughter.join(", ")}
            {certifier ? ", as the certifier states" : ""}
          </Row>
        ) : null}
        {facts.halalMeatSupplier ? <Row term="Meat supplier">{facts.halalMeatSupplier}</Row> : null}
        <Row term="Alcohol">
          {facts.alcoholServed === null ? "Not stated" : facts.alcoholServed ? "Served" : "Not served"}
        </Row>
        <Row term="How HBS knows">
          {facts.halalEvidence ? evidenceLabels[facts.halalEvidence] : "Not yet checked by HBS"}
          {facts.halalCheckedOn ? `, last checked ${day(facts.halalCheckedOn)}` : ""}
        </Row>
        <Row term="Diners">
          {facts.lastConfirmedOn
            ? `Last confirmed by a diner on ${day(facts.lastConfirmedOn)}`
            : "Not yet confirmed by a diner"}
        </Row>
      </dl>
      {certificate ? (
        <figure className="mt-4">
          <a href={certificate.url} target="_blank" rel="noopener noreferrer">
            <img
              src={certificate.url}
              alt="Photo of the halal certificate on display (opens in a new tab)"
              width={320}
              height={240}
              loading="lazy"
              className="max-h-60 w-auto rounded-md border border-slate-200 object-contain"
            />
          </a>
          <figcaption className="mt-1 text-sm text-slate-700">{certificate.checked}</figcaption>
        </figure>
      ) : null}
      <Form
        method="post"
        action={`/halal-network-space/${slug}/certificate`}
        encType="multipart/form-data"
        className="mt-4 grid gap-2 border-t border-slate-200 pt-4 text-sm"
      >
        <label htmlFor="certificate-photo">
          Seen its halal certificate on the wall? Send us a photo: we check it before it is shown.
        </label>
        <div className="flex flex-wrap items-center gap-3">
          <input
            id="certificate-photo"
            name="photo"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            required
            className="max-w-full text-sm"
          />
          <Button type="submit" variant="outline" size="sm">
            Send photo
          </Button>
        </div>
      </Form>
      <Form
        method="post"
        action={`/halal-network-space/${slug}/confirm`}
        className="mt-4 flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4 text-sm"
      >
        <span>Visited recently and found it as described?</span>
        <Button type="submit" variant="outline" size="sm">
          Still as described
        </Button>
      </Form>
    </section>
  );
}
