import { Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import { telHref } from "~/lib/phone";
import { useRootData } from "~/lib/use-root-data";

const quickLinks = [
  { label: "Buy", to: "/buy" },
  { label: "Sell", to: "/sell" },
  { label: "Services", to: "/services" },
];

const companyLinks = [
  { label: "About us", to: "/about" },
  { label: "Contact", to: "/contact" },
  { label: "Privacy policy", to: "/privacy" },
  { label: "Terms of service", to: "/terms" },
  { label: "Review policy", to: "/review-policy" },
];

export function SiteFooter() {
  const { site, year } = useRootData();
  const social = [
    // Brand marks (Simple Icons, CC0) as files under public/icons: images, not script, on every page.
    { label: "Instagram", href: site.instagramUrl, icon: "/icons/instagram.svg" },
    { label: "TikTok", href: site.tiktokUrl, icon: "/icons/tiktok.svg" },
    { label: "Facebook", href: site.facebookUrl, icon: "/icons/facebook.svg" },
  ];
  return (
    <footer className="bg-brand-950 text-brand-50">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-xl font-extrabold text-white">HBS</p>
          <p className="mt-3 text-sm text-brand-100">The UK marketplace and directory for halal businesses.</p>
          <ul className="mt-4 flex gap-3" aria-label="Social media">
            {social.map(({ label, href, icon }) => (
              <li key={label}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="grid size-10 place-items-center rounded-full bg-brand-900 text-white hover:bg-brand-800"
                >
                  <img src={icon} alt="" width={20} height={20} className="size-5" />
                  <span className="sr-only">{label}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <FooterLinks title="Quick links" links={quickLinks} />
        <FooterLinks title="Company" links={companyLinks} />
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Contact</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li>
              <a href={`mailto:${site.email}`} className="flex items-center gap-2 hover:text-white hover:underline">
                <Mail aria-hidden className="size-4" />
                {site.email}
              </a>
            </li>
            <li>
              <a href={telHref(site.phone)} className="flex items-center gap-2 hover:text-white hover:underline">
                <Phone aria-hidden className="size-4" />
                {site.phone}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <MapPin aria-hidden className="size-4" />
              {site.address}
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-brand-900">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-brand-100">© {year} HBS. All rights reserved.</p>
      </div>
    </footer>
  );
}

function FooterLinks({ title, links }: { title: string; links: { label: string; to: string }[] }) {
  return (
    <div>
      <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{title}</h2>
      <ul className="mt-4 space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="hover:text-white hover:underline">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
