// Where a listing shows to visitors, asked of the app's own code: its page's
// HTTP status and whether the sitemap names it.
import { sitemapPart } from "../../app/features/seo/sitemap.server";
import { loader as listingLoader } from "../../app/routes/listing";

export const inSitemap = async (slug: string) =>
  (await (await sitemapPart("listings-1.xml"))!.text()).includes(`/buy/${slug}`);

export async function pageStatus(slug: string) {
  try {
    // A visitor's request: no cookies, so no session (decision 0033 masks by who is looking).
    const request = new Request(`http://localhost/buy/${slug}`);
    const answer = (await listingLoader({ request, params: { slug } } as never)) as { init?: { status?: number } };
    return answer.init?.status ?? 200;
  } catch (thrown) {
    return (thrown as { init?: { status?: number } }).init?.status ?? 500;
  }
}
