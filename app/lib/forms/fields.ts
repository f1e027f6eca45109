// The fields every form is built from (a line, a text, an e-mail, a phone,
// an amount in pounds, photos), each with the checks and messages it always
// has, so the same field says the same thing on every form and on both sides.
import { bareAmount, POUNDS_AMOUNT } from "~/lib/money";
import { z } from "~/lib/zod";
import { cleanLine, cleanText } from "~/lib/text";
import { MAX_PHOTO_BYTES, MAX_PHOTOS, PHOTO_TYPES } from "~/lib/forms/form-rules";

// An empty field shows only "… is required", not also what else is wrong with it.
export const line = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).overwrite(cleanLine).trim().min(1, { error: required, abort: true }).max(max, tooLong);

export const text = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).overwrite(cleanText).trim().min(1, { error: required, abort: true }).max(max, tooLong);

export const email = (tooLong: string) =>
  z
    .string({ error: "Invalid email address" })
    .overwrite(cleanLine)
    .trim()
    .pipe(z.email({ error: "Invalid email address" }).max(255, tooLong));

const PHONE = /^\+?[\d\s().-]+$/;
const PHONE_MESSAGE = "Please enter a valid phone number";

export const phone = (required: string, tooLong: string) => line(required, 20, tooLong).regex(PHONE, PHONE_MESSAGE);

/** A phone number that may be left out. */
export const optionalPhone = () =>
  z
    .string()
    .overwrite(cleanLine)
    .trim()
    .max(20, "Phone number must be less than 20 characters")
    .regex(PHONE, PHONE_MESSAGE)
    .optional();

/** Largest amount a listing can hold (the database keeps pence in a 32-bit integer). */
export const MAX_POUNDS = 20_000_000;

/** An amount in pounds as people type it ("45000", "£45,000", "45000.50"), as integer pence. */
export const pounds = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .overwrite(bareAmount)
    .min(1, { error: `${label} is required`, abort: true })
    // "-500" is a number, so "must be a number" would be wrong: it is one below zero.
    .refine((v) => !/^[-−]\d*\.?\d+$/.test(v), { error: `${label} cannot be negative`, abort: true })
    .regex(POUNDS_AMOUNT, {
      error: `${label} must be a number`,
      abort: true,
    })
    .transform((v) => Math.round(Number(v) * 100))
    .refine((pence) => pence <= MAX_POUNDS * 100, `${label} must be no more than £20,000,000`);

/** Up to ten photos, each checked by its declared type and size here and by its content on the server. */
export const photos = () =>
  z
    .array(
      z
        .file({ error: "Photos must be image files" })
        .mime(PHOTO_TYPES, "Photos must be JPEG, PNG or WebP images")
        .max(MAX_PHOTO_BYTES, "Each photo must be 5 MB or smaller"),
    )
    .max(MAX_PHOTOS, `You can upload up to ${MAX_PHOTOS} photos`)
    .optional();
