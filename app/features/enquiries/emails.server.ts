// The two e-mails every enquiry sends: a notification with every field to the
// site's enquiry address, and a receipt to the sender. Plain text, so what a
// visitor typed is shown as text and never interpreted as markup.
import { reportChangeLabels } from "~/features/directory/report-schema";
import { listingCategoryLabel } from "~/lib/categories";
import { formatLondonDateTime } from "~/lib/dates";
import { formatPence } from "~/lib/money";
import type { MailMessage } from "~/server/mail.server";
import { enquiryKindLabels, type EnquiryKind, type StoredEnquiry } from "./enquiry-kinds";

interface KindText {
  /** The receipt's subject, given what the enquiry is about. */
  receiptSubject: (subject: string) => string;
  /** The receipt's thanks and promise. */
  receiptBody: (subject: string) => string;
  /** Field names in the order people filled them in, with their labels. */
  labels: Record<string, string>;
  /** The field holding the sender's name and e-mail address. */
  nameField: string;
  emailField: string;
}

const kinds: Record<EnquiryKind, KindText> = {
  listing_interest: {
    receiptSubject: (s) => `We've received your interest in ${s}`,
    receiptBody: (s) =>
      `Thank you for registering your interest in ${s}. A member of the team will be in contact with you soon.`,
    labels: {
      listingTitle: "Listing",
      fullName: "Full name",
      email: "Email",
      contactNumber: "Contact number",
    },
    nameField: "fullName",
    emailField: "email",
  },
  package_interest: {
    receiptSubject: (s) => `We've received your request for ${s}`,
    receiptBody: (s) => `Thank you for your interest in ${s}. Someone will be in contact ASAP.`,
    labels: {
      packageName: "Package",
      fullName: "Full name",
      businessName: "Business name",
      businessAddress: "Business address",
      email: "Email",
      phone: "Phone",
    },
    nameField: "fullName",
    emailField: "email",
  },
  contact: {
    receiptSubject: () => "We've received your message",
    receiptBody: () => "Thank you for contacting us. We'll get back to you within 24 hours.",
    labels: {
      name: "Name",
      email: "Email",
      phone: "Phone",
      subject: "Subject",
      message: "Message",
    },
    nameField: "name",
    emailField: "email",
  },
  listing_submission: {
    receiptSubject: (s) => `We've received your listing for ${s}`,
    receiptBody: (s) =>
      `Thank you for submitting ${s} for sale. Your listing will be reviewed within 24-48 hours, and a member of the team will be in contact.`,
    labels: {
      businessName: "Business name",
      category: "Category",
      location: "Location",
      askingPrice: "Asking price",
      annualRevenue: "Turnover",
      description: "Description",
      contactName: "Contact name",
      contactEmail: "Contact email",
      contactPhone: "Contact phone",
      photos: "Photos",
      // Only a confidential listing has one (decision 0069).
      confidentialTitle: "Confidential, shown to buyers as",
    },
    nameField: "contactName",
    emailField: "contactEmail",
  },
  business_report: {
    receiptSubject: (s) => `We've received your report about ${s}`,
    receiptBody: (s) =>
      `Thank you for telling us about a change to ${s}. The team will check it before anything in the directory changes.`,
    labels: {
      businessName: "Business",
      change: "What has changed",
      details: "Details",
      name: "Name",
      email: "Email",
    },
    nameField: "name",
    emailField: "email",
  },
  place_suggestion: {
    receiptSubject: (s) => `We've received your suggestion: ${s}`,
    receiptBody: (s) =>
      `Thank you for suggesting ${s} for The Halal Directory. The team will check it, and add it if it is halal and not listed yet.`,
    labels: {
      placeName: "Place",
      where: "Town or postcode",
      what: "What it is",
      whyHalal: "Why it is halal",
      name: "Name",
      email: "Email",
    },
    nameField: "name",
    emailField: "email",
  },
  // Not a form: opened when a service plan bought online is paid (decision 0026).
  package_order: {
    receiptSubject: (s) => `Thank you for buying ${s}`,
    receiptBody: (s) =>
      `Thank you for buying ${s}. Your payment has been received, and a member of the team will be in contact to get you started.`,
    labels: {
      packageName: "Package",
      fullName: "Name",
      email: "Email",
      subscription: "Subscription",
    },
    nameField: "fullName",
    emailField: "email",
  },
};

/** "HBS-000042": how a visitor and the team refer to an enquiry. */
export function enquiryReference(id: number): string {
  return `HBS-${String(id).padStart(6, "0")}`;
}

function display(name: string, value: unknown): string {
  if (name === "askingPrice" || name === "annualRevenue") return formatPence(Number(value));
  if (name === "category") return listingCategoryLabel(String(value));
  if (name === "change" && String(value) in reportChangeLabels) {
    return reportChangeLabels[String(value) as keyof typeof reportChangeLabels];
  }
  if (name === "photos" && Array.isArray(value)) {
    return value.length === 1 ? "1 photo, in the back office" : `${value.length} photos, in the back office`;
  }
  return String(value);
}

/** Each filled-in field with its label and its value as text, in the order of the form. */
export function enquiryFields(kind: EnquiryKind, fields: Record<string, unknown>) {
  return Object.entries(kinds[kind].labels)
    .filter(([name]) => fields[name] !== undefined && fields[name] !== "")
    .map(([name, label]) => ({ label, value: display(name, fields[name]) }));
}

/** Who sent an enquiry: the name and e-mail address they gave. */
export function enquirySender(kind: EnquiryKind, fields: Record<string, unknown>) {
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  return { name: text(fields[kinds[kind].nameField]), email: text(fields[kinds[kind].emailField]) };
}

/** Each filled-in field as "Label: value"; a value of several lines starts on its own line. */
function fieldLines(kind: EnquiryKind, fields: Record<string, unknown>): string {
  return enquiryFields(kind, fields)
    .map(({ label, value }) => (value.includes("\n") ? `${label}:\n${value}` : `${label}: ${value}`))
    .join("\n");
}

/** The notification for the team and the receipt for the sender. */
export function enquiryMails(
  enquiry: StoredEnquiry,
  site: { email: string; phone: string; url: string },
): MailMessage[] {
  const text = kinds[enquiry.kind];
  const notice = enquiryKindLabels[enquiry.kind];
  const reference = enquiryReference(enquiry.id);
  const senderName = String(enquiry.fields[text.nameField]);
  const senderEmail = String(enquiry.fields[text.emailField]);
  const fields = fieldLines(enquiry.kind, enquiry.fields);
  const received = formatLondonDateTime(enquiry.createdAt);

  const notification: MailMessage = {
    to: site.email,
    replyTo: senderEmail,
    subject: `${notice}: ${enquiry.subject} (${reference})`,
    text: [
      `${notice} received on ${received} (UK time), reference ${reference}.`,
      "",
      fields,
      "",
      `Reply to this e-mail to answer ${senderName}.`,
    ].join("\n"),
  };

  const receipt: MailMessage = {
    to: senderEmail,
    replyTo: site.email,
    subject: text.receiptSubject(enquiry.subject),
    text: [
      `Dear ${senderName},`,
      "",
      text.receiptBody(enquiry.subject),
      "",
      `Your reference is ${reference}. This is what you sent us on ${received}:`,
      "",
      fields,
      "",
      "If you did not send this, you can ignore this e-mail.",
      "",
      "HBS",
      `${site.phone} · ${site.email} · ${site.url}`,
    ].join("\n"),
  };

  return [notification, receipt];
}
