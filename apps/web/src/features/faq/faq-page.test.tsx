import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '../../test/render';
import FaqPage from './faq-page';

const toggles = () => screen.getAllByRole('button').filter((b) => b.hasAttribute('aria-expanded'));
const expanded = () => toggles().filter((b) => b.getAttribute('aria-expanded') === 'true');

describe('Terms and Conditions', () => {
  it('has eleven items, each toggled by a button with aria-expanded', () => {
    renderAt('/faq', <FaqPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeInTheDocument();
    expect(toggles()).toHaveLength(11);
    for (const button of toggles()) expect(button).toHaveAttribute('aria-controls');
  });

  it('keeps one item open at a time, and a second click closes it', async () => {
    const user = userEvent.setup();
    renderAt('/faq', <FaqPage />);
    const payment = screen.getByRole('button', { name: /Payment Terms/ });
    const hotel = screen.getByRole('button', { name: /Hotel Check-in/ });
    await user.click(payment);
    expect(expanded()).toEqual([payment]);
    expect(screen.getByText(/remaining 60% .* at least 24 hours before/)).toBeVisible();
    await user.click(hotel);
    expect(expanded()).toEqual([hotel]);
    expect(screen.queryByText(/remaining 60%/)).not.toBeVisible();
    expect(screen.getByText(/check-in time is 1 PM and checkout time is 11 AM/)).toBeVisible();
    await user.click(hotel);
    expect(expanded()).toEqual([]);
  });

  it('carries the spec §9 terms', async () => {
    const user = userEvent.setup();
    renderAt('/faq', <FaqPage />);
    const texts: string[] = [];
    for (const button of toggles()) {
      if (button.getAttribute('aria-expanded') !== 'true') await user.click(button);
      texts.push(document.getElementById(button.getAttribute('aria-controls')!)!.textContent ?? '');
    }
    const all = texts.join(' ');
    expect(all).toMatch(/advance payment of 40%/);
    expect(all).toMatch(/remaining 60% .* at least 24 hours before/);
    expect(all).toMatch(/1 PM .* 11 AM/);
    expect(all).toMatch(/up to 10 hours per day/);
    expect(all).toMatch(/Uttar Pradesh, India/);
  });
});
