// The spec's sample data (section 3 and section 9), with real coordinates for
// their towns. Phone numbers are from Ofcom's ranges reserved for fiction, and
// websites are under example.com, so no real business is named or called.
import type { businessListing } from "../../app/server/schema";
import type { SeedImageKind } from "./images";

export const TOWNS = {
  Cwmbran: { latitude: 51.6537, longitude: -3.021 },
  Newport: { latitude: 51.5842, longitude: -2.9977 },
  Cardiff: { latitude: 51.4816, longitude: -3.1791 },
  Birmingham: { latitude: 52.4862, longitude: -1.8904 },
  Manchester: { latitude: 53.4808, longitude: -2.2426 },
  London: { latitude: 51.5074, longitude: -0.1278 },
  Leeds: { latitude: 53.8008, longitude: -1.5491 },
} as const;

export type Town = keyof typeof TOWNS;

export interface SeedListing {
  slug: string;
  title: string;
  category: string;
  town: Town;
  postcode: string;
  askingPricePence: number;
  monthlyLeasePence: number;
  description: string;
  features: string[];
  featured: boolean;
  offersCount: number;
  imageKind: SeedImageKind;
  imageCount: number;
  /** Days before seeding that it was published: orders "latest". */
  publishedDaysAgo: number;
  /**
   * A price it was first published at, above askingPricePence, and how many days ago it came down
   * to that (decision 0084): so that a fresh install shows "Price reduced".
   */
  reduced?: { fromPence: number; daysAgo: number };
  /** Some of the key facts (decisions 0023, 0085), so a sample page shows its Key facts table. */
  facts?: Partial<typeof businessListing.$inferInsert>;
}

export const seedListings: SeedListing[] = [
  {
    slug: "kebab-takeaway-cwmbran",
    title: "Established Kebab Takeaway in Cwmbran",
    category: "food",
    town: "Cwmbran",
    postcode: "NP44 1PU",
    askingPricePence: 45_000_00,
    monthlyLeasePence: 778_00,
    description:
      "A busy, well-loved kebab and grill takeaway a short walk from Cwmbran town centre. Trading for over eight years with a loyal local following, strong evening and weekend trade, and a growing share of orders through the delivery apps. Sold as a going concern with all equipment, recipes and supplier accounts.",
    features: [
      "Fully equipped kitchen with two doner machines and a charcoal grill",
      "Strong evening, weekend and delivery-app trade",
      "Halal-certified suppliers in place",
      "Seating for 12 customers",
      "Full training and handover from the owner",
    ],
    featured: true,
    offersCount: 3,
    imageKind: "takeaway",
    imageCount: 10,
    publishedDaysAgo: 3,
    facts: {
      tenure: "leasehold",
      annualRentPence: 9_336_00,
      leaseYearsRemaining: 12,
      leaseType: "assignment",
      netProfitPence: 18_000_00,
      staffFullTime: 2,
      staffPartTime: 1,
      yearEstablished: 2016,
      tradingHours: "Daily 4pm-1am",
      accommodationIncluded: false,
      relocatable: false,
      halalStatus: "fully_halal",
      alcoholLicence: false,
      reasonForSale: "The owner is retiring",
      paymentTerms: ["full", "deferred"],
    },
  },
  {
    slug: "egyptian-cafe-newport",
    title: "Egyptian Café in Newport",
    category: "food",
    town: "Newport",
    postcode: "NP20 1FQ",
    askingPricePence: 25_000_00,
    monthlyLeasePence: 1_200_00,
    description:
      "A welcoming Egyptian café on one of Newport's main shopping streets, known for its koshari, ful medames, fresh breads and mint tea. Bright dining room, modern counter and a reputation that brings customers from across South Wales.",
    features: [
      "Prominent city-centre position with high footfall",
      "Dining room for 30 covers",
      "Modern counter, coffee machine and display fridges included",
      "Excellent online reviews",
      "Opportunity to extend opening hours into the evening",
    ],
    featured: true,
    offersCount: 2,
    imageKind: "cafe",
    imageCount: 8,
    publishedDaysAgo: 10,
    reduced: { fromPence: 29_500_00, daysAgo: 4 },
    facts: { paymentTerms: ["full", "staged", "shariah_finance"] },
  },
  {
    slug: "chaii-cafe-newport",
    title: "Chaii Café in Newport",
    category: "food",
    town: "Newport",
    postcode: "NP19 8EB",
    askingPricePence: 45_000_00,
    monthlyLeasePence: 1_000_00,
    description:
      "A stylish chai and dessert café with a young, loyal customer base. Karak chai, desi breakfasts and desserts drive steady trade from morning to late evening, seven days a week. Fitted out to a high standard two years ago.",
    features: [
      "High-standard fit-out completed two years ago",
      "Open seven days with late-evening trade",
      "Strong social-media following",
      "Established menu and trained staff who wish to stay",
      "Parking close by",
    ],
    featured: true,
    offersCount: 1,
    imageKind: "cafe",
    imageCount: 9,
    publishedDaysAgo: 20,
  },
];

