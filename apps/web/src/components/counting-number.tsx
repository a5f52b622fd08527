import { COUNT_UP_DURATION_MS } from '@journey/contracts/constants';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

export interface CountingNumberProps {
  end: number;
  /** Where the count starts (default 0, docs/product.md#constants). */
  start?: number;
  /** Milliseconds from start to end (default 2000). */
  duration?: number;
  prefix?: string;
  suffix?: string;
  /** Digits after the point (default 0). */
  decimals?: number;
  /** Thousands separator (default ","). */
  separator?: string;
}

/** 1234567.5 → "1,234,567.50" with the given decimals and separator. */
export function formatCount(value: number, decimals = 0, separator = ','): string {
  const [whole = '0', fraction] = value.toFixed(decimals).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

const easeOutCubic = (t: number) => 1 - (1 - t) ** 3;

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * A number that counts up from `start` to `end` once it scrolls into view. The server and the
 * first render show `end`, so the page reads right without JavaScript and with reduced motion.
 */
export function CountingNumber({
  end,
  start = 0,
  duration = COUNT_UP_DURATION_MS,
  prefix = '',
  suffix = '',
  decimals = 0,
  separator = ',',
}: CountingNumberProps) {
  const [value, setValue] = useState(end);
  const element = useRef<HTMLSpanElement>(null);
  const shown = useRef(end);
  const counted = useRef(false);

  useEffect(() => {
    const node = element.current;
    if (!node || prefersReducedMotion()) {
      shown.current = end;
      setValue(end);
      return;
    }
    // The first count starts from `start`; later changes of `end` count on from what is shown.
    const from = counted.current ? shown.current : start;
    let frame = 0;
    const run = () => {
      counted.current = true;
      const began = performance.now();
      const step = (now: number) => {
        // A frame's timestamp may precede `began` (it is when the frame started): never count below `from`.
        const progress = Math.min(1, Math.max(0, (now - began) / duration));
        shown.current = from + (end - from) * easeOutCubic(progress);
        setValue(shown.current);
        if (progress < 1) frame = requestAnimationFrame(step);
      };
      frame = requestAnimationFrame(step);
    };
    shown.current = from;
    // Shown before any frame of the count, even when the number hydrates already in view (the landing
    // page's sections hydrate as the reader reaches them): otherwise React may batch it away.
    flushSync(() => setValue(from));
    if (typeof IntersectionObserver === 'undefined') {
      run();
      return () => cancelAnimationFrame(frame);
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        run();
      }
    });
    observer.observe(node);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [end, start, duration]);

  const text = (n: number) => `${prefix}${formatCount(n, decimals, separator)}${suffix}`;
  return (
    <span ref={element}>
      <span aria-hidden="true">{text(value)}</span>
      <span className="visually-hidden">{text(end)}</span>
    </span>
  );
}
