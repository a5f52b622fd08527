import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../../../test/render';
import { LinkifiedText } from './linkified-text';

const renderText = (text: string) => renderWithTheme(<LinkifiedText text={text} />);

describe('LinkifiedText', () => {
  it('makes each web address a link, without the brackets or the full stop around it', () => {
    renderText(
      'Confirm subscription [http://127.0.0.1:5000/newsletter/confirm?token=a-b_c]\n\nSee https://example.com/x.',
    );
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'http://127.0.0.1:5000/newsletter/confirm?token=a-b_c',
      'https://example.com/x',
    ]);
    expect(links.every((link) => !link.hasAttribute('target'))).toBe(true);
  });

  it('keeps markup and other schemes as text', () => {
    const { container } = renderText('<img src=x onerror=alert(1)> javascript:alert(1) mailto:a@b.c');
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('pre')?.textContent).toBe(
      '<img src=x onerror=alert(1)> javascript:alert(1) mailto:a@b.c',
    );
  });
});
