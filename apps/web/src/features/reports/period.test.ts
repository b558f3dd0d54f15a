import { describe, expect, it } from 'vitest';
import { kolkataToday, monthLabel, presetPeriod } from './period';

describe('report period presets', () => {
  it('turns the day at midnight in Kolkata', () => {
    expect(kolkataToday(Date.UTC(2025, 2, 31, 18, 29))).toBe('2025-03-31');
    expect(kolkataToday(Date.UTC(2025, 2, 31, 18, 30))).toBe('2025-04-01');
  });

  it('names each preset as days', () => {
    expect(presetPeriod('this-month', '2025-03-15')).toEqual({ from: '2025-03-01', to: '2025-03-15' });
    expect(presetPeriod('last-month', '2025-03-15')).toEqual({ from: '2025-02-01', to: '2025-02-28' });
    expect(presetPeriod('last-month', '2025-01-10')).toEqual({ from: '2024-12-01', to: '2024-12-31' });
    expect(presetPeriod('this-quarter', '2025-05-20')).toEqual({ from: '2025-04-01', to: '2025-05-20' });
    expect(presetPeriod('this-fy', '2025-03-31')).toEqual({ from: '2024-04-01', to: '2025-03-31' });
    expect(presetPeriod('this-fy', '2025-04-01')).toEqual({ from: '2025-04-01', to: '2025-04-01' });
    expect(presetPeriod('last-12-months', '2025-03-15')).toEqual({ from: '2024-03-16', to: '2025-03-15' });
    expect(presetPeriod('last-12-months', '2024-02-29')).toEqual({ from: '2023-03-01', to: '2024-02-29' });
  });

  it('labels months', () => {
    expect(monthLabel('2025-04')).toMatch(/Apr.*2025/);
  });
});
