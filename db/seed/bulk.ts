// Realistic data in any amount, for benchmarks and for trying the lists at
// size: directory businesses and businesses for sale spread over ~70 real UK
// towns and cities. Deterministic for a given seed. Phone numbers are from
// Ofcom's range reserved for drama (07700 900xxx) and websites are under
// example.com, so no real business is named or called.
//
// Slugs end in the row number ("al-noor-grill-bradford-123"); the spec's
// sample slugs never end in a number, so the two never collide. Rows whose
// slug already exists are skipped, so running again with the same seed and
// sizes adds nothing.
import type { Database } from "../../app/server/db.server";
import { listingCategoryCodes, type ListingCategory } from "../../app/lib/categories";
import { slugify } from "../../app/lib/slug";
import { addDays, londonDay } from "../../app/lib/dates";
import { businessHours, businessListing, directoryBusiness } from "../../app/server/schema";
import { lastConfirmed } from "./data";

export interface BulkOptions {
  /** Directory businesses to add. */
  businesses: number;
  /** Businesses for sale to add. */
  listings: number;
  /** Same seed, same rows. */
  seed: number;
  /** "Now" for publication dates; defaults to the current time. */
  now?: Date;
  /** Rows per INSERT statement (default 2,000). */
  batchSize?: number;
}

export interface BulkResult {
  businesses: number;
  listings: number;
}

// ---------------------------------------------------------------------------
// Where: real towns with real coordinates, a postcode area, and a weight
// (roughly how many halal businesses one would expect there).
// ---------------------------------------------------------------------------

export interface BulkTown {
  name: string;
  latitude: number;
  longitude: number;
  postcodeArea: string;
  weight: number;
}

const town = (name: string, latitude: number, longitude: number, postcodeArea: string, weight: number): BulkTown => ({
  name,
  latitude,
  longitude,
  postcodeArea,
  weight,
});

