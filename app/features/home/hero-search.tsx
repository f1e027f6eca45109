import { Search } from "lucide-react";
import { useId, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { cn } from "~/lib/utils";
import { SEARCH_SCOPES, searchTarget } from "./search-target";
import { HERO_WORDS } from "./typewriter";
import { useTypewriter } from "./use-typewriter";

/**
 * The hero's search: Directory or Buy tabs above a search box. A plain GET
 * form to /search (which redirects) so it works without JavaScript; with
 * JavaScript it navigates straight to the result page instead.
 *
 * The tabs are native radio buttons styled as a segmented control, so they
 * are one tab stop, move with the arrow keys and are announced as a group.
 */
export function HeroSearch({ className }: { className?: string }) {
  const navigate = useNavigate();
  const inputId = useId();
  const { placeholder, focusHandlers } = useTypewriter(HERO_WORDS);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void navigate(searchTarget(form.get("in"), form.get("search")));
  }

  return (
    <form method="get" action="/search" role="search" onSubmit={onSubmit} className={cn("w-full", className)}>
      <fieldset className="flex sm:justify-center">
        <legend className="sr-only">Search in</legend>
        <div className="inline-flex rounded-full bg-brand-950/60 p-1 ring-1 ring-white/20">
          {SEARCH_SCOPES.map((scope, i) => (
            <label
              key={scope.value}
              className={cn(
                "relative cursor-pointer rounded-full px-5 py-2 text-sm font-semibold text-white transition-colors select-none sm:px-6",
                "hover:bg-white/10",
                "has-checked:bg-white has-checked:text-brand-900 has-checked:shadow-sm",
                "has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-gold-400",
              )}
            >
              {/* Invisible but covering the whole tab, so the tab itself is the radio. */}
              <input
                type="radio"
                name="in"
                value={scope.value}
                defaultChecked={i === 0}
                className="absolute inset-0 m-0 size-full cursor-pointer appearance-none rounded-full opacity-0"
              />
              {scope.label}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="mt-3 flex items-center gap-2 rounded-2xl bg-white p-2 shadow-xl ring-1 ring-black/5 has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-gold-400">
        <label htmlFor={inputId} className="sr-only">
          Search
        </label>
        <Search aria-hidden className="ml-3 size-5 shrink-0 text-slate-500 sm:size-6" />
        <input
          id={inputId}
          type="search"
          name="search"
          autoComplete="off"
          enterKeyHint="search"
          placeholder={placeholder}
          {...focusHandlers}
          className="h-12 min-w-0 flex-1 bg-transparent px-2 text-left text-base text-slate-900 placeholder:text-slate-500 focus:outline-none sm:h-14 sm:text-lg"
        />
        <button
          type="submit"
          className="inline-flex h-12 shrink-0 items-center justify-center gap-2 rounded-xl bg-brand-700 px-4 font-semibold text-white transition-colors hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 sm:h-14 sm:px-7 sm:text-lg"
        >
          <Search aria-hidden className="size-5 sm:hidden" />
          <span className="max-sm:sr-only">Search</span>
        </button>
      </div>
    </form>
  );
}
