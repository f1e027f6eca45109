// A seller's listing for sale and a buyer beside them, for the specs that follow a deal (issue #48).
import { expect, type test } from "./fixtures";

/** A seller's listing, approved by staff on `page`, and a signed-in buyer beside them. */
export async function sellerAndBuyer(
  businessName: string,
  {
    page,
    signUpAndSignIn,
    signInElsewhere,
    signInAsNewAdmin,
  }: Pick<
    Parameters<Parameters<typeof test>[2]>[0],
    "page" | "signUpAndSignIn" | "signInElsewhere" | "signInAsNewAdmin"
  >,
) {
  const seller = await signUpAndSignIn();
  const sellerPage = await signInElsewhere(seller);
  const sent = await sellerPage.request.post("/sell", {
    multipart: {
      businessName,
      category: "food",
      location: "Leeds",
      askingPrice: "70000",
      annualRevenue: "200000",
      description: "A grill for sale.",
      contactName: seller.fullName,
      contactEmail: seller.email,
      contactPhone: "07700 900654",
    },
  });
  expect(sent.status()).toBe(200);
  const id = /\/my-listings\/(\d+)\/edit/.exec(await (await sellerPage.request.get("/my-listings")).text())![1]!;
  const buyer = await signUpAndSignIn();
  const buyerPage = await signInElsewhere(buyer);
  await signInAsNewAdmin();
  await page.request.post(`/admin/listings/${id}`, { form: { intent: "approve" } });
  const listing = /href="(\/buy\/[^"?#]+)"/.exec(await (await page.request.get(`/admin/listings/${id}`)).text())![1]!;
  return { sellerPage, buyer, buyerPage, listing, id };
}