export const BULK_TOWNS: readonly BulkTown[] = [
  town("London", 51.5074, -0.1278, "E", 30),
  town("Birmingham", 52.4862, -1.8904, "B", 16),
  town("Manchester", 53.4808, -2.2426, "M", 9),
  town("Bradford", 53.795, -1.7594, "BD", 9),
  town("Leeds", 53.8008, -1.5491, "LS", 6),
  town("Leicester", 52.6369, -1.1398, "LE", 6),
  town("Luton", 51.8787, -0.42, "LU", 4),
  town("Cardiff", 51.4816, -3.1791, "CF", 4),
  town("Newport", 51.5842, -2.9977, "NP", 2),
  town("Cwmbran", 51.6537, -3.021, "NP", 1),
  town("Glasgow", 55.8642, -4.2518, "G", 5),
  town("Edinburgh", 55.9533, -3.1883, "EH", 3),
  town("Bristol", 51.4545, -2.5879, "BS", 3),
  town("Sheffield", 53.3811, -1.4701, "S", 4),
  town("Nottingham", 52.9548, -1.1581, "NG", 4),
  town("Liverpool", 53.4084, -2.9916, "L", 3),
  town("Blackburn", 53.7488, -2.4823, "BB", 4),
  town("Oldham", 53.5409, -2.1114, "OL", 3),
  town("Slough", 51.5105, -0.595, "SL", 3),
  town("Coventry", 52.4068, -1.5197, "CV", 3),
  town("Preston", 53.7632, -2.7031, "PR", 2),
  town("Dewsbury", 53.691, -1.6298, "WF", 2),
  town("Batley", 53.7167, -1.6356, "WF", 1),
  town("Bolton", 53.5769, -2.4282, "BL", 3),
  town("Rochdale", 53.6097, -2.1561, "OL", 2),
  town("Burnley", 53.7893, -2.2405, "BB", 2),
  town("Huddersfield", 53.6458, -1.785, "HD", 2),
  town("Halifax", 53.7248, -1.8658, "HX", 2),
  town("Keighley", 53.8679, -1.9064, "BD", 1),
  town("Wakefield", 53.6833, -1.4977, "WF", 1),
  town("Derby", 52.9225, -1.4746, "DE", 2),
  town("Stoke-on-Trent", 53.0027, -2.1794, "ST", 2),
  town("Wolverhampton", 52.5862, -2.1288, "WV", 2),
  town("Walsall", 52.586, -1.9829, "WS", 2),
  town("West Bromwich", 52.5187, -1.9945, "B", 1),
  town("Dudley", 52.5123, -2.0811, "DY", 1),
  town("Stockport", 53.4106, -2.1575, "SK", 1),
  town("Peterborough", 52.5695, -0.2405, "PE", 2),
  town("Northampton", 52.2405, -0.9027, "NN", 1),
  town("Milton Keynes", 52.0406, -0.7594, "MK", 2),
  town("Bedford", 52.1386, -0.4668, "MK", 1),
  town("Reading", 51.4543, -0.9781, "RG", 2),
  town("High Wycombe", 51.6287, -0.7482, "HP", 2),
  town("Watford", 51.6565, -0.3903, "WD", 1),
  town("Oxford", 51.752, -1.2577, "OX", 1),
  town("Cambridge", 52.2053, 0.1218, "CB", 1),
  town("Ilford", 51.559, 0.0741, "IG", 3),
  town("Croydon", 51.3762, -0.0982, "CR", 2),
  town("Harrow", 51.5806, -0.342, "HA", 2),
  town("Hounslow", 51.4668, -0.3615, "TW", 2),
  town("Crawley", 51.1092, -0.1872, "RH", 1),
  town("Brighton", 50.8225, -0.1372, "BN", 1),
  town("Southampton", 50.9097, -1.4044, "SO", 1),
  town("Portsmouth", 50.8198, -1.088, "PO", 1),
  town("Gloucester", 51.8642, -2.2382, "GL", 1),
  town("Exeter", 50.7184, -3.5339, "EX", 1),
  town("Plymouth", 50.3755, -4.1427, "PL", 1),
  town("Swansea", 51.6214, -3.9436, "SA", 1),
  town("Newcastle upon Tyne", 54.9783, -1.6178, "NE", 2),
  town("Middlesbrough", 54.5742, -1.235, "TS", 1),
  town("Sunderland", 54.9069, -1.3838, "SR", 1),
  town("Hull", 53.7676, -0.3274, "HU", 1),
  town("York", 53.96, -1.0873, "YO", 1),
  town("Norwich", 52.6309, 1.2974, "NR", 1),
  town("Ipswich", 52.0567, 1.1482, "IP", 1),
  town("Dundee", 56.462, -2.9707, "DD", 1),
  town("Aberdeen", 57.1497, -2.0943, "AB", 1),
  town("Belfast", 54.5973, -5.9301, "BT", 1),
];

// ---------------------------------------------------------------------------
// What: word lists
// ---------------------------------------------------------------------------

