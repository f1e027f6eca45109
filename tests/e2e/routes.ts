// Every route of the spec's section 2 with the heading it must show.
export const specRoutes: { path: string; heading: string }[] = [
  { path: "/", heading: "Find, buy and grow halal businesses across the UK" },
  { path: "/halal-network-space", heading: "The Halal Directory" },
  { path: "/buy", heading: "Buy a business" },
  { path: "/sell", heading: "Sell your business" },
  { path: "/promote", heading: "Promote your business" },
  { path: "/services", heading: "Optimise your business" },
  { path: "/contact", heading: "Contact" },
  { path: "/about", heading: "About" },
  { path: "/auth", heading: "Welcome to HBS" },
  { path: "/my-queries", heading: "My Queries" },
];

// The member pages: without a session they send the visitor to /auth.
export const memberRoutes: { path: string; heading: string }[] = [
  { path: "/my-account", heading: "Account settings" },
  { path: "/my-subscriptions", heading: "My subscriptions" },
  { path: "/saved-listings", heading: "Saved listings" },
  { path: "/my-favorites", heading: "My Favourite Halal Businesses" },
  { path: "/my-listings", heading: "My listings" },
  { path: "/messages", heading: "Messages" },
  { path: "/my-searches", heading: "My searches" },
  { path: "/my-businesses", heading: "My businesses" },
];
