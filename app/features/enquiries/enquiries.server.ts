// Storing an enquiry and answering the form that sent it. Every public form's
// action goes through handleEnquiryForm: read the body within limits, refuse
// the honeypot, validate with the form's schema, count against the visitor's
// rate limit, and only then store the enquiry together with its e-mails in
// one transaction. The visitor sees success only after that commit.
import { parseWithZod } from "@conform-to/zod/v4";
import { and, desc, eq, inArray, max } from "drizzle-orm";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { clientIpContext } from "~/context";
import { getSessionUser } from "~/features/account/session.server";
import { formatLondonDate } from "~/lib/dates";
import { db, type Database } from "~/server/db.server";
import { env } from "~/server/env.server";
import { FormBodyError, readFormData, TEXT_FORM_LIMITS, type FormLimits } from "~/server/form-data.server";
import { wakeOutbox } from "~/server/lifecycle.server";
import { logger } from "~/server/logger.server";
import { enqueueMail } from "~/server/outbox.server";
import { hitRateLimit, type RateLimitRule } from "~/server/rate-limit.server";
import { businessListing, enquiry, messageThread } from "~/server/schema";
import { enquiryMails } from "./emails.server";
import type { EnquiryActionData, EnquiryKind, ListingEnquired, StoredEnquiry } from "./enquiry-kinds";
import { HONEYPOT_FIELD } from "~/lib/forms/form-rules";

export interface NewEnquiry {
  kind: EnquiryKind;
  subject: string;
  fields: Record<string, unknown>;
  userId?: string | null;
  listingId?: number | null;
  /** Shown to the listing's seller: the form said so under its fields (decision 0030). */
  sharedWithSeller?: boolean;
  /** More to store with it, in the same transaction (a signed-in buyer's message thread). */
  alsoStore?: (tx: Database, stored: StoredEnquiry, userId: string | null) => Promise<void>;
  /** The directory business a change report is about. */
  businessId?: number | null;
  /** A business offered for sale: stored as a pending listing for staff to review, and linked. */
  draftListing?: Omit<typeof businessListing.$inferInsert, "status">;
}

/** Stores an enquiry and queues its two e-mails, all or nothing. */
export async function recordEnquiry(database: Database, input: NewEnquiry): Promise<StoredEnquiry> {
  const { SITE_EMAIL, SITE_PHONE, SITE_URL } = env();
  return database.transaction(async (tx) => {
    let listingId = input.listingId ?? null;
    if (input.draftListing) {
      const [draft] = await tx
        .insert(businessListing)
        .values({ ...input.draftListing, sellerId: input.userId ?? null, status: "pending" })
        .returning({ id: businessListing.id });
      listingId = draft!.id;
    }
    const [row] = await tx
      .insert(enquiry)
      .values({
        kind: input.kind,
        subject: input.subject,
        fields: input.fields,
        userId: input.userId ?? null,
        listingId,
        sharedWithSeller: input.sharedWithSeller ?? false,
        businessId: input.businessId ?? null,
      })
      .returning();
    const stored: StoredEnquiry = row!;
    await input.alsoStore?.(tx, stored, input.userId ?? null);
    for (const message of enquiryMails(stored, {
      email: SITE_EMAIL,
      phone: SITE_PHONE,
      url: SITE_URL,
    })) {
      await enqueueMail(tx, message);
    }
    return stored;
  });
}

/** Ten submissions of one form per visitor per quarter of an hour. */
export const ENQUIRY_RATE_LIMIT: RateLimitRule = {
  limit: 10,
  windowMs: 15 * 60 * 1000,
};

/** An answer that refuses the form as a whole, with why. */
export function refuseEnquiry(status: number, message: string) {
  return data<EnquiryActionData>(
    {
      outcome: "refused",
      result: { status: "error", error: { "": [message] } },
    },
    { status },
  );
}

export interface EnquiryFormOptions<Schema extends z.ZodObject> {
  kind: EnquiryKind;
  schema: Schema;
  /** The spec's failure message for this form (section 8). */
  failureMessage: string;
  limits?: FormLimits;
  /**
   * Turns the validated value into what is stored. May return field errors
   * (e.g. a photo that is not really an image) instead.
   */
  prepare: (value: z.output<Schema>) => Promise<Omit<NewEnquiry, "kind"> | { fieldErrors: Record<string, string[]> }>;
}

/** An enquiry form's body read within its limits, or the answer that refuses it. */
export async function readEnquiryForm(request: Request, limits: FormLimits = TEXT_FORM_LIMITS) {
  try {
    return await readFormData(request, limits);
  } catch (error) {
    if (error instanceof FormBodyError) return refuseEnquiry(error.status, error.message);
    throw error;
  }
}