const NAME_PREFIXES = [
  "Al-Noor",
  "Medina",
  "Crescent",
  "Barakah",
  "Al-Amin",
  "Zam Zam",
  "Makkah",
  "Salaam",
  "Noor",
  "Bismillah",
  "Al-Aqsa",
  "Taj",
  "Shalimar",
  "Karachi",
  "Lahore",
  "Kabul",
  "Istanbul",
  "Anatolia",
  "Damascus",
  "Baghdad",
  "Sultan",
  "Royal",
  "Golden",
  "Green Valley",
  "Desi",
  "Punjab",
  "Kashmir",
  "Dhaka",
  "Sylhet",
  "Casablanca",
  "Marrakesh",
  "Cairo",
  "Beirut",
  "Al-Rayan",
  "Jannah",
  "Amanah",
  "Iman",
  "Hidayah",
  "Rahma",
  "Sahara",
  "Oasis",
  "Falcon",
  "Olive Tree",
  "Date Palm",
  "Minaret",
  "Saffron",
  "Cedar",
  "Pearl",
  "Moonlight",
  "Silk Road",
];
const PERSONAL_NAMES = [
  "Yusuf",
  "Aisha",
  "Omar",
  "Fatima",
  "Bilal",
  "Zainab",
  "Hamza",
  "Maryam",
  "Ibrahim",
  "Khadija",
  "Imran",
  "Ali",
  "Hassan",
  "Amina",
  "Tariq",
  "Salma",
  "Idris",
  "Layla",
  "Zakir",
  "Nadia",
];
const FOOD_KINDS = [
  "Grill",
  "Sweets",
  "Butchers",
  "Kitchen",
  "Bakery",
  "Café",
  "Restaurant",
  "Takeaway",
  "Pizza",
  "Burgers",
  "Fried Chicken",
  "Desserts",
  "Tandoori",
  "Shawarma",
  "Biryani House",
  "Supermarket",
  "Cash & Carry",
  "Steakhouse",
  "Noodle Bar",
  "Juice Bar",
  "Peri Peri",
  "Kebab House",
  "Chai Lounge",
  "Patisserie",
];
const OTHER_KINDS = [
  "Dental Care",
  "Pharmacy",
  "Travel",
  "Barbers",
  "Opticians",
  "Accountants",
  "Solicitors",
  "Driving School",
  "Tuition Centre",
  "Bookshop",
  "Modest Fashion",
  "Motors",
  "Funeral Services",
  "Hair & Beauty",
  "Physiotherapy",
  "Lettings",
  "Mortgages",
  "Printing",
  "Tailors",
  "Nursery",
  "Ladies Gym",
  "Car Wash",
  "Phone Repairs",
  "Wedding Hall",
  "Hajj & Umrah Travel",
  "Islamic Finance",
  "Home Care",
  "Cleaning Services",
];
const FOOD_DISHES = [
  "charcoal-grilled kebabs",
  "mixed grills",
  "lamb biryani",
  "karahi",
  "fresh naan",
  "shawarma wraps",
  "peri peri chicken",
  "Turkish pide",
  "falafel",
  "koshari",
  "mandi rice",
  "hand-made samosas",
  "jalebi",
  "baklava",
  "kunafa",
  "Afghan kabuli pulao",
  "Somali bariis",
  "haleem",
  "nihari",
  "lahmacun",
  "gourmet burgers",
  "stone-baked pizza",
  "karak chai",
  "fresh juices",
  "desi breakfasts",
];
const FOOD_EXTRAS = [
  "All meat is fully halal and hand-slaughtered.",
  "Open late seven days a week.",
  "Family run since {year}.",
  "Dine in, takeaway and delivery.",
  "Family seating upstairs.",
  "Catering for weddings and events.",
  "Free parking nearby.",
  "Available on all the major delivery apps.",
  "No alcohol on the premises.",
  "Vegetarian and vegan options every day.",
];
const OTHER_EXTRAS = [
  "Female staff available on request.",
  "Appointments arranged around prayer times.",
  "Urdu, Punjabi, Arabic and Bengali spoken.",
  "Established in {year}.",
  "Evening and weekend appointments.",
  "Free initial consultation.",
  "Family run and trusted by the local community.",
  "Step-free access and parking close by.",
  "Serving customers across the region.",
];
const STREETS = [
  "High Street",
  "Station Road",
  "Church Street",
  "Stratford Road",
  "Ladypool Road",
  "Wilmslow Road",
  "Green Street",
  "Whitechapel Road",
  "Edgware Road",
  "Leeds Road",
  "Belgrave Road",
  "Dunstable Road",
  "City Road",
  "Commercial Street",
  "Market Street",
  "King Street",
  "Queen Street",
  "Victoria Road",
  "Park Road",
  "London Road",
  "Coventry Road",
  "Alum Rock Road",
  "Soho Road",
  "Cheetham Hill Road",
  "Great Horton Road",
  "Narborough Road",
  "Bury Park Road",
  "Whalley Range",
  "Manchester Road",
  "Mill Lane",
];
const CERTIFIER_BODIES = ["hmc", "hfa", "hmb", "hab", "mfb"] as const;

