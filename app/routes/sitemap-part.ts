import { data } from "react-router";
import { sitemapPart } from "~/features/seo/sitemap.server";
import type { Route } from "./+types/sitemap-part";

export async function loader({ params }: Route.LoaderArgs) {
  const response = await sitemapPart(params.file);
  if (!response) throw data("Not found", { status: 404 });
  return response;
}
