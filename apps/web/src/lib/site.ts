/** The `{product}` of the spec: the server writes SITE_PRODUCT_NAME into a meta tag of the page. */
export function productName(): string {
  if (typeof document === 'undefined') return 'Unicorn';
  const value = document.querySelector('meta[name="site-product"]')?.getAttribute('content')?.trim();
  return value && value !== '__SITE_PRODUCT_NAME__' ? value : 'Unicorn';
}
