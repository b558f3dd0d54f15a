import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Booking, BookingList } from '@safarnama/contract/suppliers';
import { BOOKING_MESSAGES, BOOKING_PANEL_TEXT } from '@safarnama/contract/suppliers-rules';
import { inquiry } from '../../test/fixtures';
import { fakeToken, renderAt } from '../../test/render';
import { on, stubFetch, withQuery, type Route } from '../../test/query';
import BookingsPanel from './bookings-panel';

const LIST_URL = '/api/inquiries/i1/bookings';
const LOAD = { timeout: 10_000 };

const booking = (overrides: Partial<Booking> = {}): Booking => ({
  _id: 'b1',
  supplier: {
    _id: 's1',
    kind: 'hotel',
    name: 'Snow Valley Resort',
    city: 'Manali',
    phone: '+91 98160 12345',
    email: 'desk@snowvalley.example',
  },
  status: 'pending',
  lines: [
    { kind: 'hotel', description: 'Deluxe room, 3 nights', quantity: 2 },
    { kind: 'hotel', description: 'Breakfast', quantity: 1 },
  ],
  cost: 24000,
  confirmationNumber: null,
  declineReason: null,
  requestedAt: null,
  answeredAt: null,
  answeredBy: null,
  ...overrides,
});
const cab = (overrides: Partial<Booking> = {}) =>
  booking({
    _id: 'b2',
    supplier: {
      _id: 's2',
      kind: 'cab',
      name: 'Himalayan Wheels',
      city: 'Delhi',
      phone: '',
      email: 'ops@wheels.example',
    },
    lines: [{ kind: 'cab', description: 'Innova, Delhi–Manali–Delhi, 5 days', quantity: 1 }],
    ...overrides,
  });
const list = (bookings: Booking[], sent: BookingList['sent'] = []): BookingList => ({
  bookings,
  allConfirmed: bookings.length > 0 && bookings.every((b) => b.status === 'confirmed'),
  sent,
});

afterEach(() => vi.unstubAllGlobals());

function renderPanel(data: BookingList, routes: Route[] = [], status = 'Booking Pending') {
  localStorage.setItem('token', fakeToken('Staff'));
  const fetchMock = stubFetch(
    ...routes,
    on('GET', LIST_URL, () => ({ body: data })),
  );
  renderAt(
    '/inquiries/view/i1',
    withQuery(
      <BookingsPanel inquiry={inquiry({ _id: 'i1', status, travelDate: '2027-05-10', noOfAdults: 2, noOfKids: 1 })} />,
    ),
  );
  return fetchMock;
}
const bodiesTo = (mock: ReturnType<typeof stubFetch>, method: string, path: string) =>
  mock.mock.calls
    .filter(([input, init]) => init?.method === method && new URL(String(input), 'http://x').pathname === path)
    .map(([, init]) => (init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined));

