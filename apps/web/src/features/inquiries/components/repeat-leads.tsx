// D26: "N other inquiries from this customer", found by searching the customer's e-mail and WhatsApp number.
import { repeatLabel, type Inquiry } from '@safarnama/contract/inquiries';
import { Link } from '../../../components/ui/link';
import { paths } from '../../../config/paths';
import { useInquiries } from '../api/get-inquiries';

const lookup = (q: string) => ({
  page: 1,
  pageSize: 200,
  sort: 'createdAt' as const,
  order: 'desc' as const,
  q,
  status: '',
});

export function RepeatLeads({ inquiry }: { inquiry: Pick<Inquiry, '_id' | 'customer'> }) {
  const byEmail = useInquiries(lookup(inquiry.customer.email));
  const byPhone = useInquiries(lookup(inquiry.customer.whatsappNumber));
  // The search matches parts of words too; keep those that really share the address or the number.
  const sameEmail = (byEmail.data?.items ?? []).filter(
    (i) => i._id !== inquiry._id && i.customer.email === inquiry.customer.email,
  );
  const samePhone = (byPhone.data?.items ?? []).filter(
    (i) => i._id !== inquiry._id && digits(i.customer.whatsappNumber) === digits(inquiry.customer.whatsappNumber),
  );
  const others = new Set([...sameEmail, ...samePhone].map((i) => i._id));
  if (others.size === 0) return null;
  // The table shows them by the e-mail when that finds them all, else by the number.
  const q =
    sameEmail.length === others.size || sameEmail.length >= samePhone.length
      ? inquiry.customer.email
      : inquiry.customer.whatsappNumber;
  return (
    <p className="text-sm">
      <Link
        to={`${paths.allInquiries}?${new URLSearchParams({ q }).toString()}`}
        className="font-medium text-brand-800 underline underline-offset-2"
      >
        {repeatLabel(others.size)}
      </Link>
    </p>
  );
}

const digits = (s: string) => s.replace(/\D/g, '');
