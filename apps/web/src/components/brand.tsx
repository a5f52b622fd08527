import { useSite } from '../lib/site-context';
import { LogoMark } from './logo-mark';
import classes from './brand.module.css';

/** The class of a link that holds the brand: white and bold, the mark beside the name. */
export const brandLinkClass = classes.brand;

/** The mark and the site's name: the link home at the top of each page. */
export function Brand() {
  const { siteName } = useSite();
  return (
    <>
      <LogoMark />
      <span>{siteName}</span>
    </>
  );
}
