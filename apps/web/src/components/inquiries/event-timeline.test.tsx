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

  it('says so when nothing is recorded', () => {
    render(<EventTimeline events={[]} />);
    expect(screen.getByText('No changes recorded yet.')).toBeInTheDocument();
  });
});
