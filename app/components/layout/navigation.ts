// The site's navigation, as the spec's section 2 lists it. The header, the
// mobile menu and the tests all read it from here.
export interface NavLinkItem {
  label: string;
  to: string;
}

export interface NavGroup {
  /** Label of the desktop dropdown. */
  label: string;
  /** Shorter label of the same group in the mobile menu. */
  mobileLabel: string;
  items: NavLinkItem[];
}

export const primaryLinks: NavLinkItem[] = [
  { label: "Home", to: "/" },
  { label: "The Halal Directory", to: "/halal-network-space" },
];

export const navGroups: NavGroup[] = [
  {
    label: "Buy or sell a business",
    mobileLabel: "Buy or sell",
    items: [
      { label: "Buy", to: "/buy" },
      { label: "Sell", to: "/sell" },
    ],
  },
  {
    label: "Our packages",
    mobileLabel: "Our packages",
    items: [
      { label: "Promote", to: "/promote" },
      { label: "Optimise", to: "/services" },
    ],
  },
];

export const secondaryLinks: NavLinkItem[] = [
  { label: "Contact", to: "/contact" },
  { label: "About", to: "/about" },
];

/** The account menu of a signed-in visitor (spec section 2), and the member pages' own navigation. */
export const accountLinks: NavLinkItem[] = [
  { label: "My account", to: "/my-account" },
  { label: "Messages", to: "/messages" },
  { label: "My listings", to: "/my-listings" },
  { label: "My businesses", to: "/my-businesses" },
  { label: "My subscriptions", to: "/my-subscriptions" },
  { label: "My queries", to: "/my-queries" },
  { label: "Saved listings", to: "/saved-listings" },
  { label: "My searches", to: "/my-searches" },
  { label: "My favorites", to: "/my-favorites" },
];
