// D32 on the inquiry's page, for Staff and the Owner: issue the accepted quotation's invoice (the place of supply
// prefilled from the inquiry's state, the customer's address to print), see each invoice and credit note with its PDF, and credit an amount with a
// reason. Loaded with the quotation panel's chunk, only for the back office.
import { useState, type FormEvent } from 'react';
import { FileDown, ReceiptText } from 'lucide-react';
import type { Inquiry } from '@safarnama/contract/inquiries';
import type { Invoice } from '@safarnama/contract/payments';
import { GST_STATES, INVOICE_LIMITS, INVOICE_MESSAGES, gstStateLabel } from '@safarnama/contract/payments-rules';
import { formatRupees, formatShortDate } from '@safarnama/contract/common-rules';
import { Button } from '../../components/ui/button';
import { Field, inputClass } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { ApiError, errorMessage } from '../../lib/api-client';
import { downloadFile } from '../../lib/download-file';
import { notify } from '../../lib/notify';
import { useInvoices } from './api/get-invoices';
import { useIssueCreditNote } from './api/issue-credit-note';
import { useIssueInvoice } from './api/issue-invoice';

const fileName = (number: string) => `${number.replaceAll('/', '-')}.pdf`;
const fieldError = (err: unknown, field: string) => (err instanceof ApiError ? err.errors?.[field] : undefined);