const LISTING_KINDS: Record<ListingCategory, readonly string[]> = {
  food: [
    "Kebab Takeaway",
    "Pizza Takeaway",
    "Chicken Takeaway",
    "Café",
    "Restaurant",
    "Bakery",
    "Butchers",
    "Sweet Centre",
    "Dessert Parlour",
    "Grill House",
    "Chai Café",
    "Burger Restaurant",
  ],
  retail: [
    "Convenience Store",
    "Modest Fashion Boutique",
    "Grocery Store",
    "Phone Shop",
    "Islamic Bookshop",
    "Perfume Shop",
    "Fabric Shop",
    "Off-Licence-Free Minimarket",
  ],
  ecommerce: [
    "Online Modest Fashion Store",
    "Halal Snacks Online Shop",
    "Islamic Gifts Web Shop",
    "Online Perfume Brand",
    "Prayer Mat Subscription Business",
  ],
  distribution: [
    "Halal Meat Wholesaler",
    "Food Distribution Business",
    "Cash & Carry",
    "Frozen Food Supplier",
    "Spice Importer",
  ],
  services: [
    "Travel Agency",
    "Barbers",
    "Dental Practice",
    "Driving School",
    "Accountancy Practice",
    "Tuition Centre",
    "Hair & Beauty Salon",
    "Cleaning Company",
  ],
  other: ["Hand Car Wash", "Day Nursery", "Ladies Gym", "Wedding Venue", "Print Shop"],
};
const LISTING_CATEGORY_WEIGHTS: Record<ListingCategory, number> = {
  food: 45,
  retail: 20,
  ecommerce: 7,
  distribution: 8,
  services: 15,
  other: 5,
};
const LISTING_ADJECTIVES = [
  "Established",
  "Established",
  "Profitable",
  "Well-established",
  "Long-running",
  "Popular",
  "Thriving",
  "Award-winning",
  "Newly refurbished",
  "Busy",
];
const LISTING_OPENINGS = [
  "A {adj} {kind} in {town}, trading for over {years} years with a loyal local following.",
  "A rare chance to take over a {adj} {kind} in the heart of {town}.",
  "This {adj} {kind} in {town} is offered as a going concern with all fixtures and fittings.",
  "Well-known {kind} on one of {town}'s busiest streets, run by the same family for {years} years.",
];
const LISTING_MIDDLES = [
  "Strong weekday and weekend trade, with room to grow through delivery and online orders.",
  "The owner is retiring and will provide full training and a smooth handover.",
  "Halal-certified suppliers and trained staff who wish to stay are in place.",
  "Accounts are available to serious buyers after an initial viewing.",
  "The premises were refitted recently to a high standard and need no further investment.",
  "A growing share of sales now comes from the website and social media.",
  "Long lease with a reasonable rent and no premium.",
  "Ideal for an owner-operator or an investor looking to expand in {town}.",
];
const LISTING_FEATURES: Record<ListingCategory, readonly string[]> = {
  food: [
    "Fully equipped commercial kitchen",
    "Halal-certified suppliers in place",
    "Seating for 30 covers",
    "Strong evening and delivery-app trade",
    "Extraction and fire safety certificates up to date",
    "Five-star food hygiene rating",
  ],
  retail: [
    "Prominent high-street frontage",
    "Stock included at valuation",
    "EPOS system and CCTV included",
    "Storage room and parking at the rear",
    "Loyal repeat customers",
  ],
  ecommerce: [
    "Established website and domain",
    "Supplier contracts transferable",
    "Growing social-media following",
    "Runs from home or a small unit",
    "Stock and packaging included",
  ],
  distribution: [
    "Warehouse with cold storage",
    "Fleet of three refrigerated vans",
    "Established trade accounts",
    "Experienced drivers and warehouse staff",
    "Contracts with local restaurants",
  ],
  services: [
    "Established client base",
    "Fully fitted premises",
    "Qualified staff who wish to stay",
    "Online booking system",
    "Excellent online reviews",
  ],
  other: [
    "Large site with parking",
    "Established customer base",
    "Equipment included",
    "Planning permission in place",
    "Scope to extend opening hours",
  ],
};
const OTHER_STATUSES = ["pending", "sold", "withdrawn"] as const;

// ---------------------------------------------------------------------------
// A tiny deterministic PRNG (mulberry32) and helpers
// ---------------------------------------------------------------------------

export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
type Random = ReturnType<typeof createRandom>;

