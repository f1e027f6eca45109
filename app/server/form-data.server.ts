// Reading a form body with limits. A body too large, with too many fields or
// files, or that cannot be parsed becomes a clear 4xx instead of filling the
// server's memory or surfacing as a 500.
import {
  FormDataParseError,
  MaxFilesExceededError,
  MaxFileSizeExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseFormData,
} from "@remix-run/form-data-parser";

export interface FormLimits {
  /** Largest body in bytes. */
  maxTotalSize: number;
  /** Most files; 0 refuses any file. */
  maxFiles: number;
  maxFileSize: number;
  /** Most fields and files together. */
  maxParts: number;
  /** What the form's files are, in its messages: "photos" unless said. */
  filesAre?: string;
}

/** Limits for a form of a few text fields and no files. */
export const TEXT_FORM_LIMITS: FormLimits = {
  maxTotalSize: 64 * 1024,
  maxFiles: 0,
  maxFileSize: 1,
  maxParts: 40,
};

export class FormBodyError extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

const formTypes = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** Parses the request's form body within `limits`, or throws a FormBodyError. */
export async function readFormData(request: Request, limits: FormLimits): Promise<FormData> {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!formTypes.includes(type)) throw new FormBodyError(415, "Please send the form from our website.");
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (declared > limits.maxTotalSize) throw new FormBodyError(413, tooLarge(limits));
  try {
    return await parseFormData(request, limits);
  } catch (error) {
    if (error instanceof MaxFilesExceededError) {
      throw new FormBodyError(
        413,
        limits.maxFiles
          ? `You can upload up to ${limits.maxFiles} ${limits.filesAre ?? "photos"}.`
          : "This form does not take files.",
      );
    }
    if (error instanceof MaxFileSizeExceededError) {
      const each = limits.filesAre ? "Each file" : "Each photo";
      throw new FormBodyError(413, `${each} must be ${megabytes(limits.maxFileSize)} or smaller.`);
    }
    if (
      error instanceof MaxTotalSizeExceededError ||
      error instanceof MaxPartsExceededError ||
      error instanceof MaxHeaderSizeExceededError
    ) {
      throw new FormBodyError(413, tooLarge(limits));
    }
    if (error instanceof FormDataParseError || error instanceof MultipartParseError || error instanceof TypeError) {
      throw new FormBodyError(400, "The form could not be read. Please try again.");
    }
    throw error;
  }
}

function megabytes(bytes: number) {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

function tooLarge(limits: FormLimits) {
  return limits.maxFiles
    ? `Your submission is too large. Please send at most ${limits.maxFiles} ${limits.filesAre ?? "photos"} of ${megabytes(limits.maxFileSize)} or less each.`
    : "Your submission is too large. Please shorten it and try again.";
}

/**
 * The form, or the plain answer refusing it (415, 413 or 400) for an action
 * to return as it is: a body it cannot read changes nothing.
 */
export async function formOrRefusal(request: Request, limits: FormLimits): Promise<FormData | Response> {
  try {
    return await readFormData(request, limits);
  } catch (error) {
    if (!(error instanceof FormBodyError)) throw error;
    return new Response(error.message, {
      status: error.status,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  }
}

/**
 * The body exactly as sent, for a signature over its bytes (Stripe's webhooks,
 * decision 0026): the one body that is not a form. Read chunk by chunk, so
 * that a body larger than `maxBytes` is refused (413) before it is all in memory.
 */
export async function readRawText(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (declared > maxBytes) throw new FormBodyError(413, "The request is too large.");
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  try {
    for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) {
      size += read.value.byteLength;
      if (size > maxBytes) throw new FormBodyError(413, "The request is too large.");
      chunks.push(read.value);
    }
  } catch (error) {
    // The rest of a body too large is left unread, never cancelled: cancelling
    // destroys the connection under React Router's adapter, so a client still
    // sending (a chunked body has no Content-Length to refuse up front) would
    // see a reset instead of the 413. The server reads and drops what is left
    // once the answer is sent (server.ts), as for a body refused by its length.
    if (error instanceof FormBodyError) throw error;
    throw new FormBodyError(400, "The request could not be read.");
  }
  return Buffer.concat(chunks).toString("utf8");
}
