// The listing page's Key facts as HTML made on the server, as its calculator is (decision 0085): a
// table with nothing to do in the browser, so it costs the page's scripts (at their budget) nothing.
import { renderToStaticMarkup } from "react-dom/server";
import { KeyFactsTable } from "./components/key-facts-table";

export function keyFactsHtml(rows: { label: string; value: string }[], note: string): string {
  return renderToStaticMarkup(<KeyFactsTable rows={rows} note={note} />);
}