function weightedPicker<T>(items: readonly T[], weightOf: (item: T) => number) {
  const cumulative: number[] = [];
  let sum = 0;
  for (const item of items) cumulative.push((sum += weightOf(item)));
  return (random: Random): T => {
    const target = random.next() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] as number) > target) hi = mid;
      else lo = mid + 1;
    }
    return items[lo] as T;
  };
}

const pickTown = weightedPicker(BULK_TOWNS, (t) => t.weight);
const pickListingCategory = weightedPicker(listingCategoryCodes, (c) => LISTING_CATEGORY_WEIGHTS[c]);

const LETTERS = "ABDEFGHJLNPQRSTUWXYZ"; // the letters used in a postcode's inward code
function postcode(random: Random, t: BulkTown): string {
  return `${t.postcodeArea}${random.int(1, 20)} ${random.int(1, 9)}${random.pick([...LETTERS])}${random.pick([...LETTERS])}`;
}

/** The town's centre moved by up to ±0.05°; no coordinates for 2% of rows. */
function coordinates(random: Random, t: BulkTown): { latitude: number | null; longitude: number | null } {
  if (random.chance(0.02)) return { latitude: null, longitude: null };
  const jitter = (degrees: number) => Math.round((degrees + (random.next() - 0.5) * 0.1) * 1e5) / 1e5;
  return { latitude: jitter(t.latitude), longitude: jitter(t.longitude) };
}

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? `{${key}}`));

const listOf = (words: string[]) =>
  words.length > 1 ? `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}` : words.join("");

function pickSome<T>(random: Random, items: readonly T[], n: number): T[] {
  const pool = [...items];
  const chosen: T[] = [];
  while (chosen.length < n && pool.length > 0)
    chosen.push(pool.splice(Math.floor(random.next() * pool.length), 1)[0] as T);
  return chosen;
}

// ---------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------

type BusinessRow = typeof directoryBusiness.$inferInsert;
type ListingRow = typeof businessListing.$inferInsert;

const DAY_MS = 24 * 60 * 60 * 1000;

export function bulkBusiness(random: Random, n: number): BusinessRow {
  const t = pickTown(random);
  const food = random.chance(0.6);
  const kind = random.pick(food ? FOOD_KINDS : OTHER_KINDS);
  const style = random.next();
  const name =
    style < 0.6
      ? `${random.pick(NAME_PREFIXES)} ${kind}`
      : style < 0.75
        ? `${t.name} ${kind}`
        : style < 0.85
          ? `${random.pick(NAME_PREFIXES)} ${kind} ${t.name}`
          : `${random.pick(PERSONAL_NAMES)}'s ${kind}`;
  const year = random.int(1985, 2023);
  const description = food
    ? `${name} serves ${listOf(pickSome(random, FOOD_DISHES, 3))} in ${t.name}. ` +
      pickSome(random, FOOD_EXTRAS, 2)
        .map((s) => fill(s, { year }))
        .join(" ")
    : `${name}: ${kind.toLowerCase()} for the ${t.name} community. ` +
      pickSome(random, OTHER_EXTRAS, 2)
        .map((s) => fill(s, { year }))
        .join(" ");
  const code = postcode(random, t);
  const slug = `${slugify(name)}-${n}`;
  return {
    slug,
    name,
    category: food ? "food" : "other",
    description,
    town: t.name,
    address: `${random.int(1, 480)} ${random.pick(STREETS)}, ${t.name} ${code}`,
    postcode: code,
    ...coordinates(random, t),
    phone: random.chance(0.95) ? `07700 900${String(random.int(0, 999)).padStart(3, "0")}` : null,
    website: random.chance(0.85) ? `https://${slug}.example.com` : null,
    image: null,
    featured: random.chance(0.03),
    published: true,
    halalCertifierBody: food && random.chance(0.5) ? random.pick(CERTIFIER_BODIES) : null,
    halalStatus: food ? (random.chance(0.8) ? "fully_halal" : "halal_options") : null,
    alcoholServed: food ? random.chance(0.05) : null,
  };
}

