import { useSite } from '../app/site-context';
import { LogoMark } from './logo-mark';
import classes from './brand.module.css';

/** The class of a link that holds the brand: white and bold, the mark beside the name. */
export const brandLinkClass = classes.brand;

/** The mark and 'Solo {product}': the link home at the top of each page. */
export function Brand() {
  const { productName } = useSite();
  return (
    <>
      <LogoMark />
      <span>Solo {productName}</span>
    </>
  );
}
