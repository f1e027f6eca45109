// 1,000 random, malformed bodies for each public form's action: none may
// cause a 5xx (or an exception, which would be one), and none may be stored.
// Each body starts valid, gets random noise, and then at least one change
// that must make it invalid, so "nothing stored" is what must happen.
import { describe, expect, it } from "vitest";
import { HONEYPOT_FIELD } from "../../app/lib/forms/form-rules";
import { action as contactAction } from "../../app/routes/contact";
import { action as listingAction } from "../../app/routes/listing";
import { action as packageAction } from "../../app/routes/package-interest";
import { action as sellAction } from "../../app/routes/sell";
import { enquiry, outbox } from "../../app/server/schema";
import { callAction } from "../helpers/actions";
import { seededAppDatabase } from "../helpers/test-database";

const BODIES_PER_FORM = 1000;

/** A small seeded generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]) => items[int(items.length)]!;
  return { next, int, pick };
}
type Random = ReturnType<typeof random>;

const ODD_TEXT = [
  "\u0000",
  "\u202E",
  "\uFEFF",
  "\uD800",
  "e\u0301",
  "🧕🏽",
  "بسم الله",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "%00",
  "\r\n",
  "{{7*7}}",
  "${process.env}",
  "a",
  "0",
  " ",
];

function noise(r: Random, length = r.int(40)) {
  let text = "";
  for (let i = 0; i < length; i++) text += r.next() < 0.5 ? String.fromCharCode(32 + r.int(95)) : r.pick(ODD_TEXT);
  return text;
}

interface FormSpec {
  name: string;
  action: Parameters<typeof callAction>[0];
  path: string;
  params?: Record<string, string>;
  valid: Record<string, string>;
  /** Fields that must be present and not blank. */
  required: string[];
  /** Each field's longest allowed value. */
  max: Record<string, number>;
  emails: string[];
  /** Fields whose value must be a number (the sell form's prices). */
  numbers?: string[];
  multipart?: boolean;
}

const forms: FormSpec[] = [
  {
    name: "register interest",
    action: listingAction,
    path: "/buy/kebab-takeaway-cwmbran",
    params: { slug: "kebab-takeaway-cwmbran" },
    valid: {
      fullName: "Aisha Khan",
      email: "aisha@example.com",
      contactNumber: "01632 960 001",
    },
    required: ["fullName", "email", "contactNumber"],
    max: { fullName: 100, email: 255, contactNumber: 20 },
    emails: ["email"],
  },
  {
    name: "package interest",
    action: packageAction,
    path: "/packages/starter-plan",
    params: { slug: "starter-plan" },
    valid: {
      fullName: "Omar Farooq",
      businessName: "Farooq Foods",
      businessAddress: "1 High Street, Newport",
      email: "omar@example.com",
      phone: "01632 960 002",
    },
    required: ["fullName", "businessName", "businessAddress", "email", "phone"],
    max: {
      fullName: 100,
      businessName: 100,
      businessAddress: 200,
      email: 255,
      phone: 20,
    },
    emails: ["email"],
  },
  {
    name: "contact",
    action: contactAction,
    path: "/contact",
    valid: {
      name: "Sara",
      email: "sara@example.com",
      phone: "01632 960 004",
      subject: "Hours",
      message: "Hello",
    },
    required: ["name", "email", "subject", "message"],
    max: { name: 100, email: 255, phone: 20, subject: 200, message: 5000 },
    emails: ["email"],
  },
  {
    name: "sell your business",
    action: sellAction,
    path: "/sell",
    valid: {
      businessName: "Corner Grill",
      category: "food",
      location: "Cardiff",
      askingPrice: "45000",
      annualRevenue: "120000",
      description: "A busy grill.",
      contactName: "Yusuf Ali",
      contactEmail: "yusuf@example.com",
      contactPhone: "01632 960 003",
    },
    required: [
      "businessName",
      "category",
      "location",
      "askingPrice",
      "annualRevenue",
      "description",
      "contactName",
      "contactEmail",
      "contactPhone",
    ],
    max: {
      businessName: 100,
      location: 100,
      description: 5000,
      contactName: 100,
      contactEmail: 255,
      contactPhone: 20,
    },
    emails: ["contactEmail"],
    numbers: ["askingPrice", "annualRevenue"],
    multipart: true,
  },
];

type Entries = [string, string | File][];

