import { describe, expect, it } from 'vitest';
import { renderMarkdown, splitLeadQuote } from '../src';

describe('splitLeadQuote', () => {
  it('takes a leading blockquote off, without its markers', () => {
    expect(splitLeadQuote('> What if?\n>\n> — a note\n\nThe story.\n\nMore.')).toEqual({
      quote: 'What if?\n\n— a note',
      body: 'The story.\n\nMore.',
    });
  });

  it('keeps lazy continuation lines and nested quotes', () => {
    expect(splitLeadQuote('> one\ntwo\n> > inner\n\nbody')).toEqual({
      quote: 'one\ntwo\n> inner',
      body: 'body',
    });
  });

  it('leaves a story without a leading blockquote as it is', () => {
    for (const markdown of ['', 'Text first.\n\n> later quote', '# Heading\n\n> quote', '   ']) {
      expect(splitLeadQuote(markdown)).toEqual({ quote: null, body: markdown });
    }
  });

  it("leaves text beyond the renderer's limits whole", () => {
    const markdown = `> quote\n\n${'>'.repeat(5_000)} deep`;
    expect(splitLeadQuote(markdown)).toEqual({ quote: null, body: markdown });
  });

  it('gives a quote and no body when the story is only a quote', () => {
    expect(splitLeadQuote('> alone\n')).toEqual({ quote: 'alone', body: '' });
  });

  it('lets reference links work in both parts', () => {
    const { quote, body } = splitLeadQuote(
      '> See [the site][site]\n>\n> [inner]: https://inner.example\n\nAnd [again][site], [in][inner].\n\n[site]: https://example.com',
    );
    expect(renderMarkdown(quote ?? '')).toContain('<a href="https://example.com"');
    expect(renderMarkdown(body)).toContain('<a href="https://example.com"');
    expect(renderMarkdown(body)).toContain('<a href="https://inner.example"');
  });

  it('takes a quote that follows definitions, leaving them in the body', () => {
    expect(splitLeadQuote('[a]: https://a.example\n\n> [q][a]\n\nbody')).toEqual({
      quote: '[q][a]\n\n[a]: https://a.example',
      body: '[a]: https://a.example\n\nbody',
    });
  });
});