export function bulkListing(random: Random, n: number, now: Date): ListingRow {
  const t = pickTown(random);
  const category = pickListingCategory(random);
  const kind = random.pick(LISTING_KINDS[category]);
  const adj = random.pick(LISTING_ADJECTIVES);
  const title = `${adj} ${kind} in ${t.name}`;
  const values = { adj: adj.toLowerCase(), kind: kind.toLowerCase(), town: t.name, years: random.int(3, 30) };
  const description = [
    fill(random.pick(LISTING_OPENINGS), values),
    ...pickSome(random, LISTING_MIDDLES, random.int(2, 3)).map((s) => fill(s, values)),
  ].join(" ");
  // Prices lean towards the small end, as small businesses do: £10k–£900k.
  const askingPounds = Math.round((10_000 + 890_000 * random.next() ** 2.5) / 500) * 500;
  const roll = random.next();
  const status =
    roll < 0.9 ? "published" : (OTHER_STATUSES[Math.min(2, Math.floor((roll - 0.9) / 0.034))] ?? "pending");
  const publishedAt = status === "pending" ? null : new Date(now.getTime() - random.int(0, 730 * DAY_MS));
  const createdAt = new Date((publishedAt ?? now).getTime() - random.int(0, 14 * DAY_MS));
  return {
    slug: `${slugify(`${kind} ${t.name}`)}-${n}`,
    title,
    category,
    town: t.name,
    postcode: postcode(random, t),
    ...coordinates(random, t),
    askingPricePence: askingPounds * 100,
    monthlyLeasePence: random.chance(0.85) ? random.int(3, 60) * 100_00 : null,
    annualRevenuePence: random.chance(0.75) ? Math.round(askingPounds * (0.8 + random.next() * 3)) * 100 : null,
    description,
    features: pickSome(random, LISTING_FEATURES[category], random.int(3, 5)),
    images: [],
    featured: random.chance(0.03),
    earlierOffersCount: random.int(0, 6),
    status,
    publishedAt,
    confirmedAt: status === "published" && publishedAt ? lastConfirmed(publishedAt, now) : null,
    createdAt,
    updatedAt: createdAt,
  };
}

const SALE_REASONS = [
  "The owner is retiring",
  "Relocating abroad",
  "Owner has other business interests",
  "Health reasons",
  "Partnership dissolving",
  "Moving on to a larger venture",
];
const TRADING_HOURS = ["Mon-Sat 9am-6pm", "Daily 11am-11pm", "Daily 4pm-1am", "Mon-Fri 8am-5pm", "Tue-Sun 10am-10pm"];
const FLATS = [
  "One-bedroom flat above",
  "Two-bedroom flat above",
  "Three-bedroom maisonette above",
  "Studio flat behind",
];

/**
 * A listing's key facts (decision 0023), consistent with the listing: online
 * businesses have no premises and can move, rent follows the monthly lease,
 * profit is a share of turnover. Each fact is left out now and then, as
 * sellers do. From its own random stream, so the other columns stay as they were.
 */
