// A new quotation starts from the inquiry's package (D30): its itinerary as days, its inclusions and exclusions.
import { QUOTE_LIMITS, type QuoteDay } from '@safarnama/contract';

const DAY_HEADING = /^\s*day\s*\d+\b/i;

/**
 * A package's itinerary is free text. Lines starting "Day N" begin a day (the line is its title, what follows its
 * text); without such lines each paragraph is a day, titled "Day N". Cut to the version's limits.
 */
export function daysFromItinerary(itinerary: string): QuoteDay[] {
  const lines = itinerary.replace(/\r\n?/g, '\n').split('\n');
  const days: QuoteDay[] = [];
  if (lines.some((l) => DAY_HEADING.test(l))) {
    for (const line of lines) {
      if (DAY_HEADING.test(line)) days.push({ title: line.trim(), text: '' });
      else if (days.length > 0) days[days.length - 1]!.text += `${line}\n`;
    }
  } else {
    const paragraphs = itinerary.split(/\n\s*\n/).filter((p) => p.trim() !== '');
    paragraphs.forEach((p, i) => days.push({ title: `Day ${i + 1}`, text: p }));
  }
  return days.slice(0, QUOTE_LIMITS.days).map((d) => ({
    title: d.title.slice(0, QUOTE_LIMITS.dayTitle),
    text: d.text.trim().slice(0, QUOTE_LIMITS.dayText),
  }));
}

export const listFromJson = (json: string): string[] =>
  (JSON.parse(json) as unknown[])
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
    .slice(0, QUOTE_LIMITS.listItems)
    .map((v) => v.trim().slice(0, QUOTE_LIMITS.listItem));
