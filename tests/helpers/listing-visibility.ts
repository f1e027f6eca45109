// Where a listing shows to visitors, asked of the app's own code: its page's
// HTTP status and whether the sitemap names it.
import { sitemapPart } from "../../app/features/seo/sitemap.server";
import { loader as listingLoader } from "../../app/routes/listing";

export const inSitemap = async (slug: string) =>
  (await (await sitemapPart("listings-1.xml"))!.text()).includes(`/buy/${slug}`);

export async function pageStatus(slug: string) {
  try {
    const answer = (await listingLoader({ params: { slug } } as never)) as { init?: { status?: number } };
    return answer.init?.status ?? 200;
  } catch (thrown) {
    return (thrown as { init?: { status?: number } }).init?.status ?? 500;
  }
}
