// "Suggest a place": a diner tells staff of a halal business the directory is
// missing (decision 0092). It joins the enquiries queue; staff add the
// business themselves once they have checked it.
import { email, line, text } from "~/lib/forms/fields";
import { z } from "~/lib/zod";

export const placeSuggestionSchema = z.object({
  placeName: line("Please give the place's name", 100, "The name must be less than 100 characters"),
  where: line("Please give its town or postcode", 100, "The town or postcode must be less than 100 characters"),
  what: line("Please say what it is", 100, "What it is must be less than 100 characters"),
  whyHalal: text(
    "Please tell us why you think it is halal",
    1000,
    "Why you think it is halal must be less than 1000 characters",
  ),
  name: line("Name is required", 100, "Name must be less than 100 characters"),
  email: email("Email must be less than 255 characters"),
});

export const SUGGESTION_FAILURE = "Failed to send your suggestion. Please try again.";