export interface SeedBusiness {
  slug: string;
  name: string;
  category: "food" | "other";
  description: string;
  town: Town;
  address: string;
  postcode: string;
  phone: string;
  website: string;
  featured: boolean;
  imageKind: SeedImageKind;
  halalStatus?: "fully_halal" | "halal_options";
  alcoholServed?: boolean;
  /** Halal evidence; dates are days from the seeding day, so the samples stay realistic. */
  evidence?: {
    certifierBody: "hmc" | "hfa" | "hmb" | "hab" | "mfb";
    certificateNumber: string;
    expiresInDays: number;
    slaughter: "hand" | "machine";
    stunned: boolean;
    how: "certificate_seen" | "business_declared" | "visited";
    checkedDaysAgo: number;
    meatSupplier?: string;
  };
  /** What diners need to go (issue #47). */
  visit?: {
    menuUrl?: string;
    priceBand?: 1 | 2 | 3 | 4;
    dineIn?: boolean;
    takeaway?: boolean;
    delivery?: boolean;
    prayerSpace?: boolean;
  };
  /** Monday to Sunday as staff type them ("11:00-23:00", "" when closed), and dated closures. */
  hours?: { week: string[]; closedInDays?: { days: number; note: string }[] };
}

const SURGERY_HOURS = {
  week: ["09:00-17:30", "09:00-17:30", "09:00-19:30", "09:00-17:30", "09:00-12:30, 14:00-17:30", "09:00-13:00", ""],
};

