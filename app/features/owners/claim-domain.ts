// Which addresses can prove a claim by code (decision 0036): those at the
// business's own website's host, never a free-mail or hosting provider's.

/**
 * The domain an owner's address must be at: the website's host, lower case,
 * without a leading "www.". Not the registrable domain: a page on a shared
 * host (someone.wixsite.com, someone.github.io) would otherwise let anyone
 * with an address at the host claim it. Null without a usable web address.
 */
export function websiteDomain(website: string | null | undefined): string | null {
  if (!website) return null;
  let host: string;
  try {
    host = new URL(website).hostname.toLowerCase();
  } catch {
    return null;
  }
  host = host.replace(/^www\./, "").replace(/\.$/, "");
  // An address, not a name: nobody has mail "at" 192.0.2.1 that proves anything.
  if (!host.includes(".") || /^[\d.]+$/.test(host) || host.startsWith("[")) return null;
  return host;
}

/** Whether `email` is an address at exactly `domain` (case-blind). */
export function isAddressAt(email: string, domain: string): boolean {
  const at = email.lastIndexOf("@");
  return (
    at > 0 &&
    email
      .slice(at + 1)
      .toLowerCase()
      .replace(/\.$/, "") === domain
  );
}

// Free and internet providers' mail: an address there proves nothing about a
// business, and a website "at" one must not let anyone send codes there.
const FREE_MAIL = new Set([
  "gmail.com",
  "googlemail.com",
  "outlook.com",
  "hotmail.com",
  "hotmail.co.uk",
  "live.com",
  "live.co.uk",
  "msn.com",
  "yahoo.com",
  "yahoo.co.uk",
  "ymail.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "aol.com",
  "aol.co.uk",
  "proton.me",
  "protonmail.com",
  "gmx.com",
  "gmx.co.uk",
  "mail.com",
  "zoho.com",
  "btinternet.com",
  "sky.com",
  "virginmedia.com",
  "talktalk.net",
]);

/** Whether `domain` is a free or internet provider's mail domain (decision 0095). */
export const isFreeMailDomain = (domain: string) => FREE_MAIL.has(domain);
