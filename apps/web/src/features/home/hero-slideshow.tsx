// The home hero: background images from GET /api/backgrounds cross-fading every 2 s (spec §9).
// The first slide loads eagerly at high priority (it is the LCP); later slides mount one step ahead,
// lazily. The box has a fixed height so nothing shifts; motion stops under prefers-reduced-motion
// and with the pause button (WCAG 2.2.2). A finger swipes it and the arrow keys move it (outside the
// form fields); a manual move restarts the 2 s timer.
import { useEffect, useState, type ReactNode } from 'react';
import type { BackgroundImage } from '@safarnama/contract/uploads';
import { IMAGE_SIZES, imageSrcSet } from '@safarnama/contract/uploads-rules';
import { api, assetUrl } from '../../lib/api-client';
import { useResource } from '../../lib/use-resource';
import { env } from '../../config/env';
import { usePrefersReducedMotion } from '../../lib/use-reduced-motion';
import { useAfterLoad } from '../../lib/use-after-load';
import { useSwipeAndArrows } from '../../lib/use-swipe';

const HERO_INTERVAL_MS = 2000;

export const BACKGROUNDS_KEY = 'backgrounds';
export const fetchBackgrounds = () => api.get<BackgroundImage[]>('/api/backgrounds');

export function HeroSlideshow({ children }: { children: ReactNode }) {
  const { data } = useResource(BACKGROUNDS_KEY, fetchBackgrounds);
  const slides = data ?? [];
  const reduced = usePrefersReducedMotion();
  const [paused, setPaused] = useState(false);
  // Slides shown so far; it only grows (a step back adds count - 1), so every slide up to step + 1 has been mounted.
  const [step, setStep] = useState(0);
  const count = slides.length;
  const running = count > 1 && !reduced && !paused;

  // Keyed on the step, so a manual move restarts the wait for the next slide.
  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(() => setStep((s) => s + 1), HERO_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [running, step]);
  const stepHandlers = useSwipeAndArrows((delta) => {
    if (count > 1) setStep((s) => s + (delta > 0 ? 1 : count - 1));
  });

  const current = count > 0 ? step % count : 0;
  // The next slide mounts (and starts loading) while the current one shows, once the page has loaded.
  const mountedUpTo = useAfterLoad() ? step + 1 : step;

  return (
    <section
      aria-label="Welcome"
      data-active-slide={current}
      data-slide-count={count}
      className="relative isolate h-[560px] touch-pan-y overflow-hidden bg-brand-900 sm:h-[600px] lg:h-[640px]"
      {...stepHandlers}
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-br from-brand-800 via-brand-900 to-stone-900"
      />
      {slides.slice(0, mountedUpTo + 1).map((slide, i) => (
        <img
          key={slide._id}
          src={assetUrl(slide.imageUrl)}
          srcSet={imageSrcSet(slide.imageUrl, env.apiUrl)}
          sizes={IMAGE_SIZES.hero}
          alt=""
          width={1600}
          height={900}
          loading={i === 0 ? 'eager' : 'lazy'}
          fetchPriority={i === 0 ? 'high' : 'low'}
          decoding={i === 0 ? undefined : 'async'}
          data-slide={i}
          data-active={i === current ? 'true' : undefined}
          className={`absolute inset-0 -z-10 size-full object-cover transition-opacity duration-1000 ease-in-out ${
            i === current ? 'opacity-100' : 'opacity-0'
          }`}
        />
      ))}
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-t from-stone-950/85 via-stone-950/45 to-stone-950/30"
      />
      {children}
      {count > 1 && !reduced ? (
        <button
          type="button"
          onClick={() => setPaused((p) => !p)}
          aria-label={paused ? 'Play slideshow' : 'Pause slideshow'}
          className="absolute right-4 bottom-4 inline-flex size-11 items-center justify-center rounded-full bg-white/15 text-white ring-1 ring-white/40 backdrop-blur hover:bg-white/25 sm:right-6 sm:bottom-6"
        >
          <svg viewBox="0 0 24 24" fill="currentColor" className="size-5" aria-hidden="true">
            {paused ? <path d="M8 5v14l11-7z" /> : <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" />}
          </svg>
        </button>
      ) : null}
    </section>
  );
}