export const seedBusinesses: SeedBusiness[] = [
  {
    slug: "cwmbran-family-dental-practice",
    name: "Cwmbran Family Dental Practice",
    category: "other",
    description:
      "NHS and private dentistry for the whole family, with female dentists available and appointments arranged around prayer times.",
    town: "Cwmbran",
    address: "14 North Walk, Cwmbran NP44 1PU",
    postcode: "NP44 1PU",
    phone: "01632 960 101",
    website: "https://cwmbran-family-dental.example.com",
    featured: true,
    imageKind: "dental",
    hours: SURGERY_HOURS,
  },
  {
    slug: "newport-smile-dental-clinic",
    name: "Newport Smile Dental Clinic",
    category: "other",
    description:
      "Modern dental clinic in the city centre offering check-ups, hygiene, whitening and Invisalign, with Urdu and Arabic spoken.",
    town: "Newport",
    address: "45 Commercial Street, Newport NP20 1HF",
    postcode: "NP20 1HF",
    phone: "01632 960 102",
    website: "https://newport-smile-dental.example.com",
    featured: true,
    imageKind: "dental",
    hours: SURGERY_HOURS,
  },
  {
    slug: "caerleon-road-dental-practice",
    name: "Caerleon Road Dental Practice",
    category: "other",
    description:
      "A friendly neighbourhood dental practice accepting new NHS patients, with evening appointments on weekdays.",
    town: "Newport",
    address: "210 Caerleon Road, Newport NP19 7GQ",
    postcode: "NP19 7GQ",
    phone: "01632 960 103",
    website: "https://caerleon-road-dental.example.com",
    featured: false,
    imageKind: "dental",
    hours: SURGERY_HOURS,
  },
  {
    slug: "riverside-dental-care-cardiff",
    name: "Riverside Dental Care",
    category: "other",
    description:
      "Family and cosmetic dentistry in Riverside, with a calm, modest environment and same-day emergency appointments.",
    town: "Cardiff",
    address: "25 Cowbridge Road East, Cardiff CF11 9AB",
    postcode: "CF11 9AB",
    phone: "029 2018 0104",
    website: "https://riverside-dental-care.example.com",
    featured: false,
    imageKind: "dental",
    hours: SURGERY_HOURS,
  },
  {
    slug: "sparkbrook-dental-practice",
    name: "Sparkbrook Dental Practice",
    category: "other",
    description:
      "Long-established practice on the Stratford Road offering NHS and private treatment, implants and children's dentistry.",
    town: "Birmingham",
    address: "310 Stratford Road, Birmingham B11 1AA",
    postcode: "B11 1AA",
    phone: "0121 496 0105",
    website: "https://sparkbrook-dental.example.com",
    featured: false,
    imageKind: "dental",
    hours: SURGERY_HOURS,
  },
  {
    slug: "cheetham-hill-dental-studio",
    name: "Cheetham Hill Dental Studio",
    category: "other",
    description:
      "Boutique dental studio with female clinicians, offering hygiene, orthodontics and cosmetic treatment.",
    town: "Manchester",
    address: "150 Cheetham Hill Road, Manchester M8 8PZ",
    postcode: "M8 8PZ",
    phone: "0161 496 0106",
    website: "https://cheetham-hill-dental.example.com",
    featured: false,
    imageKind: "dental",
    hours: SURGERY_HOURS,
  },
  {
    slug: "cwmbran-kebab-and-grill",
    name: "Cwmbran Kebab & Grill",
    category: "food",
    description:
      "Charcoal-grilled kebabs, wraps and mixed grills made with fully halal meat, open late seven days a week.",
    town: "Cwmbran",
    address: "5 Victoria Street, Cwmbran NP44 3JS",
    postcode: "NP44 3JS",
    phone: "01632 960 107",
    website: "https://cwmbran-kebab-grill.example.com",
    featured: true,
    imageKind: "takeaway",
    halalStatus: "fully_halal",
    alcoholServed: false,
    evidence: {
      certifierBody: "hmc",
      certificateNumber: "HMC-48213",
      expiresInDays: 240,
      slaughter: "hand",
      stunned: false,
      how: "certificate_seen",
      checkedDaysAgo: 40,
      meatSupplier: "Vale Halal Meats",
    },
    visit: {
      menuUrl: "https://cwmbran-kebab-grill.example.com/menu",
      priceBand: 1,
      dineIn: true,
      takeaway: true,
      delivery: false,
      prayerSpace: true,
    },
    // Late nights, opening after Friday prayers.
    hours: {
      week: ["16:00-01:00", "16:00-01:00", "16:00-01:00", "16:00-01:00", "14:00-02:00", "12:00-02:00", "12:00-00:00"],
      closedInDays: [{ days: 12, note: "Family occasion" }],
    },
  },
  {
    slug: "newport-peri-peri-house",
    name: "Newport Peri Peri House",
    category: "food",
    description:
      "Flame-grilled peri peri chicken, burgers and sides. Fully halal, no alcohol, with collection and delivery.",
    town: "Newport",
    address: "88 Chepstow Road, Newport NP19 8EA",
    postcode: "NP19 8EA",
    phone: "01632 960 108",
    website: "https://newport-peri-peri.example.com",
    featured: false,
    imageKind: "takeaway",
    halalStatus: "fully_halal",
    alcoholServed: false,
    // Checked long ago, certificate lapsed: the site shows it as out of date.
    evidence: {
      certifierBody: "hfa",
      certificateNumber: "HFA/2291",
      expiresInDays: -20,
      slaughter: "machine",
      stunned: true,
      how: "business_declared",
      checkedDaysAgo: 420,
    },
    visit: { priceBand: 2, dineIn: false, takeaway: true, delivery: true },
    hours: {
      week: [
        "11:00-23:00",
        "11:00-23:00",
        "11:00-23:00",
        "11:00-23:00",
        "11:00-12:45, 14:00-23:30",
        "11:00-23:30",
        "12:00-22:00",
      ],
    },
  },
];

