import { z } from "~/lib/zod";

export const toastSchema = z.object({
  id: z.string().default(() => crypto.randomUUID()),
  type: z.enum(["message", "success", "error", "info"]).default("message"),
  title: z.string(),
  description: z.string().optional(),
});

export type Toast = z.infer<typeof toastSchema>;
export type ToastInput = z.input<typeof toastSchema>;
