import type { BoxProps } from '@mantine/core';
import { Box } from '@mantine/core';
import classes from './markdown-content.module.css';

/**
 * HTML rendered from the owner's Markdown by `@journey/markdown`, which allows only an allow-list of
 * elements and attributes (docs/decisions/038-markdown-rendering.md): never raw input.
 */
export function MarkdownContent(props: BoxProps & { html: string; id?: string }) {
  const { html, className, ...rest } = props;
  return (
    <Box
      {...rest}
      data-markdown
      className={className ? `${classes.content} ${className}` : classes.content}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
