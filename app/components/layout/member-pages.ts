// What each member page is for, in a line: under its heading and on /my-account's
// list of pages. Apart from navigation.ts, whose links every page's header loads,
// so these words load only on member pages (the listing page's JavaScript budget).
export const memberPageDescriptions: Record<string, string> = {
  "/my-account": "Your pages, your profile and your settings",
  "/messages": "Conversations with buyers and sellers",
  "/my-listings": "Businesses you sell, enquiries and views",
  "/my-businesses": "Directory pages you manage",
  "/my-subscriptions": "Promotion and optimisation packages",
  "/my-queries": "What you sent us, and where it stands",
  "/saved-listings": "Businesses for sale you saved",
  "/my-searches": "Saved searches and their e-mail alerts",
  "/my-favorites": "Directory businesses you keep close",
};