describe('the bookings panel', () => {
  it('says bookings follow an acceptance when there are none', async () => {
    renderPanel(list([]));
    expect(await screen.findByText(BOOKING_PANEL_TEXT.none, {}, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Send/ })).not.toBeInTheDocument();
  });

  it('lists each supplier with what it must provide and its status, then sends every request', async () => {
    const sent = [
      {
        bookingId: 'b1',
        url: 'https://agency.example/supplier/tokA',
        whatsappUrl: 'https://wa.me/919816012345?text=Hello',
        mailed: true,
      },
      { bookingId: 'b2', url: 'https://agency.example/supplier/tokB', whatsappUrl: null, mailed: true },
    ];
    const requested = { status: 'requested' as const, requestedAt: '2026-12-02T06:30:00.000Z' };
    const fetch = renderPanel(list([booking(), cab()]), [
      on('POST', LIST_URL, () => ({ body: list([booking(requested), cab(requested)], sent) })),
    ]);
    const hotel = await screen.findByRole('listitem', { name: 'Snow Valley Resort' }, LOAD);
    expect(within(hotel).getByText('Deluxe room, 3 nights × 2')).toBeInTheDocument();
    expect(within(hotel).getByText('Breakfast')).toBeInTheDocument();
    expect(within(hotel).getByText('Not sent')).toBeInTheDocument();
    expect(screen.getByText('10 May 2027 · 4N/5D · 2 adults, 1 kid')).toBeInTheDocument();
    expect(screen.queryByText(/24,000/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Send all 2 requests' }));
    expect(bodiesTo(fetch, 'POST', LIST_URL)).toHaveLength(1);
    const sentHotel = await screen.findByRole('listitem', { name: 'Snow Valley Resort' });
    await waitFor(() => expect(within(sentHotel).getByText('Requested')).toBeInTheDocument());
    expect(within(sentHotel).getByText('Request mailed to Snow Valley Resort.')).toBeInTheDocument();
    expect(within(sentHotel).getByRole('link', { name: 'Send on WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/919816012345?text=Hello',
    );
    expect(within(sentHotel).getByText('https://agency.example/supplier/tokA')).toBeInTheDocument();
    const sentCab = screen.getByRole('listitem', { name: 'Himalayan Wheels' });
    expect(within(sentCab).queryByRole('link', { name: 'Send on WhatsApp' })).not.toBeInTheDocument();
    expect(within(sentCab).getByRole('button', { name: 'Send again' })).toBeInTheDocument();
  });

  it('sends one request again and records a phone confirmation, refusing an empty number', async () => {
    const requested = booking({ status: 'requested', requestedAt: '2026-12-02T06:30:00.000Z' });
    const confirmed = booking({
      status: 'confirmed',
      confirmationNumber: 'SV-991',
      answeredBy: 'Priya Nair',
      answeredAt: '2026-12-02T08:00:00.000Z',
    });
    const fetch = renderPanel(list([requested, cab({ status: 'requested' })]), [
      on('POST', '/api/bookings/b1/send', () => ({
        body: list(
          [requested, cab({ status: 'requested' })],
          [{ bookingId: 'b1', url: 'https://agency.example/supplier/tokC', whatsappUrl: null, mailed: true }],
        ),
      })),
      on('POST', '/api/bookings/b1/confirm', () => ({ body: list([confirmed, cab({ status: 'requested' })]) })),
    ]);
    const hotel = await screen.findByRole('listitem', { name: 'Snow Valley Resort' }, LOAD);
    await userEvent.click(within(hotel).getByRole('button', { name: 'Send again' }));
    expect(await within(hotel).findByText('https://agency.example/supplier/tokC')).toBeInTheDocument();

    await userEvent.click(within(hotel).getByRole('button', { name: BOOKING_PANEL_TEXT.recordPhone }));
    await userEvent.click(within(hotel).getByRole('button', { name: 'Save confirmation' }));
    expect(await within(hotel).findByText(BOOKING_MESSAGES.confirmationRequired)).toBeInTheDocument();
    expect(bodiesTo(fetch, 'POST', '/api/bookings/b1/confirm')).toEqual([]);
    await userEvent.type(within(hotel).getByLabelText(/Confirmation number/), ' SV-991 ');
    await userEvent.click(within(hotel).getByRole('button', { name: 'Save confirmation' }));
    await waitFor(() => expect(within(hotel).getByText('Confirmation no. SV-991')).toBeInTheDocument());
    expect(bodiesTo(fetch, 'POST', '/api/bookings/b1/confirm')).toEqual([{ confirmationNumber: 'SV-991' }]);
    expect(within(hotel).getByText('Confirmed')).toBeInTheDocument();
    expect(within(hotel).queryByRole('button', { name: 'Send again' })).not.toBeInTheDocument();
    expect(screen.queryByText(BOOKING_PANEL_TEXT.allConfirmed)).not.toBeInTheDocument();
  });

  it('shows a declined booking with its reason', async () => {
    renderPanel(list([cab({ status: 'declined', declineReason: 'No Innova free', answeredBy: 'supplier' })]));
    const item = await screen.findByRole('listitem', { name: 'Himalayan Wheels' }, LOAD);
    expect(within(item).getByText('Declined')).toBeInTheDocument();
    expect(within(item).getByText('Reason: No Innova free')).toBeInTheDocument();
  });

  it('says all bookings are confirmed and sets the status Booked in one click', async () => {
    const done = [
      booking({ status: 'confirmed', confirmationNumber: 'SV-1' }),
      cab({ status: 'confirmed', confirmationNumber: 'HW-2' }),
    ];
    const fetch = renderPanel(list(done), [
      on('PUT', '/api/inquiries/i1', () => ({ body: inquiry({ status: 'Booked' }) })),
    ]);
    expect(await screen.findByText(BOOKING_PANEL_TEXT.allConfirmed, {}, LOAD)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Set status to Booked' }));
    await waitFor(() => expect(bodiesTo(fetch, 'PUT', '/api/inquiries/i1')).toEqual([{ status: 'Booked' }]));
  });

  it('does not offer Booked again once the inquiry is Booked', async () => {
    renderPanel(list([booking({ status: 'confirmed', confirmationNumber: 'SV-1' })]), [], 'Booked');
    expect(await screen.findByText(BOOKING_PANEL_TEXT.isBooked, {}, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set status to Booked' })).not.toBeInTheDocument();
  });
});
