/** The path of Debian's nginx, installed first when missing and possible; otherwise throws saying how. */
export function ensureNginx(): string;
