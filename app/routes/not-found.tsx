import { data } from "react-router";
import { useNotFoundPage } from "~/components/layout/root-handle";
import { NotFoundWayOn } from "~/components/layout/not-found-way-on";

// Any path no other route claims: the 404 page, with the 404 status.
export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => [{ title: "Page not found | HBS" }, { name: "robots", content: "noindex" }];

export default function NotFoundRoute() {
  const NotFound = useNotFoundPage();
  return (
    // eslint-disable-next-line react-hooks/static-components -- the root's own component, the same on every render
    <NotFound>
      <NotFoundWayOn />
    </NotFound>
  );
}
