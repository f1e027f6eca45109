import type { EnquiryActionData } from "~/features/enquiries/enquiry-kinds";

/**
 * The browser's half of an enquiry action: the server's answer, or — when
 * the server cannot be reached at all — the form's failure message, so the
 * form stays open with the spec's error toast instead of an error page.
 */
export async function enquiryClientAction(
  { serverAction }: { serverAction: () => Promise<EnquiryActionData> },
  failureMessage: string,
): Promise<EnquiryActionData> {
  try {
    return await serverAction();
  } catch {
    return {
      outcome: "failed",
      result: { status: "error", error: { "": [failureMessage] } },
    };
  }
}