export function bulkListingFacts(random: Random, row: ListingRow, now: Date): Partial<ListingRow> {
  const online = row.category === "ecommerce";
  const tenureRoll = random.next();
  const tenure = online
    ? "no_premises"
    : tenureRoll < 0.72
      ? "leasehold"
      : tenureRoll < 0.85
        ? "freehold"
        : tenureRoll < 0.9
          ? "no_premises"
          : null;
  const leasehold = tenure === "leasehold";
  const premises = tenure === "leasehold" || tenure === "freehold";
  const revenue = row.annualRevenuePence ?? null;
  const sometimes = <T>(p: number, value: () => T): T | null => (random.chance(p) ? value() : null);
  const food = row.category === "food";
  const accommodation = premises ? sometimes(0.7, () => random.chance(0.25)) : null;
  return {
    tenure,
    annualRentPence: leasehold
      ? row.monthlyLeasePence
        ? row.monthlyLeasePence * 12
        : sometimes(0.5, () => random.int(4, 60) * 1_000_00)
      : null,
    leaseYearsRemaining: leasehold ? sometimes(0.85, () => random.int(1, 25)) : null,
    leaseType: leasehold ? sometimes(0.7, () => (random.chance(0.6) ? "assignment" : "new_lease")) : null,
    netProfitPence: revenue
      ? sometimes(0.8, () => Math.round((revenue * (0.06 + random.next() * 0.26)) / 100) * 100)
      : null,
    staffFullTime: sometimes(0.8, () => random.int(0, 8)),
    staffPartTime: sometimes(0.7, () => random.int(0, 6)),
    stockValuePence: sometimes(0.6, () => random.int(1, 30) * 1_000_00),
    rateableValuePence: premises ? sometimes(0.6, () => random.int(5, 60) * 1_000_00) : null,
    yearEstablished: sometimes(0.85, () => random.int(1975, now.getUTCFullYear() - 1)),
    reasonForSale: sometimes(0.7, () => random.pick(SALE_REASONS)),
    tradingHours: online ? null : sometimes(0.6, () => random.pick(TRADING_HOURS)),
    accommodationIncluded: accommodation,
    accommodationDescription: accommodation ? random.pick(FLATS) : null,
    relocatable: online || tenure === "no_premises" ? random.chance(0.9) : sometimes(0.6, () => random.chance(0.1)),
    halalStatus: food ? sometimes(0.85, () => (random.chance(0.8) ? "fully_halal" : "halal_options")) : null,
    halalCertifier: food ? sometimes(0.5, () => random.pick(CERTIFIER_BODIES).toUpperCase()) : null,
    alcoholLicence: food || row.category === "retail" ? sometimes(0.7, () => random.chance(0.03)) : null,
    // One in twelve published listings has an offer accepted in the last two months.
    underOfferAt:
      row.status === "published" && random.chance(1 / 12) ? new Date(now.getTime() - random.int(0, 60 * DAY_MS)) : null,
    // Drawn last, so that the facts above are those of before payment terms (decision 0085). Three in
    // five state some; Shariah-compliant finance is the rarest, the filter's hardest case.
    paymentTerms: random.chance(0.6)
      ? [
          ...(random.chance(0.8) ? (["full"] as const) : []),
          ...(random.chance(0.25) ? (["deferred"] as const) : []),
          ...(random.chance(0.2) ? (["staged"] as const) : []),
          ...(random.chance(0.1) ? (["shariah_finance"] as const) : []),
        ]
      : [],
  };
}

// Every day 11:00–23:00; lunch and dinner; late nights past midnight.
const FOOD_WEEKS: (readonly [number, number])[][] = [
  [[660, 1380]],
  [
    [720, 870],
    [1020, 1380],
  ],
  [[1020, 60]],
];

/**
 * How HBS knows a bulk business is halal, and its week: drawn from their own
 * stream so the businesses' other columns stay as they were.
 */
export function bulkBusinessExtras(random: Random, row: BusinessRow, today: string) {
  const certified = row.halalCertifierBody !== null && row.halalCertifierBody !== undefined;
  const evidence = row.halalStatus
    ? {
        halalEvidence: certified
          ? ("certificate_seen" as const)
          : random.pick(["business_declared", "visited"] as const),
        halalCheckedOn: addDays(today, -random.int(0, 500)),
        halalCertificateExpires: certified ? addDays(today, random.int(-60, 700)) : null,
      }
    : {};
  const food = row.category === "food";
  const week = !random.chance(0.85) ? [] : food ? random.pick(FOOD_WEEKS) : [[540, 1050] as const];
  const days = food ? [1, 2, 3, 4, 5, 6, 7] : [1, 2, 3, 4, 5];
  const hours = days.flatMap((weekday) =>
    week.map(([opensMinute, closesMinute]) => ({ weekday, opensMinute, closesMinute })),
  );
  return { evidence, hours };
}

/**
 * What diners need to go (issue #47): a price band, services and a prayer
 * space for most food businesses, fewer for others. From a stream of its own.
 */