export interface SeedPackage {
  slug: string;
  type: "promotion" | "service";
  name: string;
  subtitle: string;
  pricePence: number;
  period: string;
  badge: string | null;
  features: string[];
  position: number;
  /** How it is paid online (decision 0026). */
  billing: "monthly" | "one_month";
  /** What a promotion package switches on while paid for. */
  promotion: "showcase" | "spotlight" | null;
}

const growthFeatures = [
  "Google review replies",
  "Google profile optimisation",
  "Account manager support",
  "£200 NFC voucher",
  "2 digital business cards",
  "Pro analytics",
  "Customised recommendations",
];

const featurePackageFeatures = ["Homepage spotlight", "Platform feature", "Facebook post", "Instagram post"];

export const seedPackages: SeedPackage[] = [
  {
    slug: "starter-plan",
    type: "service",
    name: "STARTER PLAN",
    subtitle: "Get your business found and reviewed",
    pricePence: 39_99,
    period: "per month",
    badge: null,
    features: [
      "Google review replies",
      "Google profile optimisation",
      "E-mail support",
      "£100 NFC voucher",
      "1 digital business card",
    ],
    position: 1,
    billing: "monthly",
    promotion: null,
  },
  {
    slug: "growth-plan",
    type: "service",
    name: "GROWTH PLAN",
    subtitle: "For businesses ready to grow",
    pricePence: 49_99,
    period: "per month",
    badge: "MOST POPULAR",
    features: growthFeatures,
    position: 2,
    billing: "monthly",
    promotion: null,
  },
  {
    slug: "vip-plan",
    type: "service",
    name: "VIP PLAN",
    subtitle: "Everything we offer, done for you",
    pricePence: 199_99,
    period: "per month",
    badge: "BEST CHOICE",
    features: [
      ...growthFeatures.map((f) =>
        f === "£200 NFC voucher"
          ? "£400 NFC voucher"
          : f === "2 digital business cards"
            ? "5 digital business cards"
            : f,
      ),
      "Google review filter",
      "2 Google Ads campaigns",
    ],
    position: 3,
    billing: "monthly",
    promotion: null,
  },
  {
    slug: "starter-package",
    type: "promotion",
    name: "The Starter Package",
    subtitle: "Be seen across the halal network",
    pricePence: 9_99,
    period: "per month",
    badge: null,
    features: ["Showcase across the halal network platform"],
    position: 1,
    billing: "monthly",
    promotion: "showcase",
  },
  {
    slug: "feature-package",
    type: "promotion",
    name: "The Feature Package",
    subtitle: "A month in the spotlight",
    pricePence: 25_99,
    period: "for one month",
    badge: "Most Popular",
    features: featurePackageFeatures,
    position: 2,
    billing: "one_month",
    promotion: "spotlight",
  },
  {
    slug: "premier-package",
    type: "promotion",
    name: "The Premier Package",
    subtitle: "The spotlight, plus a website of your own",
    pricePence: 49_99,
    period: "for one month",
    badge: "Best Choice",
    features: [...featurePackageFeatures, "TikTok video/post", "Professional website development"],
    position: 3,
    billing: "one_month",
    promotion: "spotlight",
  },
];

const CONFIRM_EVERY_MS = 45 * 24 * 60 * 60 * 1000;

/**
 * When a sample listing's seller last confirmed it: every 45 days since it
 * was published, so no sample listing is due for the 60-day question when
 * seeded (decision 0030). Worked out from the date alone: the same seed
 * gives the same rows.
 */
export function lastConfirmed(publishedAt: Date, now: Date): Date {
  const since = now.getTime() - publishedAt.getTime();
  return new Date(now.getTime() - (since % CONFIRM_EVERY_MS));
}
