// /inquiries/view/{id}: the read-only inquiry, with its quotation, payments and bookings for the back office
// (app/quotation-slot.tsx, app/payments-slot.tsx, app/bookings-slot.tsx).
import ViewInquiryPage from '../features/inquiries/view-inquiry-page';
import { BookingsSlot } from './bookings-slot';
import { PaymentsSlot } from './payments-slot';
import { QuotationSlot } from './quotation-slot';

export default function ViewInquiryRoute() {
  return <ViewInquiryPage quotation={QuotationSlot} payments={PaymentsSlot} bookings={BookingsSlot} />;
}
