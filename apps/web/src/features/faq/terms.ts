// The terms of spec §9 (40% advance, 60% at least 24 hours before, check-in 1 PM / checkout 11 AM,
// car up to 10 hours a day, law of Uttar Pradesh, India) and the rest of a travel agency's usual terms.
export interface Term {
  title: string;
  body: string[];
}

export const TERMS: Term[] = [
  {
    title: 'Booking and Confirmation',
    body: [
      'A booking is confirmed only after we receive an advance payment of 40% of the total package cost.',
      'Until the advance is received, prices and availability of hotels, transport and activities are not guaranteed.',
    ],
  },
  {
    title: 'Payment Terms',
    body: [
      'The remaining 60% of the package cost must be paid at least 24 hours before the start of the trip.',
      'If the balance is not received in time, we may cancel the booking and the cancellation terms below apply.',
    ],
  },
  {
    title: 'Cancellation Policy',
    body: [
      'Cancellations must be sent to us in writing (e-mail or WhatsApp).',
      'Charges depend on how close to the travel date you cancel and on what hotels, airlines and transport providers charge us; we will tell you the exact amount before we process the cancellation.',
    ],
  },
  {
    title: 'Refunds',
    body: [
      'Refunds, after cancellation charges, are paid to the original payment method within 10 working days.',
      'No refund is possible for unused services, such as a skipped sightseeing tour or a meal not taken.',
    ],
  },
  {
    title: 'Hotel Check-in and Check-out',
    body: [
      'Standard hotel check-in time is 1 PM and checkout time is 11 AM.',
      'Early check-in and late checkout depend on availability and may be charged by the hotel.',
    ],
  },
  {
    title: 'Transportation',
    body: [
      'The car included in your package is available for up to 10 hours per day, within the itinerary’s route.',
      'Use beyond 10 hours, or travel outside the planned route, is charged extra as per the local rates.',
    ],
  },
  {
    title: 'Itinerary Changes',
    body: [
      'You may ask to change your itinerary at any time; changes are subject to availability and may change the price.',
      'Weather, road conditions or local restrictions may require us to adjust the plan; we will always offer the closest alternative.',
    ],
  },
  {
    title: 'Travel Documents',
    body: [
      'Every traveller must carry a valid government photo ID. Some areas require permits, which we will help you arrange.',
      'Hotels may refuse check-in to guests without valid identification; we are not responsible for such refusals.',
    ],
  },
  {
    title: 'Traveller Responsibilities',
    body: [
      'Please take care of your personal belongings and follow the advice of drivers, guides and local authorities.',
      'Any damage caused to hotel or vehicle property by a traveller is payable by that traveller.',
    ],
  },
  {
    title: 'Liability and Force Majeure',
    body: [
      'We act as an agent for hotels, transport operators and other service providers and are not liable for their acts or omissions.',
      'We are not responsible for delays or extra costs caused by events beyond our control, such as natural disasters, strikes, epidemics or government action.',
    ],
  },
  {
    title: 'Governing Law',
    body: [
      'These terms are governed by the laws of India. Any dispute is subject to the jurisdiction of the courts of Uttar Pradesh, India.',
    ],
  },
];
