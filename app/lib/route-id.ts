/**
 * A row's id from a route parameter or form field: digits only, at most nine
 * (within PostgreSQL's integer), else null, which the caller answers as a 404
 * like a row that does not exist.
 */
export const routeId = (value: string | null | undefined): number | null =>
  value && /^\d{1,9}$/.test(value) ? Number(value) : null;
