import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { PasswordChecklist } from './password-checklist';

const met = () =>
  Object.fromEntries(
    screen.getAllByRole('listitem').map((li) => [li.getAttribute('data-rule'), li.getAttribute('data-met') === 'true']),
  );

describe('PasswordChecklist', () => {
  it('lists the five D4 requirements, none met for an empty password', () => {
    render(<PasswordChecklist password="" />);
    expect(screen.getByRole('list', { name: 'Password requirements' })).toBeInTheDocument();
    expect(met()).toEqual({ length: false, upper: false, lower: false, digit: false, special: false });
    expect(screen.getByText('At least 8 characters')).toBeInTheDocument();
    expect(screen.getAllByText('(not met)', { exact: false })).toHaveLength(5);
  });

  it('ticks each requirement as it is met', () => {
    const { rerender } = render(<PasswordChecklist password="abc" />);
    expect(met()).toEqual({ length: false, upper: false, lower: true, digit: false, special: false });
    rerender(<PasswordChecklist password="abcDEF12" />);
    expect(met()).toEqual({ length: true, upper: true, lower: true, digit: true, special: false });
    rerender(<PasswordChecklist password="abcDEF12!" />);
    expect(met()).toEqual({ length: true, upper: true, lower: true, digit: true, special: true });
  });

  it('only counts the listed special characters', () => {
    render(<PasswordChecklist password="Abcdefg1_" />);
    expect(met().special).toBe(false);
  });
});
