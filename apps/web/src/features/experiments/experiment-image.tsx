import { DEFAULT_EXPERIMENT_IMAGE_URL } from '@journey/contracts/constants';
import { useEffect, useRef, useState } from 'react';

/**
 * An experiment's picture; one that fails to load shows the gradient placeholder instead of the
 * browser's broken-image icon (docs/decisions/060-admin-onboarding-and-honest-dates.md). An image
 * in the server's HTML may have failed before this hydrated, when no `onError` was listening: the
 * mount looks for that too.
 */
export function ExperimentImage({ src }: { src: string }) {
  const image = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const fail = () => {
    if (src !== DEFAULT_EXPERIMENT_IMAGE_URL) setFailed(src);
  };
  useEffect(() => {
    const element = image.current;
    if (element?.complete && element.naturalWidth === 0 && element.getAttribute('src') === src) fail();
    // Only on mount and when the address changes: `fail` reads the current `src`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [src]);
  return (
    <img
      ref={image}
      src={failed === src ? DEFAULT_EXPERIMENT_IMAGE_URL : src}
      onError={fail}
      alt=""
      width={640}
      height={400}
      loading="lazy"
      decoding="async"
      style={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '8 / 5', objectFit: 'cover' }}
    />
  );
}
