import { ExternalLink } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { isDentalPractice } from "~/features/directory/business-kind";

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
