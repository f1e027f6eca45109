// Control characters (a NUL byte above all) are never part of a search and
// PostgreSQL refuses them in text, so searches drop them before anything else.
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;
