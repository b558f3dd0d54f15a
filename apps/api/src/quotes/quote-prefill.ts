// A new quotation starts from the inquiry's package (D30): its itinerary as days, its inclusions and exclusions.
import { QUOTE_LIMITS, type QuoteDay } from '@safarnama/contract';

/** "Day 3", also marked up as the package texts allow (`**Day 3: Munnar**`, `## Day 3`, `_Day 3_`). */
const DAY_HEADING = /^[\s*_#]*day\s*\d+(?!\d)/i;
/** A heading's title without the bold, italic or heading markers around it. */
const titleOf = (line: string) =>
  line
    .replace(/^[\s#]+/, '')
    .replace(/\*\*|__|(^|\s)[*_]|[*_](\s|$)/g, '$1$2')
    .trim();

/**
 * A package's itinerary is free text. Lines starting "Day N" (bold or a heading too) begin a day (the line is its title, what follows its
 * text); without such lines each paragraph is a day, titled "Day N". Cut to the version's limits.
 */
export function daysFromItinerary(itinerary: string): QuoteDay[] {
  const lines = itinerary.replace(/\r\n?/g, '\n').split('\n');
  const days: QuoteDay[] = [];
  if (lines.some((l) => DAY_HEADING.test(l))) {
    for (const line of lines) {
      if (DAY_HEADING.test(line)) days.push({ title: titleOf(line), text: '' });
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
