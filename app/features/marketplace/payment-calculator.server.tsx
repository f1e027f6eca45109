// The buyer's calculator on a listing's page (decision 0085) as HTML made on
// the server, so that none of its code is in the page's first-load JavaScript.
import { renderToStaticMarkup } from "react-dom/server";
import { DeferredPaymentCalculator } from "./components/deferred-payment-calculator";
import { calculate } from "./deferred-payment";

/** The calculator as the page's query asks for it; the price starts empty where it is hidden (null). */
export function paymentCalculatorHtml(slug: string, params: URLSearchParams, pricePence: number | null): string {
  return renderToStaticMarkup(<DeferredPaymentCalculator slug={slug} calculation={calculate(params, pricePence)} />);
}
