import { ExternalLink } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { isDentalPractice } from "~/features/directory/business-kind";
import { priceBandLabels, priceBandWords, servicesOffered, type VisitFacts } from "~/features/directory/visit-facts";
import { safeWebsite } from "~/lib/links";

/** The spec's badges: 'Featured', 'Restaurant/Takeaway' for food, 'Dental Practice' by name. */
export function BusinessBadges({ business }: { business: { featured: boolean; category: string; name: string } }) {
  return (
    <>
      {business.featured ? <Badge variant="accent">Featured</Badge> : null}
      {business.category === "food" ? <Badge>Restaurant/Takeaway</Badge> : null}
      {isDentalPractice(business.name) ? <Badge>Dental Practice</Badge> : null}
    </>
  );
}

/** 'Visit website', in a new tab. `href` must already be checked with safeWebsite. */
export function VisitWebsiteLink({
  href,
  variant,
  className,
}: {
  href: string;
  variant?: "default" | "outline";
  className?: string;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonVariants({ variant, size: variant === "outline" ? "sm" : "default", className })}
    >
      Visit website
      <ExternalLink aria-hidden />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

/** Price, services, prayer space and the menu: what is stated, nothing when nothing is. */
export function VisitFactRows({ facts }: { facts: VisitFacts }) {
  const services = servicesOffered(facts);
  const band = facts.priceBand as keyof typeof priceBandLabels | null;
  const menu = safeWebsite(facts.menuUrl);
  return (
    <>
      {band && priceBandLabels[band] ? (
        <div>
          <dt className="font-semibold">Price</dt>
          <dd>
            <span aria-hidden>{priceBandLabels[band]}</span>{" "}
            <span className="text-slate-700">{priceBandWords[band]}</span>
          </dd>
        </div>
      ) : null}
      {services.length > 0 ? (
        <div>
          <dt className="font-semibold">Service</dt>
          <dd>{services.join(", ")}</dd>
        </div>
      ) : null}
      {facts.prayerSpace !== null ? (
        <div>
          <dt className="font-semibold">Prayer space</dt>
          <dd>{facts.prayerSpace ? "Yes, a space to pray" : "No"}</dd>
        </div>
      ) : null}
      {menu ? (
        <div>
          <dt className="font-semibold">Menu</dt>
          <dd>
            <a href={menu} target="_blank" rel="noopener noreferrer" className="text-brand-800 hover:underline">
              See the menu
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </dd>
        </div>
      ) : null}
    </>
  );
}
