import { describe, expect, it } from "vitest";
import { validateSellForm } from "~/lib/forms/validators";
import { listingSubmissionSchema } from "./sell-submission-schema";
import { fieldsBefore, LAST_STEP, requestedStep, SELL_STEPS, stepForAnswer, stepOfField } from "./sell-steps";

const business = {
  businessName: "Cardiff Grill",
  category: "food",
  location: "Cardiff",
  description: "A busy grill.",
};
const figures = { askingPrice: "45000", annualRevenue: "120000" };
const contact = { contactName: "Yusuf Ali", contactEmail: "yusuf@example.com", contactPhone: "01632 960 002" };

function form(values: Record<string, string | string[]>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  }
  return data;
}

/** The messages as /sell shows them after a post, or null when it passes. */
function messages(values: Record<string, string | string[]>, shownStep = 1) {
  const result = validateSellForm(form(values), shownStep);
  return result.status === "error" ? result.error : null;
}

describe("/sell's steps", () => {
  it("ask for every field of the form once, photos last with the contact details", () => {
    const all = SELL_STEPS.flatMap((step) => [...step.fields]);
    expect([...all].sort()).toEqual(Object.keys(listingSubmissionSchema.shape).sort());
    expect(new Set(all).size).toBe(all.length);
    expect(stepOfField("photos")).toBe(LAST_STEP);
    expect(stepOfField("photos[3]")).toBe(LAST_STEP);
    expect(stepOfField("annualRevenue")).toBe(2);
    expect(stepOfField("")).toBeNull();
    expect(fieldsBefore(1)).toEqual([]);
  });

  it("read the step a post asks for; anything else sends the listing", () => {
    expect(requestedStep(form({ step: "2" }))).toBe(2);
    expect(requestedStep(form({ step: "submit" }))).toBeNull();
    expect(requestedStep(form({}))).toBeNull();
    for (const odd of ["0", "4", "2.5", " 2", "12"]) expect(requestedStep(form({ step: odd }))).toBeNull();
  });

  it("Continue from the first step checks that step only, with the spec's messages", () => {
    expect(messages({ step: "2" })).toEqual({
      businessName: ["Business name is required"],
      category: ["Please choose a category"],
      location: ["Location is required"],
      description: ["Description is required"],
    });
    expect(messages({ ...business, step: "2" })).toBeNull();
  });

  it("Continue from the figures checks the steps before it, not the contact details", () => {
    expect(messages({ ...business, step: "3" })).toEqual({
      askingPrice: ["Asking price is required"],
      annualRevenue: ["Turnover is required"],
    });
    expect(messages({ ...business, askingPrice: "lots", annualRevenue: "1e6", annualRent: "x", step: "3" })).toEqual({
      askingPrice: ["Asking price must be a number"],
      annualRevenue: ["Turnover must be a number"],
      annualRent: ["Annual rent must be a number"],
    });
    // A value of the first step changed behind the seller's back is caught too.
    expect(messages({ ...business, businessName: "", ...figures, step: "3" })).toEqual({
      businessName: ["Business name is required"],
    });
    expect(messages({ ...business, ...figures, step: "3" })).toBeNull();
  });

  it("Back checks only the steps before the one it returns to", () => {
    expect(messages({ step: "1" })).toBeNull();
    expect(messages({ ...business, step: "2" })).toBeNull();
  });

  it("Submit Listing checks every step", () => {
    expect(Object.keys(messages({ step: "submit" }) ?? {}).sort()).toEqual(
      [...Object.keys(business), ...Object.keys(figures), ...Object.keys(contact)].sort(),
    );
    expect(messages({ ...business, ...figures, ...contact, step: "submit" })).toBeNull();
  });

  it("a field checked as it is typed says nothing about steps not yet reached", () => {
    expect(Object.keys(messages({}, 1) ?? {}).sort()).toEqual(Object.keys(business).sort());
    expect(Object.keys(messages(business, 2) ?? {}).sort()).toEqual(["annualRevenue", "askingPrice"]);
    expect(Object.keys(messages({ ...business, ...figures }, 3) ?? {}).sort()).toEqual(Object.keys(contact).sort());
  });

  it("show the server's answer on the step it moved to, else the first step with a message", () => {
    const answer = (error: Record<string, string[]>, step?: number) => ({
      outcome: step ? ("step" as const) : ("invalid" as const),
      result: { status: "error" as const, error },
      step,
    });
    expect(stepForAnswer(undefined)).toBe(1);
    expect(stepForAnswer(answer({}, 3))).toBe(3);
    expect(stepForAnswer(answer({ contactName: ["Contact name is required"], askingPrice: ["x"] }))).toBe(2);
    expect(stepForAnswer(answer({ "photos[1]": ["Photo 2 could not be read as an image"] }))).toBe(3);
    // A message about the whole form (a failure, too many posts) shows by the Submit button.
    expect(stepForAnswer(answer({ "": ["Failed to submit your listing. Please try again."] }))).toBe(LAST_STEP);
  });
});

describe("the confidential choice on /sell", () => {
  const whole = { ...business, ...figures, ...contact };
  const parse = (values: Record<string, string | string[]>) => {
    const result = validateSellForm(form({ ...whole, ...values, step: "submit" }), LAST_STEP);
    return result.status === "success" ? result.value : result.error;
  };

  it("is off unless ticked, and then keeps no title or figures", () => {
    expect(parse({ confidentialTitle: "Anything", confidentialFigures: "netProfit" })).toMatchObject({
      confidential: false,
    });
  });

  it("keeps the generic title and the known figures given with it", () => {
    expect(
      parse({
        confidential: "yes",
        confidentialTitle: "  Established  grill in  South Wales ",
        confidentialFigures: ["askingPrice", "netProfit", "secretSauce"],
      }),
    ).toMatchObject({
      confidential: true,
      confidentialTitle: "Established grill in South Wales",
      confidentialFigures: ["askingPrice", "netProfit"],
    });
  });

  it("refuses a title that gives the business away, or is too short to be one", () => {
    expect(parse({ confidential: "yes", confidentialTitle: "The cardiff grill, est. 1999" })).toEqual({
      confidentialTitle: ["The generic title must not contain the business's name"],
    });
    expect(parse({ confidential: "yes", confidentialTitle: "Grill" })).toMatchObject({ confidential: true });
    expect(parse({ confidential: "yes", confidentialTitle: "Shop" })).toEqual({
      confidentialTitle: ["Please give the listing a generic title"],
    });
    expect(parse({ confidential: "yes", confidentialTitle: "x".repeat(121) })).toEqual({
      confidentialTitle: ["The generic title must be at most 120 characters"],
    });
  });
});
