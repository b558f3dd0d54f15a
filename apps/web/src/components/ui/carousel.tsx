// An image carousel with arrows and indicators that advances on its own, pausing while the pointer is
// over it, while it holds focus, and under prefers-reduced-motion (WAI-ARIA APG carousel pattern). A
// finger swipes it and, with focus inside, the arrow keys move it; every manual move restarts the timer.
import { useEffect, useState, type FocusEvent } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { usePrefersReducedMotion } from '../../lib/use-reduced-motion';
import { useAfterLoad } from '../../lib/use-after-load';
import { useSwipeAndArrows } from '../../lib/use-swipe';

interface CarouselImage {
  src: string;
  srcSet?: string;
  alt: string;
}

interface CarouselProps {
  images: CarouselImage[];
  /** Auto-advance interval; the timer restarts after every manual move. */
  intervalMs: number;
  label: string;
  sizes?: string;
  className?: string;
}

export function Carousel({ images, intervalMs, label, sizes = '100vw', className = '' }: CarouselProps) {
  const count = images.length;
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reduced = usePrefersReducedMotion();
  // The photos after the first are off to the side: they load once the page has loaded.
  const afterLoad = useAfterLoad();
  const running = count > 1 && !hovered && !focused && !reduced;
  const current = count > 0 ? index % count : 0;

  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => window.clearTimeout(timer);
  }, [running, current, count, intervalMs]);

  const go = (i: number) => setIndex(((i % count) + count) % count);
  const stepHandlers = useSwipeAndArrows((delta) => {
    if (count > 1) go(current + delta);
  });
  const handleBlur = (e: FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      data-active-index={current}
      className={`relative touch-pan-y overflow-hidden bg-stone-900 ${className}`}
      {...stepHandlers}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={handleBlur}
    >
      <div
        aria-live={running ? 'off' : 'polite'}
        className="flex h-full transition-transform duration-700 ease-out"
        style={{ transform: `translateX(-${current * 100}%)` }}
      >
        {images.map((image, i) => (
          <div
            key={image.src + i}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            aria-hidden={i !== current}
            className="h-full w-full shrink-0"
          >
            {i === 0 || afterLoad ? (
              <img
                src={image.src}
                srcSet={image.srcSet}
                sizes={sizes}
                alt={image.alt}
                width={1600}
                height={900}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : undefined}
                decoding={i === 0 ? undefined : 'async'}
                className="size-full object-cover"
              />
            ) : null}
          </div>
        ))}
      </div>
      {count > 1 ? (
        <>
          <button
            type="button"
            onClick={() => go(current - 1)}
            aria-label="Previous image"
            className="absolute top-1/2 left-3 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-stone-900 shadow-md hover:bg-white sm:left-5"
          >
            <ChevronLeft className="size-6" aria-hidden="true" />
          </button>
          <button
            type="button"
            onClick={() => go(current + 1)}
            aria-label="Next image"
            className="absolute top-1/2 right-3 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-stone-900 shadow-md hover:bg-white sm:right-5"
          >
            <ChevronRight className="size-6" aria-hidden="true" />
          </button>
          <div className="absolute inset-x-0 bottom-3 flex justify-center">
            <div className="flex rounded-full bg-stone-900/60 px-2 backdrop-blur">
              {images.map((image, i) => (
                <button
                  key={image.src + i}
                  type="button"
                  onClick={() => go(i)}
                  aria-label={`Show image ${i + 1} of ${count}`}
                  aria-current={i === current ? 'true' : undefined}
                  className="group inline-flex size-7 items-center justify-center"
                >
                  <span
                    aria-hidden="true"
                    className={`block h-2 rounded-full transition-all ${
                      i === current ? 'w-5 bg-white' : 'w-2 bg-white/60 group-hover:bg-white/90'
                    }`}
                  />
                </button>
              ))}
            </div>
          </div>
        </>
      ) : null}
    </section>
  );
}
