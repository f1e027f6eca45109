// Storing an enquiry and answering the form that sent it. Every public form's
// action goes through handleEnquiryForm: read the body within limits, refuse
// the honeypot, validate with the form's schema, count against the visitor's
// rate limit, and only then store the enquiry together with its e-mails in
// one transaction. The visitor sees success only after that commit.
import { parseWithZod } from "@conform-to/zod/v4";
import { desc, eq } from "drizzle-orm";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { clientIpContext } from "~/context";
import { getSessionUser } from "~/features/account/session.server";
import { db, type Database } from "~/server/db.server";
import { env } from "~/server/env.server";
import { FormBodyError, readFormData, TEXT_FORM_LIMITS, type FormLimits } from "~/server/form-data.server";
import { wakeOutbox } from "~/server/lifecycle.server";
import { logger } from "~/server/logger.server";
import { enqueueMail } from "~/server/outbox.server";
import { hitRateLimit, type RateLimitRule } from "~/server/rate-limit.server";
import { businessListing, enquiry } from "~/server/schema";
import { enquiryMails } from "./emails.server";
import type { EnquiryActionData, EnquiryKind, StoredEnquiry } from "./enquiry-kinds";
import { HONEYPOT_FIELD } from "./form-rules";

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

export async function handleEnquiryForm<Schema extends z.ZodObject>(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  { kind, schema, failureMessage, limits = TEXT_FORM_LIMITS, prepare }: EnquiryFormOptions<Schema>,
) {
  let formData: FormData;
  try {
    formData = await readFormData(request, limits);
  } catch (error) {
    if (error instanceof FormBodyError) return refuseEnquiry(error.status, error.message);
    throw error;
  }

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