/** Changes that each make a body invalid, whatever else it holds. */
function breakBody(
  r: Random,
  spec: FormSpec,
  entries: Entries,
): { entries: Entries; body?: BodyInit; headers?: Record<string, string> } {
  const without = (name: string) => entries.filter(([n]) => n !== name);
  const set = (name: string, value: string | File): Entries => [...without(name), [name, value]];
  const field = r.pick(spec.required);
  switch (r.int(11)) {
    case 0:
      return { entries: without(field) };
    case 1:
      return {
        entries: set(field, r.pick([" ", "\u0000", "\u202E\u202E", "\t\r\n", "\uFEFF "])),
      };
    case 2: {
      const [name, max] = r.pick(Object.entries(spec.max));
      return { entries: set(name, "x".repeat(max + 1 + r.int(max))) };
    }
    case 3:
      return {
        entries: set(r.pick(spec.emails), r.pick(["not-an-email", "a@", "@b.co", "a b@c.co", noise(r, 5)])),
      };
    case 4:
      return { entries: set(HONEYPOT_FIELD, noise(r, 1 + r.int(10)) || "x") };
    case 5:
      // The same field twice: a list where one value belongs.
      return { entries: [...entries, [field, noise(r, 3)]] };
    case 6:
      return {
        entries,
        headers: {
          "content-type": r.pick(["application/json", "text/plain", "application/xml", ""]),
        },
        body: JSON.stringify(Object.fromEntries(entries)),
      };
    case 7:
      return {
        entries,
        body: "x=" + "y".repeat(100 * 1024),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      };
    case 8:
      return {
        entries,
        headers: {
          "content-type": `multipart/form-data; boundary=${r.pick(["", "x", "----b"])}`,
        },
        body: `--x\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${noise(r)}${r.pick(["", "\r\n--x", "\r\n--x--"])}`,
      };
    case 9:
      if (spec.numbers)
        return {
          entries: set(r.pick(spec.numbers), r.pick(["lots", "1e6", "-5", "12.345", "0x10", "NaN", "∞"])),
        };
      return {
        entries: set(field, new File([noise(r)], "x.txt", { type: "text/plain" })),
      };
    default:
      if (spec.multipart)
        return {
          entries: set(
            "photos",
            new File([noise(r, 20)], "photo.png", {
              type: r.pick(["image/png", "image/jpeg", "text/plain", "image/gif"]),
            }),
          ),
        };
      return { entries: set(field, "") };
  }
}

function randomRequest(r: Random, spec: FormSpec) {
  let entries: Entries = Object.entries(spec.valid);
  // Noise first: fields we do not know, odd text in fields we do.
  for (let i = r.int(4); i > 0; i--)
    entries.push([r.pick([noise(r, 6), "__proto__", "constructor", "photos[0]", ""]), noise(r)]);
  if (r.next() < 0.5) {
    const name = r.pick(Object.keys(spec.valid));
    entries = entries.map(([n, v]) => [n, n === name && typeof v === "string" ? `${v}${r.pick(ODD_TEXT)}` : v]);
  }
  const broken = breakBody(r, spec, entries);
  if (broken.body !== undefined) return { body: broken.body, headers: broken.headers ?? {} };
  if (spec.multipart || broken.entries.some(([, v]) => typeof v !== "string") || r.next() < 0.3) {
    const body = new FormData();
    for (const [name, value] of broken.entries) body.append(name, value);
    return { body, headers: {} };
  }
  return {
    body: new URLSearchParams(broken.entries as [string, string][]),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  };
}

const app = seededAppDatabase();

describe.each(forms)("fuzzing $name", (spec) => {
  it(`answers ${BODIES_PER_FORM} malformed bodies without a 5xx and stores none`, async () => {
    const r = random(forms.indexOf(spec) + 1);
    const statuses = new Map<number, number>();
    for (let i = 0; i < BODIES_PER_FORM; i++) {
      const { body, headers } = randomRequest(r, spec);
      const answer = await callAction(spec.action, {
        path: spec.path,
        params: spec.params,
        body,
        headers,
        ip: `192.0.2.${i % 250}`,
      });
      if (answer.status >= 500) throw new Error(`body ${i} got ${answer.status}: ${String(body).slice(0, 200)}`);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    }
    expect([...statuses.keys()].every((status) => status >= 400 && status < 500)).toBe(true);
    expect(await app.database.db.$count(enquiry)).toBe(0);
    expect(await app.database.db.$count(outbox)).toBe(0);
  });
});
