import { IconInfoCircle } from '@tabler/icons-react';
import { useId, type CSSProperties } from 'react';
import classes from './how-calculated.module.css';

/** A published definition named in the sentence (ChartMogul's, say) becomes a link to it. */
function WithLinks({ text }: { text: string }) {
  const parts = text.split(/(https:\/\/[^\s)]+)/);
  return parts.map((part, index) =>
    index % 2 === 1 ? (
      <a key={index} href={part} className={classes.link} rel="noopener noreferrer" target="_blank">
        {new URL(part).host}
      </a>
    ) : (
      part
    ),
  );
}

/**
 * 'How is this calculated?': a button opening the sentence in a native popover
 * (docs/decisions/045-computed-figures-on-the-landing-page.md). The browser gives it keyboard use,
 * Escape and light dismiss, and it works in the server's HTML before any script runs; no JavaScript
 * of a floating library joins the landing page's first load.
 */
export function HowCalculated(props: { figure: string; text: string; tone?: 'light' | 'dark' }) {
  const id = useId();
  const popoverId = `how-${id.replace(/[^a-zA-Z0-9-]/g, '')}`;
  // Anchor positioning places the popover under its button; browsers without it centre it.
  const anchor = `--${popoverId}`;
  return (
    <>
      <button
        type="button"
        popoverTarget={popoverId}
        className={classes.button}
        data-tone={props.tone ?? 'light'}
        aria-label={`How is ${props.figure} calculated?`}
        style={{ anchorName: anchor } as CSSProperties}
      >
        <IconInfoCircle size={18} aria-hidden />
      </button>
      {/* A span, not a div: the cards and the forecast line hold it inside paragraphs. */}
      <span
        id={popoverId}
        popover="auto"
        role="note"
        className={classes.popover}
        style={{ positionAnchor: anchor } as CSSProperties}
      >
        <strong className={classes.title}>How {props.figure} is calculated</strong>
        <WithLinks text={props.text} />
      </span>
    </>
  );
}
