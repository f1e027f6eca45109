import { data } from "react-router";
import { NotFound } from "~/components/layout/not-found";

// Any path no other route claims: the 404 page, with the 404 status.
export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => [{ title: "Page not found | HBS" }, { name: "robots", content: "noindex" }];

export default function NotFoundRoute() {
  return <NotFound />;
}
