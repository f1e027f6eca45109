import { sitemapIndex } from "~/features/seo/sitemap.server";

export const loader = () => sitemapIndex();
