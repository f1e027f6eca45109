import { Star } from "lucide-react";
import { Link } from "react-router";
import { cn } from "~/lib/utils";

/** Stars out of five, read out as words ("4 out of 5 stars"). */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  return (
    <span role="img" aria-label={`${rating} out of 5 stars`} className={cn("inline-flex gap-0.5", className)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden
          className={cn("size-4", n <= Math.round(rating) ? "fill-gold-400 text-gold-500" : "text-slate-400")}
        />
      ))}
    </span>
  );
}

/** "★ 4.3 (12 reviews)" on cards and pages; "No reviews yet" when there are none. */
export function RatingSummary({
  average,
  count,
  href,
  className,
}: {
  average: number | null;
  count: number;
  href?: string;
  className?: string;
}) {
  const reviews = `${count.toLocaleString("en-GB")} ${count === 1 ? "review" : "reviews"}`;
  const text =
    average === null ? (
      "No reviews yet"
    ) : (
      <>
        <Stars rating={average} />
        <span>
          <span className="font-semibold">{average.toFixed(1)}</span> · {reviews}
        </span>
      </>
    );
  return (
    <p className={cn("flex items-center gap-1.5 text-sm text-slate-700", className)}>
      {href ? (
        <Link to={href} className="inline-flex items-center gap-1.5 underline-offset-4 hover:underline">
          {text}
        </Link>
      ) : (
        text
      )}
    </p>
  );
}
