import { Text } from '@mantine/core';
import { useDeferredValue, useEffect, useState } from 'react';
import { MarkdownContent } from '../../components/markdown-content';

type Render = (markdown: string) => string;

let renderer: Promise<Render> | undefined;
/** The server's own renderer and sanitizer, fetched with the first preview (it is not on any public page). */
const loadRenderer = () => (renderer ??= import('@journey/markdown').then((module) => module.renderMarkdown));

/** What the visitors will see: the Markdown rendered as the server renders it, as the owner types. */
export function MarkdownPreview(props: { markdown: string }) {
  const markdown = useDeferredValue(props.markdown);
  const [render, setRender] = useState<Render | null>(null);
  useEffect(() => {
    let live = true;
    void loadRenderer().then((loaded) => live && setRender(() => loaded));
    return () => {
      live = false;
    };
  }, []);
  return render ? (
    <MarkdownContent html={render(markdown)} fz="sm" lh={1.6} />
  ) : (
    <Text size="sm" c="dimmed">
      Loading the preview...
    </Text>
  );
}
