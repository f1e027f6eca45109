// The /auth forms, one Zod schema each, shared by the browser and the server
// (spec section 5). The server adds what the browser cannot know: whether the
// e-mail is taken, whether the password is one of the most common ones.
import { cleanLine } from "~/lib/text";
import { z } from "~/lib/zod";

const email = z
  .string({ error: "Invalid email address" })
  .trim()
  .pipe(z.email({ error: "Invalid email address" }).max(255, "Email must be less than 255 characters"));

const newPassword = z
  .string({ error: "Password must be at least 6 characters" })
  .min(6, "Password must be at least 6 characters")
  .max(100, "Password must be less than 100 characters");

export const signInSchema = z.object({
  email,
  password: z.string({ error: "Password is required" }).min(1, "Password is required"),
  redirectTo: z.string().optional(),
});

export const signUpSchema = z.object({
  email,
  password: newPassword,
  fullName: z
    .string()
    .overwrite(cleanLine)
    .trim()
    .min(2, "Full name must be at least 2 characters")
    .max(100, "Full name must be less than 100 characters")
    .optional(),
  phone: z.string().overwrite(cleanLine).trim().max(20, "Phone number must be less than 20 characters").optional(),
  marketingConsent: z.boolean().default(false),
});

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    token: z.string({ error: "This reset link is not valid" }).min(1),
    password: newPassword,
    confirmPassword: z.string({ error: "Please repeat your new password" }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "The passwords do not match",
  });

/** The profile of /my-account; the spec validates nothing, we bound the lengths. */
export const profileSchema = z.object({
  fullName: z.string().overwrite(cleanLine).trim().max(100, "Full name must be less than 100 characters").optional(),
  phone: z.string().overwrite(cleanLine).trim().max(20, "Phone number must be less than 20 characters").optional(),
  marketingConsent: z.boolean().default(false),
});

/** Said to an account made with a one-time password until it has chosen its own (decision 0065). */
export const CHOOSE_A_PASSWORD_FIRST =
  "You signed in with a one-time password: please choose your own password before anything else.";

export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: "Please enter your current password" }),
  newPassword,
});

/** A 6-digit code from the authenticator app, or one of the backup codes. */
export const twoFactorCodeSchema = z.object({
  code: z
    .string({ error: "Please enter the code" })
    .trim()
    .min(6, "Please enter the code")
    .max(40, "That code is too long"),
  redirectTo: z.string().optional(),
});

export const passwordConfirmSchema = z.object({
  password: z.string({ error: "Please enter your password to confirm" }),
});
