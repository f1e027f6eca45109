import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { contactSchema, listingInterestSchema, packageInterestSchema } from "./schemas";
import { listingSubmissionSchema } from "~/features/marketplace/sell-submission-schema";

function form(values: Record<string, string | File | (string | File)[]>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  }
  return data;
}

const errorsOf = (
  schema: Parameters<typeof parseWithZod>[1]["schema"],
  values: Record<string, string | File | (string | File)[]>,
) => {
  const result = parseWithZod(form(values), { schema });
  return result.status === "error" ? result.error : null;
};

describe("register interest in a listing", () => {
  it("gives the spec's messages for empty fields", () => {
    expect(errorsOf(listingInterestSchema, {})).toEqual({
      fullName: ["Full name is required"],
      email: ["Invalid email address"],
      contactNumber: ["Contact number is required"],
    });
    expect(
      errorsOf(listingInterestSchema, {
        fullName: "   ",
        email: " ",
        contactNumber: "  ",
      }),
    ).toMatchObject({
      fullName: ["Full name is required"],
      contactNumber: ["Contact number is required"],
    });
  });

  it("gives the spec's messages for long fields", () => {
    const errors = errorsOf(listingInterestSchema, {
      fullName: "a".repeat(101),
      email: `${"a".repeat(250)}@example.com`,
      contactNumber: "0".repeat(21),
    });
    expect(errors).toEqual({
      fullName: ["Full name must be less than 100 characters"],
      email: ["Email must be less than 255 characters"],
      contactNumber: ["Contact number must be less than 20 characters"],
    });
  });

  it("trims what it keeps", () => {
    const result = parseWithZod(
      form({
        fullName: "  Aisha   Khan ",
        email: " aisha@example.com ",
        contactNumber: " 01632 960 001 ",
      }),
      { schema: listingInterestSchema },
    );
    expect(result.status === "success" && result.value).toEqual({
      fullName: "Aisha Khan",
      email: "aisha@example.com",
      contactNumber: "01632 960 001",
    });
  });
});

describe("package interest", () => {
  it("gives the spec's messages", () => {
    expect(errorsOf(packageInterestSchema, {})).toEqual({
      fullName: ["Full name is required"],
      businessName: ["Business name is required"],
      businessAddress: ["Business address is required"],
      email: ["Invalid email address"],
      phone: ["Phone number is required"],
    });
    expect(
      errorsOf(packageInterestSchema, {
        fullName: "a".repeat(101),
        businessName: "b".repeat(101),
        businessAddress: "c".repeat(201),
        email: `${"a".repeat(250)}@example.com`,
        phone: "1".repeat(21),
      }),
    ).toEqual({
      fullName: ["Name too long"],
      businessName: ["Business name too long"],
      businessAddress: ["Address too long"],
      email: ["Email too long"],
      phone: ["Phone number too long"],
    });
  });
});

describe("contact", () => {
  it("needs name, email, subject and message but not a phone", () => {
    expect(errorsOf(contactSchema, {})).toEqual({
      name: ["Name is required"],
      email: ["Invalid email address"],
      subject: ["Subject is required"],
      message: ["Message is required"],
    });
    expect(
      errorsOf(contactSchema, {
        name: "A",
        email: "a@example.com",
        subject: "S",
        message: "M",
        phone: "",
      }),
    ).toBeNull();
  });

  it("keeps the lines of a message", () => {
    const result = parseWithZod(
      form({
        name: "A",
        email: "a@example.com",
        subject: "S",
        message: "Hello,\r\n\r\nThanks \u0000\u202Eyou",
      }),
      { schema: contactSchema },
    );
    expect(result.status === "success" && result.value.message).toBe("Hello,\n\nThanks you");
  });
});

describe("sell your business", () => {
  const valid = {
    businessName: "Corner Grill",
    category: "food",
    location: "Cardiff",
    askingPrice: "£45,000",
    annualRevenue: "120000.50",
    description: "A busy grill.",
    contactName: "Yusuf Ali",
    contactEmail: "yusuf@example.com",
    contactPhone: "+44 1632 960 002",
  };

  it("turns prices into pence", () => {
    const result = parseWithZod(form(valid), {
      schema: listingSubmissionSchema,
    });
    expect(result.status === "success" && result.value).toMatchObject({
      askingPrice: 4_500_000,
      annualRevenue: 12_000_050,
    });
  });

  it("requires every field and numeric prices", () => {
    expect(Object.keys(errorsOf(listingSubmissionSchema, {}) ?? {}).sort()).toEqual(Object.keys(valid).sort());
    expect(
      errorsOf(listingSubmissionSchema, {
        ...valid,
        askingPrice: "lots",
        annualRevenue: "1e6",
        category: "bakery",
      }),
    ).toEqual({
      askingPrice: ["Asking price must be a number"],
      annualRevenue: ["Turnover must be a number"],
      category: ["Please choose a category"],
    });
    expect(
      errorsOf(listingSubmissionSchema, {
        ...valid,
        askingPrice: "20000000.01",
      }),
    ).toEqual({
      askingPrice: ["Asking price must be no more than £20,000,000"],
    });
  });

  it("takes up to ten JPEG, PNG or WebP photos of 5 MB or less", () => {
    const photo = (name: string, type = "image/jpeg", size = 10) => new File([new Uint8Array(size)], name, { type });
    const one = parseWithZod(form({ ...valid, photos: photo("a.jpg") }), {
      schema: listingSubmissionSchema,
    });
    expect(one.status === "success" && one.value.photos).toHaveLength(1);
    expect(
      errorsOf(listingSubmissionSchema, {
        ...valid,
        photos: photo("a.gif", "image/gif"),
      }),
    ).toEqual({
      "photos[0]": ["Photos must be JPEG, PNG or WebP images"],
    });
    expect(
      errorsOf(listingSubmissionSchema, {
        ...valid,
        photos: photo("a.jpg", "image/jpeg", 5 * 1024 * 1024 + 1),
      }),
    ).toEqual({
      "photos[0]": ["Each photo must be 5 MB or smaller"],
    });
    expect(
      errorsOf(listingSubmissionSchema, {
        ...valid,
        photos: Array.from({ length: 11 }, (_, i) => photo(`${i}.jpg`)),
      }),
    ).toEqual({ photos: ["You can upload up to 10 photos"] });
    const none = parseWithZod(
      form({
        ...valid,
        photos: new File([], "", { type: "application/octet-stream" }),
      }),
      {
        schema: listingSubmissionSchema,
      },
    );
    expect(none.status === "success" && none.value.photos).toBeUndefined();
  });
});
