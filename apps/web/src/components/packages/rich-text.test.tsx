import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { InlineText, RichText } from './rich-text';

describe('RichText', () => {
  it('renders **bold** markers as <strong> and line breaks as <br>', () => {
    const { container } = render(<RichText text={'**Day 1:** Arrive in Delhi\nEvening at **India Gate**'} />);
    const strongs = [...container.querySelectorAll('strong')].map((s) => s.textContent);
    expect(strongs).toEqual(['Day 1:', 'India Gate']);
    expect(container.querySelectorAll('br')).toHaveLength(1);
    expect(container.textContent).toBe('Day 1: Arrive in DelhiEvening at India Gate');
  });

  it('splits paragraphs on blank lines', () => {
    const { container } = render(<RichText text={'First part.\r\n\r\nSecond part.\n\n\nThird.'} />);
    expect([...container.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'First part.',
      'Second part.',
      'Third.',
    ]);
  });

  it('never injects HTML: tags in the text stay text', () => {
    const { container } = render(<RichText text={'<img src=x onerror="alert(1)"> **<b>hi</b>**'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('strong')?.textContent).toBe('<b>hi</b>');
    expect(container.textContent).toContain('<img src=x onerror="alert(1)">');
  });

  it('leaves unmatched markers as they are', () => {
    const { container } = render(<InlineText text="Price ** per person" />);
    expect(container.querySelector('strong')).toBeNull();
    expect(container.textContent).toBe('Price ** per person');
  });
});
