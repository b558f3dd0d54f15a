// /inquiries/edit/{id}: the inquiry editor with its quotation (app/quotation-slot.tsx).
import EditInquiryPage from '../features/inquiries/edit-inquiry-page';
import { QuotationSlot } from './quotation-slot';

export default function EditInquiryRoute() {
  return <EditInquiryPage quotation={QuotationSlot} />;
}