function PdfButton({ path, number }: { path: string; number: string }) {
  const [busy, setBusy] = useState(false);
  const handleClick = async () => {
    setBusy(true);
    try {
      await downloadFile(path, fileName(number));
    } catch (err) {
      notify.error(errorMessage(err, INVOICE_MESSAGES.downloadFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="ghost" size="sm" onClick={handleClick} disabled={busy} aria-label={`Download ${number}`}>
      <FileDown className="size-4" aria-hidden="true" /> PDF
    </Button>
  );
}

function IssueForm({ inquiry }: { inquiry: Inquiry }) {
  const [state, setState] = useState(inquiry.customerState ?? '');
  const [gstin, setGstin] = useState('');
  const [address, setAddress] = useState('');
  const issue = useIssueInvoice(inquiry._id);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    issue.mutate(
      {
        ...(state ? { customerState: state } : {}),
        ...(gstin.trim() ? { customerGstin: gstin.trim() } : {}),
        ...(address.trim() ? { customerAddress: address.trim() } : {}),
      },
      {
        onSuccess: (invoice) => notify.success(INVOICE_MESSAGES.issued(invoice.number)),
        onError: (err) => notify.error(errorMessage(err, INVOICE_MESSAGES.listFailed)),
      },
    );
  };
  return (
    <form onSubmit={handleSubmit} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end" noValidate>
      <Field label="Customer's state (place of supply)" error={fieldError(issue.error, 'customerState')}>
        <select className={inputClass} value={state} onChange={(e) => setState(e.target.value)}>
          <option value="">Not specified</option>
          {GST_STATES.map((s) => (
            <option key={s.code} value={s.code}>
              {s.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Customer's GSTIN (if registered)" error={fieldError(issue.error, 'customerGstin')}>
        <input className={inputClass} value={gstin} onChange={(e) => setGstin(e.target.value)} maxLength={20} />
      </Field>
      <Field
        label="Customer's address"
        hint={INVOICE_MESSAGES.addressHint}
        error={fieldError(issue.error, 'customerAddress')}
        className="sm:col-span-2"
      >
        <textarea
          className={inputClass}
          rows={2}
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          maxLength={INVOICE_LIMITS.address}
          autoComplete="street-address"
        />
      </Field>
      <Button type="submit" disabled={issue.isPending}>
        <ReceiptText className="size-4" aria-hidden="true" /> Issue invoice
      </Button>
    </form>
  );
}

function CreditNoteForm({ invoice, inquiryId }: { invoice: Invoice; inquiryId: string }) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const credit = useIssueCreditNote(inquiryId);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    credit.mutate(
      { invoiceId: invoice._id, amount: Number(amount.replace(/,/g, '')), reason },
      {
        onSuccess: (updated) => {
          const note = updated.creditNotes.at(-1);
          if (note) notify.success(INVOICE_MESSAGES.creditNoteIssued(note.number));
          setAmount('');
          setReason('');
        },
        onError: (err) => notify.error(errorMessage(err, INVOICE_MESSAGES.listFailed)),
      },
    );
  };
  return (
    <form onSubmit={handleSubmit} className="mt-3 grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end" noValidate>
      <Field label="Credit (₹, GST included)" error={fieldError(credit.error, 'amount')}>
        <input className={inputClass} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
      </Field>
      <Field label="Reason" error={fieldError(credit.error, 'reason')}>
        <input className={inputClass} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={300} />
      </Field>
      <Button type="submit" variant="outline" disabled={credit.isPending}>
        Issue credit note
      </Button>
    </form>
  );
}

function InvoiceCard({ invoice, inquiryId }: { invoice: Invoice; inquiryId: string }) {
  return (
    <li className="rounded-2xl border border-stone-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p>
          <span className="font-semibold">{invoice.taxInvoice ? 'Tax invoice' : 'Invoice'}</span> {invoice.number}
          {' · '}
          {formatShortDate(invoice.issuedAt)} · <span className="tabular-nums">{formatRupees(invoice.total)}</span>
        </p>
        <PdfButton path={`/api/invoices/${invoice._id}.pdf`} number={invoice.number} />
      </div>
      {invoice.taxInvoice ? (
        <p className="text-sm text-stone-600">
          Taxable {formatRupees(invoice.taxable)} ·{' '}
          {invoice.igst > 0
            ? `IGST ${formatRupees(invoice.igst)}`
            : `CGST ${formatRupees(invoice.cgst)} + ${invoice.stateTaxName} ${formatRupees(invoice.sgst)}`}
          {invoice.placeOfSupply ? ` · ${gstStateLabel(invoice.placeOfSupply)}` : ''}
        </p>
      ) : null}
      {invoice.creditNotes.length > 0 ? (
        <ul className="mt-2 space-y-1 text-sm">
          {invoice.creditNotes.map((note) => (
            <li key={note._id} className="flex flex-wrap items-center justify-between gap-2">
              <span>
                Credit note {note.number} · {formatShortDate(note.issuedAt)} · {formatRupees(note.total)} ·{' '}
                {note.reason}
              </span>
              <PdfButton path={`/api/credit-notes/${note._id}.pdf`} number={note.number} />
            </li>
          ))}
        </ul>
      ) : null}
      {invoice.remaining > 0 ? (
        <>
          {invoice.credited > 0 ? (
            <p className="mt-2 text-sm text-stone-600">Not yet credited: {formatRupees(invoice.remaining)}</p>
          ) : null}
          <CreditNoteForm invoice={invoice} inquiryId={inquiryId} />
        </>
      ) : (
        <p className="mt-2 text-sm text-stone-600">Fully credited.</p>
      )}
    </li>
  );
}

export default function InvoicePanel({ inquiry }: { inquiry: Inquiry }) {
  const invoices = useInvoices(inquiry._id);
  if (invoices.isPending) return <Spinner label="Loading invoices…" />;
  if (invoices.isError) return <p role="alert">{errorMessage(invoices.error, INVOICE_MESSAGES.listFailed)}</p>;
  const list = invoices.data;
  // An invoice follows an accepted quotation, which sets the total package cost.
  if (list.length === 0 && inquiry.tpc === 0) return null;
  const live = list.some((i) => i.remaining > 0);
  return (
    <section aria-labelledby="invoices-title" className="card p-5 sm:p-6">
      <h2 id="invoices-title" className="mb-4 text-lg font-semibold">
        Tax invoice
      </h2>
      {list.length > 0 ? (
        <ul className="mb-4 space-y-3">
          {list.map((invoice) => (
            <InvoiceCard key={invoice._id} invoice={invoice} inquiryId={inquiry._id} />
          ))}
        </ul>
      ) : null}
      {live ? null : <IssueForm inquiry={inquiry} />}
    </section>
  );
}
