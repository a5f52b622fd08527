/** The site's mark: a rising peak. Decorative; the brand text beside it carries the name. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#7c5cff" />
      <path d="M14 46 30 18l8 14 5-7 7 21H14Z" fill="#fff" />
    </svg>
  );
}
