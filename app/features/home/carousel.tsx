import type { EmblaCarouselType as EmblaApi } from "embla-carousel";
import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { useCallback, useEffect, useState, useSyncExternalStore, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "~/lib/utils";
import { usePrefersReducedMotion } from "./use-reduced-motion";

/** Spec section 9: the carousels advance every 4000 ms. */
export const AUTOPLAY_MS = 4000;

/**
 * Embla on the carousel's viewport, loaded once the page has hydrated rather
 * than with the page (it would be a twentieth of the home page's JavaScript).
 * Until it runs the strip scrolls natively; it starts at the slide the
 * visitor scrolled to meanwhile.
 */
function useEmbla(reducedMotion: boolean) {
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const [api, setApi] = useState<EmblaApi>();
  useEffect(() => {
    if (!viewport) return;
    let carousel: EmblaApi | undefined;
    let gone = false;
    void Promise.all([import("embla-carousel"), import("embla-carousel-autoplay")]).then(
      ([{ default: EmblaCarousel }, { default: Autoplay }]) => {
        if (gone) return;
        const slideWidth = viewport.firstElementChild?.firstElementChild?.getBoundingClientRect().width;
        const startIndex = slideWidth ? Math.round(viewport.scrollLeft / slideWidth) : 0;
        viewport.scrollLeft = 0;
        const autoplay = Autoplay({
          delay: AUTOPLAY_MS,
          stopOnInteraction: true,
          stopOnFocusIn: true,
          playOnInit: !reducedMotion,
        });
        carousel = EmblaCarousel(viewport, { loop: true, align: "start", startIndex }, [autoplay]);
        setApi(carousel);
      },
    );
    return () => {
      gone = true;
      carousel?.destroy();
      setApi(undefined);
    };
  }, [viewport, reducedMotion]);
  return [setViewport, api] as const;
}

const emblaEvents = ["init", "reInit", "select", "autoplay:play", "autoplay:stop"] as const;

/** A value read from the carousel, kept up to date by its events. */
function useEmblaValue<T extends boolean>(api: EmblaApi | undefined, read: (api: EmblaApi) => T, fallback: T): T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!api) return () => {};
      // The autoplay plugin emits its events before it updates isPlaying(),
      // so read the carousel once the event is over.
      const notify = () => queueMicrotask(onChange);
      for (const event of emblaEvents) api.on(event, notify);
      return () => {
        for (const event of emblaEvents) api.off(event, notify);
      };
    },
    [api],
  );
  return useSyncExternalStore(
    subscribe,
    () => (api ? read(api) : fallback),
    () => fallback,
  );
}

const controlClass =
  "inline-flex size-10 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-800 shadow-sm transition-colors hover:bg-slate-50 hover:text-brand-800 disabled:pointer-events-none disabled:opacity-40 [&_svg]:size-5";

/**
 * An auto-advancing, looping carousel (WAI-ARIA APG carousel pattern).
 *
 * - A region with `aria-roledescription="carousel"`, named by its heading;
 *   each slide a group named "2 of 5".
 * - Advances every 4 s; stops for good when the visitor drags, clicks a
 *   control, presses an arrow key or moves focus into it. A button starts and
 *   stops it again. Under prefers-reduced-motion it does not start by itself.
 * - Left and Right arrow keys anywhere in the region move a slide.
 * - Without JavaScript (and until Embla has loaded) the track is a
 *   horizontally scrolling strip with snap points, so every slide is still
 *   reachable (and focusing a link scrolls it into view).
 */
export function Carousel({
  labelledBy,
  header,
  action,
  slides,
  className,
}: {
  /** Id of the heading that names the carousel. */
  labelledBy: string;
  /** The heading and its text. */
  header: ReactNode;
  /** A link shown beside the controls, e.g. to the full list. */
  action?: ReactNode;
  slides: ReactNode[];
  className?: string;
}) {
  const reducedMotion = usePrefersReducedMotion();
  const [viewportRef, api] = useEmbla(reducedMotion);

  const scrollable = useEmblaValue(api, (a) => a.scrollSnapList().length > 1, false);
  const canPrev = useEmblaValue(api, (a) => a.canScrollPrev(), false);
  const canNext = useEmblaValue(api, (a) => a.canScrollNext(), false);
  const playing = useEmblaValue(api, (a) => a.plugins().autoplay?.isPlaying() ?? false, false);

  const stop = useCallback(() => api?.plugins().autoplay?.stop(), [api]);
  const prev = useCallback(() => {
    stop();
    api?.scrollPrev(reducedMotion);
  }, [api, stop, reducedMotion]);
  const next = useCallback(() => {
    stop();
    api?.scrollNext(reducedMotion);
  }, [api, stop, reducedMotion]);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      prev();
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      next();
    }
  }

  const showControls = api !== undefined && scrollable;

  return (
    <section
      role="region"
      aria-roledescription="carousel"
      aria-labelledby={labelledBy}
      onKeyDown={onKeyDown}
      onFocus={stop}
      className={className}
    >
      <div className="flex flex-wrap items-end gap-x-8 gap-y-4">
        <div className="min-w-0 basis-full sm:basis-0 sm:flex-1">{header}</div>
        <div className="flex w-full items-center justify-between gap-x-6 gap-y-3 sm:w-auto">
          {action}
          {showControls ? (
            <div className="flex items-center gap-2">
              <button
                type="button"
                className={controlClass}
                aria-label={playing ? "Stop automatic slide show" : "Start automatic slide show"}
                // A click must not focus it first: focus stops the slide
                // show, and the click would then start it again.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => (playing ? stop() : api?.plugins().autoplay?.play())}
              >
                {playing ? <Pause aria-hidden /> : <Play aria-hidden />}
              </button>
              <button
                type="button"
                className={controlClass}
                aria-label="Previous slide"
                disabled={!canPrev}
                onClick={prev}
              >
                <ChevronLeft aria-hidden />
              </button>
              <button type="button" className={controlClass} aria-label="Next slide" disabled={!canNext} onClick={next}>
                <ChevronRight aria-hidden />
              </button>
            </div>
          ) : null}
        </div>
      </div>

      <div
        ref={viewportRef}
        className={cn(
          "mt-8 pb-2",
          api ? "overflow-hidden" : "snap-x snap-mandatory overflow-x-auto overscroll-x-contain",
        )}
      >
        <div className="-ml-5 flex touch-pan-y">
          {slides.map((slide, i) => (
            <div
              key={i}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${slides.length}`}
              className="min-w-0 shrink-0 grow-0 basis-[86%] snap-start pl-5 sm:basis-1/2 lg:basis-1/3"
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
