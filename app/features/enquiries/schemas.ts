// The three enquiry forms, one Zod schema each, used by the browser (Conform)
// and by the server alike. Messages are the spec's (section 5) where it has
// them; where it is silent they say plainly what to fix.
import { z } from "~/lib/zod";
import { email, line, optionalPhone, phone, text } from "~/lib/forms/fields";

/** Register interest in a listing (spec section 5). The listing comes from the URL. */
export const listingInterestSchema = z.object({
  fullName: line("Full name is required", 100, "Full name must be less than 100 characters"),
  email: email("Email must be less than 255 characters"),
  contactNumber: phone("Contact number is required", "Contact number must be less than 20 characters"),
});

/** 'Get Started with {plan}' (spec section 5). The package comes from the URL. */
export const packageInterestSchema = z.object({
  fullName: line("Full name is required", 100, "Name too long"),
  businessName: line("Business name is required", 100, "Business name too long"),
  businessAddress: line("Business address is required", 200, "Address too long"),
  email: email("Email too long"),
  phone: phone("Phone number is required", "Phone number too long"),
});

/** The contact form: name, email, subject and message required; phone optional. */
export const contactSchema = z.object({
  name: line("Name is required", 100, "Name must be less than 100 characters"),
  email: email("Email must be less than 255 characters"),
  phone: optionalPhone(),
  subject: line("Subject is required", 200, "Subject must be less than 200 characters"),
  message: text("Message is required", 5000, "Message must be less than 5000 characters"),
});
