// Staff's fields for a business's halal evidence and opening hours, shared by
// the back office's form in the browser and its action on the server.
import { cleanLine, cleanText } from "~/lib/text";
import { londonDay } from "~/lib/dates";
import { z } from "~/lib/zod";
import { certifierBodies, type CertifierBody } from "./halal";
import { isRealDate, parseExceptions, parsePeriods, type Parsed } from "./hours-input";

const calendarDay = (message: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine(isRealDate, message)
    .optional();

/** Text read by one of hours-input's parsers: its value, or its message as the field's error. */
const parsedText = <T>(max: number, tooLong: string, parse: (text: string) => Parsed<T>) =>
  z
    .string()
    .max(max, tooLong)
    .optional()
    .transform((value, ctx) => {
      const parsed = parse(value ?? "");
      if (parsed.ok) return parsed.value;
      ctx.addIssue({ code: "custom", message: parsed.error });
      return z.NEVER;
    });

const hoursOfDay = parsedText(200, "Too long for a day's hours", (text) => parsePeriods(cleanLine(text)));

/** hours1 (Monday) to hours7 (Sunday). */
export const hoursFieldNames = ["hours1", "hours2", "hours3", "hours4", "hours5", "hours6", "hours7"] as const;

/** What the certifier says: an owner may propose these (decision 0036); staff set them. */
export const certifiedShape = {
  halalCertifierBody: z
    .enum(certifierBodies as [CertifierBody, ...CertifierBody[]], { error: "Please choose a certifier" })
    .optional(),
  halalCertifier: z
    .string()
    .overwrite(cleanLine)
    .trim()
    .max(100, "Certifier must be less than 100 characters")
    .optional(),
  halalCertificateNumber: z
    .string()
    .overwrite(cleanLine)
    .trim()
    .max(60, "Certificate number must be less than 60 characters")
    .optional(),
  halalCertificateExpires: calendarDay("Please give the expiry date as a date"),
  halalSlaughter: z.enum(["hand", "machine"], { error: "Please choose" }).optional(),
  halalStunned: z.enum(["yes", "no"], { error: "Please choose" }).optional(),
};

/** A business's week and its exceptions: staff and its owner edit them alike. */
export const hoursShape = {
  ...(Object.fromEntries(hoursFieldNames.map((name) => [name, hoursOfDay])) as Record<
    (typeof hoursFieldNames)[number],
    typeof hoursOfDay
  >),
  hoursExceptions: parsedText(5000, "Too many exceptions", (text) => parseExceptions(cleanText(text))),
};

export const evidenceShape = {
  ...certifiedShape,
  halalEvidence: z.enum(["certificate_seen", "business_declared", "visited"], { error: "Please choose" }).optional(),
  halalCheckedOn: calendarDay("Please give the date it was checked as a date"),
  ...hoursShape,
};

type EvidenceValue = {
  halalCertifierBody?: CertifierBody;
  halalCertifier?: string;
  halalCertificateNumber?: string;
  halalCertificateExpires?: string;
  halalEvidence?: string;
  halalCheckedOn?: string;
};

/** Rules across fields: another certifier needs its name; a check cannot be in the future. */
export function checkEvidence(value: EvidenceValue, ctx: z.RefinementCtx) {
  if (value.halalCertifierBody === "other" && !value.halalCertifier) {
    ctx.addIssue({ code: "custom", path: ["halalCertifier"], message: "Please give the certifier's name" });
  }
  if (value.halalCertifierBody !== "other" && value.halalCertifier) {
    ctx.addIssue({
      code: "custom",
      path: ["halalCertifier"],
      message: "Give a name only when the certifier is 'Another certifier'",
    });
  }
  if (!value.halalCertifierBody && (value.halalCertificateNumber || value.halalCertificateExpires)) {
    ctx.addIssue({ code: "custom", path: ["halalCertifierBody"], message: "Please choose who issued the certificate" });
  }
  if (value.halalCheckedOn && value.halalCheckedOn > londonDay(new Date())) {
    ctx.addIssue({ code: "custom", path: ["halalCheckedOn"], message: "The date checked cannot be in the future" });
  }
  if (value.halalEvidence && !value.halalCheckedOn) {
    ctx.addIssue({ code: "custom", path: ["halalCheckedOn"], message: "Please give the date it was last checked" });
  }
}
