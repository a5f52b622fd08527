import type { Locator } from '@playwright/test';

/** A CSS colour as computed ("rgb(1, 2, 3)" or "rgba(1, 2, 3, 0.1)"), laid over white when translucent. */
function opaqueRgb(color: string): [number, number, number] {
  const [r = 0, g = 0, b = 0, a = 1] = (color.match(/[\d.]+/g) ?? []).map(Number);
  return [r, g, b].map((channel) => channel * a + 255 * (1 - a)) as [number, number, number];
}

/** The WCAG contrast ratio of two computed CSS colours (1 to 21). */
export function contrastRatio(foreground: string, background: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = opaqueRgb(color).map((channel) => {
      const c = channel / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(foreground), luminance(background)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** The text and background colours of an element, as computed, with the text it shows. */
export const badgeColors = (badge: Locator) =>
  badge.evaluate((element) => {
    const label = element.querySelector('[class*="label"]') ?? element;
    return {
      text: element.textContent ?? '',
      color: getComputedStyle(label).color,
      background: getComputedStyle(element).backgroundColor,
    };
  });
