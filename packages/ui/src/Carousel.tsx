import { useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface CarouselProps {
  /** Names the carousel for assistive technology ("Testimonials"). */
  label: string;
  slides: ReactNode[];
  /** Advance every so many milliseconds while playing. */
  autoplayMs: number;
  /** Slides side by side for a width (px) of the viewport; default 1 / 2 from 640 / 3 from 1024. */
  perViewFor?: (width: number) => number;
}

const defaultPerView = (width: number) => (width >= 1024 ? 3 : width >= 640 ? 2 : 1);

/** Follows a media query; false where matchMedia does not exist (tests, old browsers). */
function useMedia(query: string) {
  const get = () => typeof window !== 'undefined' && !!window.matchMedia?.(query).matches;
  const [matches, setMatches] = useState(get);
  useEffect(() => {
    const list = window.matchMedia?.(query);
    if (!list) return;
    const update = () => setMatches(list.matches);
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}

function useViewportWidth() {
  const [width, setWidth] = useState(() => (typeof window === 'undefined' ? 1024 : window.innerWidth));
  useEffect(() => {
    const update = () => setWidth(window.innerWidth);
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return width;
}

/**
 * A carousel after the WAI-ARIA pattern: autoplays (pausable with its button, paused while the pointer or the
 * focus is inside it), still for people who prefer reduced motion, Previous/Next buttons and the arrow keys,
 * slides out of view hidden from the keyboard and screen readers.
 */
export function Carousel({ label, slides, autoplayMs, perViewFor = defaultPerView }: CarouselProps) {
  const id = useId();
  const reducedMotion = useMedia('(prefers-reduced-motion: reduce)');
  const perView = Math.min(slides.length, Math.max(1, perViewFor(useViewportWidth())));
  const positions = slides.length - perView + 1;
  const [start, setStart] = useState(0);
  const [userPaused, setUserPaused] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = userPaused ?? reducedMotion;
  const playing = !paused && !hovered && !focused && positions > 1;
  const first = Math.min(start, positions - 1);

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(
      () => setStart((s) => (Math.min(s, positions - 1) + 1) % positions),
      autoplayMs,
    );
    return () => clearInterval(timer);
  }, [playing, positions, autoplayMs]);

  const go = (delta: number) => setStart((s) => (Math.min(s, positions - 1) + delta + positions) % positions);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') go(1);
    else if (event.key === 'ArrowLeft') go(-1);
    else return;
    event.preventDefault();
  };

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={onKeyDown}
    >
      <div className="carousel-controls">
        <button
          type="button"
          className="icon-btn"
          onClick={() => setUserPaused(!paused)}
          aria-label={paused ? `Play ${label.toLowerCase()}` : `Pause ${label.toLowerCase()}`}
        >
          <span aria-hidden>{paused ? '▶' : '❚❚'}</span>
        </button>
        <button
          type="button"
          className="icon-btn"
          onClick={() => go(-1)}
          aria-controls={id}
          aria-label="Previous"
        >
          <span aria-hidden>‹</span>
        </button>
        <button type="button" className="icon-btn" onClick={() => go(1)} aria-controls={id} aria-label="Next">
          <span aria-hidden>›</span>
        </button>
      </div>
      <div className="carousel-viewport">
        <div
          id={id}
          className={`carousel-track ${reducedMotion ? '' : 'carousel-animated'}`}
          aria-live={playing ? 'off' : 'polite'}
          style={{ transform: `translateX(-${(first * 100) / perView}%)` }}
        >
          {slides.map((slide, i) => {
            const visible = i >= first && i < first + perView;
            return (
              <div
                key={i}
                className="carousel-slide"
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${slides.length}`}
                aria-hidden={!visible}
                inert={!visible}
                style={{ flexBasis: `${100 / perView}%` }}
              >
                {slide}
              </div>
            );
          })}
        </div>
      </div>
      <div className="carousel-dots">
        {Array.from({ length: positions }, (_, i) => (
          <button
            key={i}
            type="button"
            className={`carousel-dot ${i === first ? 'carousel-dot-active' : ''}`}
            aria-label={`Show slide ${i + 1}`}
            aria-current={i === first ? 'true' : undefined}
            onClick={() => setStart(i)}
          />
        ))}
      </div>
    </section>
  );
}
