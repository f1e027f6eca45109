import { type LoaderFunctionArgs } from "react-router";
import { searchTarget } from "~/features/home/search-target";
import { redirectInside } from "~/server/redirects.server";

// The home page's search form without JavaScript: GET /search?in=buy&search=…
// redirects to the marketplace or the directory (with JavaScript the form
// navigates there itself). A resource route: no page of its own.
export function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  return redirectInside(searchTarget(params.get("in"), params.get("search")));
}
