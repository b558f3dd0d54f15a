// /inquiries/view/{id}: the read-only inquiry, with its quotation and payments for the back office
// (app/quotation-slot.tsx, app/payments-slot.tsx).
import ViewInquiryPage from '../features/inquiries/view-inquiry-page';
import { PaymentsSlot } from './payments-slot';
import { QuotationSlot } from './quotation-slot';

export default function ViewInquiryRoute() {
  return <ViewInquiryPage quotation={QuotationSlot} payments={PaymentsSlot} />;
}
