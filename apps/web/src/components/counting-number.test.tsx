import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../../test/render';
import { CountingNumber, formatCount } from './counting-number';

describe('formatCount', () => {
  it('groups thousands with the separator and fixes the decimals', () => {
    expect(formatCount(1234567.891, 2)).toBe('1,234,567.89');
    expect(formatCount(1234567, 0, ' ')).toBe('1 234 567');
    expect(formatCount(999, 0)).toBe('999');
    expect(formatCount(0, 2)).toBe('0.00');
  });
});

describe('CountingNumber', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
  });
  afterEach(() => vi.useRealTimers());

  const visible = (container: HTMLElement) => container.querySelector('[aria-hidden="true"]')?.textContent;

  it('counts from start to end over the duration, with prefix, suffix and decimals', () => {
    const { container } = renderWithTheme(
      <CountingNumber start={100} end={1100} duration={1000} prefix="$" suffix=" USD" decimals={2} />,
    );
    expect(visible(container)).toBe('$100.00 USD');
    act(() => {
      vi.advanceTimersByTime(500);
    });
    const halfway = Number(visible(container)?.replace(/[^\d.]/g, ''));
    expect(halfway).toBeGreaterThan(100);
    expect(halfway).toBeLessThan(1100);
    act(() => {
      vi.advanceTimersByTime(600);
    });
    expect(visible(container)).toBe('$1,100.00 USD');
  });

  it('never shows less than the start when a frame is stamped before the count began', () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    const { container } = renderWithTheme(<CountingNumber start={0} end={1000} duration={1000} prefix="$" />);
    // A frame's timestamp is when the frame began, which can be before the count's own start.
    act(() => frames.shift()?.(performance.now() - 16));
    expect(visible(container)).toBe('$0');
  });

  it('tells screen readers the final value only', () => {
    renderWithTheme(<CountingNumber end={2500} prefix="$" />);
    expect(screen.getByText('$2,500')).toHaveClass('visually-hidden');
  });

  it('shows the end value at once when the visitor prefers reduced motion', () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...original(query),
      matches: query.includes('reduce'),
    })) as typeof window.matchMedia;
    try {
      const { container } = renderWithTheme(<CountingNumber end={42} separator="." />);
      expect(visible(container)).toBe('42');
    } finally {
      window.matchMedia = original;
    }
  });
});