export async function handleEnquiryForm<Schema extends z.ZodObject>(
  args: { request: Request; context: Readonly<RouterContextProvider> },
  options: EnquiryFormOptions<Schema>,
) {
  const formData = await readEnquiryForm(args.request, options.limits);
  if (formData instanceof FormData) return answerEnquiryForm(args, formData, options);
  return formData;
}

/** The rest of handleEnquiryForm, for an action that read the body itself (/sell's steps). */
export async function answerEnquiryForm<Schema extends z.ZodObject>(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  formData: FormData,
  { kind, schema, failureMessage, prepare }: EnquiryFormOptions<Schema>,
) {
  if (String(formData.get(HONEYPOT_FIELD) ?? "") !== "") {
    return refuseEnquiry(400, "Please leave the field marked 'Leave this empty' empty and send the form again.");
  }

  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    return data<EnquiryActionData>({ outcome: "invalid", result: submission.reply() }, { status: 400 });
  }

  const ip = context.get(clientIpContext);
  const limit = await hitRateLimit(db(), `${kind}:${ip}`, ENQUIRY_RATE_LIMIT);
  if (!limit.allowed) {
    const minutes = Math.ceil(limit.retryAfterSeconds / 60);
    return data<EnquiryActionData>(
      {
        outcome: "refused",
        result: submission.reply({
          formErrors: [
            `You have sent this form too many times. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
          ],
        }),
      },
      {
        status: 429,
        headers: { "Retry-After": String(limit.retryAfterSeconds) },
      },
    );
  }

  let stored: StoredEnquiry;
  try {
    const prepared = await prepare(submission.value);
    if ("fieldErrors" in prepared) {
      return data<EnquiryActionData>(
        {
          outcome: "invalid",
          result: submission.reply({ fieldErrors: prepared.fieldErrors }),
        },
        { status: 400 },
      );
    }
    // A signed-in visitor finds it again under My Queries.
    const userId = (await getSessionUser(request))?.id ?? null;
    stored = await recordEnquiry(db(), { ...prepared, kind, userId });
  } catch (error) {
    logger.error({ err: error, kind }, "storing an enquiry failed");
    return data<EnquiryActionData>(
      {
        outcome: "failed",
        result: submission.reply({ formErrors: [failureMessage] }),
      },
      { status: 503 },
    );
  }
  logger.info({ enquiry: stored.id, kind }, "enquiry stored");
  wakeOutbox();
  return data<EnquiryActionData>({
    outcome: "success",
    result: submission.reply({ resetForm: true }),
  });
}

/** A member's enquiries and submissions, newest first (My Queries). */
export function listEnquiriesOf(userId: string) {
  return db()
    .select({
      id: enquiry.id,
      kind: enquiry.kind,
      subject: enquiry.subject,
      status: enquiry.status,
      createdAt: enquiry.createdAt,
    })
    .from(enquiry)
    .where(eq(enquiry.userId, userId))
    .orderBy(desc(enquiry.createdAt), desc(enquiry.id));
}

/**
 * Which of these listings the member registered interest in while signed in,
 * when they last did, and the thread it started (one per listing and buyer):
 * one query for a page's cards. Only the member's own enquiries, by their
 * account, never by an e-mail address typed into a form (decision 0067).
 */
export async function listingsEnquiredBy(
  userId: string,
  listings: { id: number }[],
): Promise<Record<number, ListingEnquired>> {
  if (listings.length === 0) return {};
  const rows = await db()
    .select({ listingId: enquiry.listingId, at: max(enquiry.createdAt), threadId: messageThread.id })
    .from(enquiry)
    .leftJoin(
      messageThread,
      and(eq(messageThread.listingId, enquiry.listingId), eq(messageThread.buyerId, enquiry.userId)),
    )
    .where(
      and(
        eq(enquiry.userId, userId),
        eq(enquiry.kind, "listing_interest"),
        inArray(
          enquiry.listingId,
          listings.map((listing) => listing.id),
        ),
      ),
    )
    .groupBy(enquiry.listingId, messageThread.id);
  const enquired: Record<number, ListingEnquired> = {};
  for (const { listingId, at, threadId } of rows) {
    if (listingId === null || at === null) continue;
    enquired[listingId] = {
      date: formatLondonDate(at),
      dateTime: at.toISOString(),
      // Without a thread (the seller had blocked them, say), the enquiry is still in My Queries.
      ...(threadId === null
        ? { href: "/my-queries", linkText: "See it in My Queries" }
        : { href: `/messages/${threadId}`, linkText: "Open the conversation" }),
    };
  }
  return enquired;
}
