// What the public forms (enquiries, /sell, reports, claims) allow, for pages and the server alike, without Zod:
// a page that only draws a form should not load the schemas to do it.

/** A field no person fills in: it is hidden from view and from assistive technology. */
export const HONEYPOT_FIELD = "hbs_leave_empty";

export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"];
export const MAX_PHOTOS = 10;
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
