// /inquiries/view/{id}: the read-only inquiry, with its quotation for the back office (app/quotation-slot.tsx).
import ViewInquiryPage from '../features/inquiries/view-inquiry-page';
import { QuotationSlot } from './quotation-slot';

export default function ViewInquiryRoute() {
  return <ViewInquiryPage quotation={QuotationSlot} />;
}