export function bulkVisitFacts(random: Random, row: BusinessRow) {
  const food = row.category === "food";
  const stated = random.chance(food ? 0.8 : 0.2);
  const prayer = random.int(0, 9);
  return {
    priceBand: food && random.chance(0.8) ? random.int(1, 4) : null,
    dineIn: stated ? random.chance(food ? 0.7 : 0.1) : null,
    takeaway: stated ? random.chance(food ? 0.8 : 0.1) : null,
    delivery: stated ? random.chance(food ? 0.5 : 0.2) : null,
    // One in ten says it has a prayer space, three in ten that it has none.
    prayerSpace: prayer === 0 ? true : prayer <= 3 ? false : null,
    menuUrl: food && row.website && random.chance(0.4) ? `${row.website}/menu` : null,
  };
}

// ---------------------------------------------------------------------------
// Inserting
// ---------------------------------------------------------------------------

/** Rows in one transaction: several INSERTs of `batchSize` rows each. */
const ROWS_PER_TRANSACTION = 10_000;

/**
 * Adds `businesses` directory businesses and `listings` businesses for sale.
 * Rows are generated a batch at a time, so memory stays flat at any size.
 * Returns how many rows were added (fewer when slugs already existed).
 */
export async function insertBulkData(db: Database, options: BulkOptions): Promise<BulkResult> {
  const { businesses, listings, seed, now = new Date(), batchSize = 2_000 } = options;
  // Independent streams, so the listings do not change with the number of businesses.
  const businessRandom = createRandom(seed);
  const listingRandom = createRandom(seed ^ 0x5bd1e995);
  // A third for the key facts, so that adding them left the listings' other columns unchanged.
  const factRandom = createRandom(seed ^ 0x2545f491);
  // A fourth for halal evidence and opening hours (issue #17), for the same reason.
  const extrasRandom = createRandom(seed ^ 0x68e31da4);
  // A fifth for what diners need to go (issue #47).
  const visitRandom = createRandom(seed ^ 0x1b873593);
  const today = londonDay(now);

  const insertedBusinesses = await insertInBatches(db, businesses, batchSize, async (tx, from, to) => {
    const rows: BusinessRow[] = [];
    const weeks = new Map<string, { weekday: number; opensMinute: number; closesMinute: number }[]>();
    for (let n = from; n < to; n++) {
      const row = bulkBusiness(businessRandom, n + 1);
      const { evidence, hours } = bulkBusinessExtras(extrasRandom, row, today);
      rows.push({ ...row, ...evidence, ...bulkVisitFacts(visitRandom, row) });
      weeks.set(row.slug, hours);
    }
    const added = await tx
      .insert(directoryBusiness)
      .values(rows)
      .onConflictDoNothing({ target: directoryBusiness.slug })
      .returning({ id: directoryBusiness.id, slug: directoryBusiness.slug });
    const hours = added.flatMap(({ id, slug }) => weeks.get(slug)!.map((p) => ({ ...p, businessId: id })));
    // Four parameters a row, well within a statement's 65,535.
    for (let i = 0; i < hours.length; i += 10_000) await tx.insert(businessHours).values(hours.slice(i, i + 10_000));
    return added.length;
  });
  // A statement takes at most 65,535 parameters: with its key facts a listing row has 38.
  const listingBatch = Math.min(batchSize, 1_000);
  const insertedListings = await insertInBatches(db, listings, listingBatch, async (tx, from, to) => {
    const rows: ListingRow[] = [];
    for (let n = from; n < to; n++) {
      const row = bulkListing(listingRandom, n + 1, now);
      rows.push({ ...row, ...bulkListingFacts(factRandom, row, now) });
    }
    const added = await tx
      .insert(businessListing)
      .values(rows)
      .onConflictDoNothing({ target: businessListing.slug })
      .returning({ id: businessListing.id });
    return added.length;
  });
  return { businesses: insertedBusinesses, listings: insertedListings };
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

async function insertInBatches(
  db: Database,
  total: number,
  batchSize: number,
  insert: (tx: Transaction, from: number, to: number) => Promise<number>,
): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < total; start += ROWS_PER_TRANSACTION) {
    const end = Math.min(total, start + ROWS_PER_TRANSACTION);
    inserted += await db.transaction(async (tx) => {
      let added = 0;
      for (let from = start; from < end; from += batchSize)
        added += await insert(tx, from, Math.min(end, from + batchSize));
      return added;
    });
  }
  return inserted;
}
