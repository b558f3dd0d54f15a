import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { InquiryEvent } from '@safarnama/contract/inquiries';
import { EventTimeline } from './event-timeline';

const at = (minute: number) => `2025-03-04T10:${String(minute).padStart(2, '0')}:00.000Z`;
const actor = { id: 'u1', name: 'Priya Nair' };
const event = (e: Partial<InquiryEvent>, minute: number): InquiryEvent => ({
  _id: `e${minute}`,
  type: 'edit',
  actor,
  field: null,
  from: null,
  to: null,
  createdAt: at(minute),
  ...e,
});

describe('EventTimeline', () => {
  it('says who changed what, newest first', () => {
    render(
      <EventTimeline
        events={[
          event({ type: 'created', actor: null }, 1),
          event({ type: 'status', field: 'status', from: 'New', to: 'Working' }, 2),
          event({ type: 'assignment', field: 'staff', from: null, to: 'Rohan Verma' }, 3),
          event({ type: 'edit', field: 'tpc', from: '0', to: '160000' }, 4),
          event({ type: 'edit', field: 'budget', from: null, to: '45000' }, 5),
          event({ type: 'edit', field: 'noOfAdults', from: '2', to: '3' }, 6),
        ]}
      />,
    );
    expect(screen.getAllByRole('listitem').map((li) => li.querySelector('p')!.textContent)).toEqual([
      'Priya Nair changed adults from 2 to 3',
      'Priya Nair changed budget from empty to ₹45,000',
      'Priya Nair changed total package cost from ₹0 to ₹1,60,000',
      'Priya Nair assigned it to Rohan Verma',
      'Priya Nair changed the status from New to Working',
      'Inquiry received',
    ]);
  });

  it('is impersonal without an actor (what a Customer sees)', () => {
    render(<EventTimeline events={[event({ type: 'status', actor: null, from: 'New', to: 'Booked' }, 5)]} />);
    expect(screen.getByText('Status changed from New to Booked')).toBeInTheDocument();
  });

  it("tells the quotation's lines from the staff's notes: who sent it, what came from the trip link", () => {
    render(
      <EventTimeline
        events={[
          event({ type: 'note', field: 'quote', to: 'Quotation version 2 sent' }, 1),
          event({ type: 'note', field: 'quote', actor: null, to: 'Changes asked for: One more night\nin Goa' }, 2),
          event(
            {
              type: 'note',
              field: 'quote',
              actor: null,
              to: 'Quotation version 2 accepted by Asha Verma (from 203.0.113.7, Mozilla/5.0 (Linux; Android 14))',
            },
            3,
          ),
          event({ type: 'note', to: 'Called, no answer' }, 4),
        ]}
      />,
    );
    expect(screen.getAllByRole('listitem').map((li) => li.querySelector('p')!.textContent)).toEqual([
      'Priya Nair noted: Called, no answer',
      'Quotation version 2 accepted by Asha Verma (from 203.0.113.7, Mozilla/5.0 (Linux; Android 14)) (on the trip link)',
      'Changes asked for: One more night\nin Goa (on the trip link)',
      'Quotation version 2 sent by Priya Nair',
    ]);
  });

  it('says so when nothing is recorded', () => {
    render(<EventTimeline events={[]} />);
    expect(screen.getByText('No changes recorded yet.')).toBeInTheDocument();
  });
});
