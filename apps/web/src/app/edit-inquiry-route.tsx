// /inquiries/edit/{id}: the inquiry editor with its quotation and payments (app/quotation-slot.tsx,
// app/payments-slot.tsx).
import EditInquiryPage from '../features/inquiries/edit-inquiry-page';
import { PaymentsSlot } from './payments-slot';
import { QuotationSlot } from './quotation-slot';

export default function EditInquiryRoute() {
  return <EditInquiryPage quotation={QuotationSlot} payments={PaymentsSlot} />;
}
