import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { act, cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy* and waitFor give up after 1 s by default: on a busy 2-core machine a render can take longer,
// and a test must not fail for it (docs/decisions/058-dependable-tests-password-reset-private-files.md).
configure({ asyncUtilTimeout: 15_000 });

// jsdom lacks the browser APIs Mantine relies on.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= () => {};

// Textarea's autosize listens for web fonts loading; jsdom has no FontFaceSet.
if (!('fonts' in document) || !document.fonts) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: Object.assign(new EventTarget(), { ready: Promise.resolve() }),
  });
}

// The app fetches the toasts' container with the first toast (components/toasts.tsx); importing it
// once here keeps the cost of that first import out of the tests' timings.
await import('../src/components/notification-container');

afterEach(() => {
  cleanup();
  // The notifications store outlives a render: start every test without toasts.
  act(() => {
    notifications.clean();
    notifications.cleanQueue();
  });
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
