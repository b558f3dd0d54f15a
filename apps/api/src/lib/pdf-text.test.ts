import { describe, expect, it } from 'vitest';
import { scriptRuns } from './pdf-text';

describe('scriptRuns', () => {
  it('cuts text into Devanagari runs and the rest, keeping spaces, dandas and joiners where they belong', () => {
    expect(scriptRuns('Day 1: हम्पी बाज़ार। ₹500')).toEqual([
      { text: 'Day 1: ', devanagari: false },
      { text: 'हम्पी', devanagari: true },
      { text: ' ', devanagari: false },
      { text: 'बाज़ार।', devanagari: true },
      { text: ' ₹500', devanagari: false },
    ]);
    // A zero-width joiner (here forcing a half form) stays inside its word.
    expect(scriptRuns('क्\u200Dष')).toEqual([{ text: 'क्\u200Dष', devanagari: true }]);
    expect(scriptRuns('Zoë D’Souza')).toEqual([{ text: 'Zoë D’Souza', devanagari: false }]);
    expect(scriptRuns('')).toEqual([]);
  });
});
