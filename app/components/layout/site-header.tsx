import { ChevronDown, CircleUser, Menu, X } from "lucide-react";
import { useId, useRef, type ReactNode } from "react";
import { Form, Link, NavLink } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { accountLinks, navGroups, primaryLinks, secondaryLinks, type NavGroup, type NavLinkItem } from "./navigation";
import { useDisclosureClose } from "./use-disclosure-close";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-800",
    isActive && "text-brand-800 underline decoration-2 underline-offset-8",
  );

/** What the header knows of a signed-in visitor. */
export interface HeaderUser {
  displayName: string;
  isStaff: boolean;
  /** Messages not read yet (decision 0032), kept current by the live stream. */
  unread: number;
}

/** Unread messages on the account button (the button's name says it in words). */
function UnreadBadge({ count }: { count: number }) {
  return count ? (
    <span data-testid="unread-count" className="rounded-full bg-red-700 px-1.5 text-xs text-white">
      {count}
    </span>
  ) : null;
}

export function SiteHeader({ user }: { user: HeaderUser | null }) {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link to="/" className="flex items-center gap-2 text-xl font-extrabold tracking-tight text-brand-800">
          <span aria-hidden className="grid size-9 place-items-center rounded-lg bg-brand-700 text-sm text-white">
            HBS
          </span>
          <span className="hidden sm:inline">HBS</span>
          <span className="sr-only sm:hidden">HBS home</span>
        </Link>

        <ul className="hidden items-center gap-1 lg:flex">
          {primaryLinks.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end className={linkClass}>
                {link.label}
              </NavLink>
            </li>
          ))}
          {navGroups.map((group) => (
            <li key={group.label}>
              <NavDropdown group={group} />
            </li>
          ))}
          {secondaryLinks.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className={linkClass}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>

        <div className="flex items-center gap-2">
          {user ? (
            <AccountMenu user={user} />
          ) : (
            <Link to="/auth" className={cn(buttonVariants({ size: "sm" }), "hidden lg:inline-flex")}>
              Sign in
            </Link>
          )}
          <MobileMenu user={user} />
        </div>
      </nav>
    </header>
  );
}

function NavDropdown({ group }: { group: NavGroup }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useDisclosureClose(ref);
  return (
    <details ref={ref} className="group relative">
      <summary className="flex cursor-pointer items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-800">
        {group.label}
        <ChevronDown aria-hidden className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      <ul className="absolute left-0 mt-2 min-w-48 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
        {group.items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              className="block rounded-md px-3 py-2 text-sm text-slate-800 hover:bg-brand-50 hover:text-brand-800"
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </details>
  );
}

function LogOutButton({ className }: { className?: string }) {
  return (
    <Form method="post" action="/logout">
      <button type="submit" className={className}>
        Log out
      </button>
    </Form>
  );
}

/** The member pages, and the back office for staff. */
const linksFor = (user: HeaderUser) =>
  user.isStaff ? [...accountLinks, { label: "Back office", to: "/admin" }] : accountLinks;

/** 'My account': the member pages and Log out, under the visitor's name. */
function AccountMenu({ user }: { user: HeaderUser }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useDisclosureClose(ref);
  const itemClass =
    "block w-full rounded-md px-3 py-2 text-left text-sm text-slate-800 hover:bg-brand-50 hover:text-brand-800";
  return (
    <details ref={ref} className="group relative hidden lg:block">
      <summary
        aria-label={`My account: ${user.displayName}${user.unread ? `, ${user.unread} unread messages` : ""}`}
        className={cn(buttonVariants({ variant: "outline", size: "sm" }), "max-w-56 cursor-pointer")}
      >
        <CircleUser aria-hidden />
        <span className="truncate">{user.displayName}</span>
        <UnreadBadge count={user.unread} />
        <ChevronDown aria-hidden className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      <ul className="absolute right-0 mt-2 min-w-52 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
        {linksFor(user).map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} className={itemClass}>
              {item.label}
            </NavLink>
          </li>
        ))}
        <li className="mt-1 border-t border-slate-200 pt-1">
          <LogOutButton className={itemClass} />
        </li>
      </ul>
    </details>
  );
}

function MobileMenu({ user }: { user: HeaderUser | null }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useDisclosureClose(ref);
  return (
    <details ref={ref} className="group lg:hidden">
      <summary
        className={cn(buttonVariants({ variant: "ghost", size: "icon" }), "relative cursor-pointer")}
        aria-label={user?.unread ? `Menu, ${user.unread} unread messages` : "Menu"}
      >
        <Menu aria-hidden className="size-6 group-open:hidden" />
        <X aria-hidden className="hidden size-6 group-open:block" />
        <UnreadBadge count={user?.unread ?? 0} />
      </summary>
      <div
        data-testid="mobile-menu"
        className="absolute inset-x-0 top-16 max-h-[calc(100vh-4rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 pb-6 shadow-lg"
      >
        <ul className="flex flex-col gap-1 pt-2">
          {primaryLinks.map((link) => (
            <MobileLink key={link.to} link={link} />
          ))}
        </ul>
        {navGroups.map((group) => (
          <MobileGroup key={group.label} title={group.mobileLabel} className="mt-3">
            <ul className="mt-1 flex flex-col gap-1">
              {group.items.map((link) => (
                <MobileLink key={link.to} link={link} />
              ))}
            </ul>
          </MobileGroup>
        ))}
        <ul className="mt-3 flex flex-col gap-1 border-t border-slate-200 pt-3">
          {secondaryLinks.map((link) => (
            <MobileLink key={link.to} link={link} />
          ))}
        </ul>
        {user ? (
          <MobileGroup title={user.displayName} className="mt-3 border-t border-slate-200 pt-3">
            <ul className="mt-1 flex flex-col gap-1">
              {linksFor(user).map((link) => (
                <MobileLink key={link.to} link={link} />
              ))}
            </ul>
            <LogOutButton className={cn(buttonVariants({ variant: "outline" }), "mt-4 w-full")} />
          </MobileGroup>
        ) : (
          <Link to="/auth" className={cn(buttonVariants(), "mt-4 w-full")}>
            Sign in
          </Link>
        )}
      </div>
    </details>
  );
}

/**
 * A titled group of the mobile menu, named by its title for screen readers: a
 * group, not a landmark. useId, not the title, makes the title's id, so it is
 * one id (no spaces) and no other element of the page has it.
 */
function MobileGroup({ title, className, children }: { title: string; className: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <div role="group" aria-labelledby={titleId} className={className}>
      <h2 id={titleId} className="px-3 text-xs font-semibold tracking-wide text-slate-600 uppercase">
        {title}
      </h2>
      {children}
    </div>
  );
}

function MobileLink({ link }: { link: NavLinkItem }) {
  return (
    <li>
      <NavLink
        to={link.to}
        end={link.to === "/"}
        className={({ isActive }) =>
          cn(
            "block rounded-md px-3 py-2 text-base font-medium text-slate-800 hover:bg-brand-50",
            isActive && "bg-brand-50 text-brand-800",
          )
        }
      >
        {link.label}
      </NavLink>
    </li>
  );
}
