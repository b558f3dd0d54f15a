// A package's itinerary as a quotation's days: plain "Day N" lines, the bold headings the package texts use, or
// paragraphs when no line names a day.
import { describe, expect, it } from 'vitest';
import { daysFromItinerary } from './quote-prefill';

describe('daysFromItinerary', () => {
  it('starts a day at each "Day N" line, bold as the demo packages write them or plain', () => {
    const bold =
      '**Day 1: Arrive in Kochi**\nFort Kochi and a **Kathakali** show.\n**Day 2: Kochi to Munnar**\nTea gardens.';
    expect(daysFromItinerary(bold)).toEqual([
      { title: 'Day 1: Arrive in Kochi', text: 'Fort Kochi and a **Kathakali** show.' },
      { title: 'Day 2: Kochi to Munnar', text: 'Tea gardens.' },
    ]);
    expect(daysFromItinerary('## Day 1 Leh\nRest.\n_Day 2_\nKhardung La.')).toEqual([
      { title: 'Day 1 Leh', text: 'Rest.' },
      { title: 'Day 2', text: 'Khardung La.' },
    ]);
    expect(daysFromItinerary('Day 1: Goa\nBeach')).toEqual([{ title: 'Day 1: Goa', text: 'Beach' }]);
  });

  it('makes each paragraph a day when no line names one', () => {
    expect(daysFromItinerary('Arrive and rest.\n\nSightseeing.')).toEqual([
      { title: 'Day 1', text: 'Arrive and rest.' },
      { title: 'Day 2', text: 'Sightseeing.' },
    ]);
  });
});
