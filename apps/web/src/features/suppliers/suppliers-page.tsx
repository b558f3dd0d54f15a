// /suppliers: the back office's supplier directory (D33) — search, filters by kind and city, inactive ones on
// request, add and edit in one form, and the active toggle (a supplier is deactivated, never deleted).
import { useDeferredValue, useState } from 'react';
import { Pencil, Plus, Power } from 'lucide-react';
import {
  SUPPLIER_KIND_LABELS,
  SUPPLIER_LIMITS,
  SUPPLIER_MESSAGES,
  type Supplier,
  type SupplierBody,
} from '@safarnama/contract/suppliers';
import { SUPPLIER_KINDS, type SupplierKind } from '@safarnama/contract/quotes-rules';
import { Button } from '../../components/ui/button';
import { EmptyState, ErrorMessage } from '../../components/ui/alert';
import { Field, inputClass } from '../../components/ui/field';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useDocumentTitle } from '../../lib/use-document-title';
import { SUPPLIERS_PAGE_SIZE, useSuppliers } from './api/get-suppliers';
import { useSaveSupplier } from './api/save-supplier';
import { SupplierForm } from './components/supplier-form';

/** The form shows for a new supplier ('new'), for one being edited, or not at all (null). */
type Editing = 'new' | Supplier | null;

const bodyOf = (s: Supplier, active: boolean): SupplierBody => ({
  kind: s.kind,
  name: s.name,
  city: s.city,
  contactPerson: s.contactPerson,
  address: s.address,
  phone: s.phone,
  email: s.email,
  notes: s.notes,
  active,
});

function SupplierCard({
  supplier,
  onEdit,
  onToggle,
  busy,
}: {
  supplier: Supplier;
  onEdit: () => void;
  onToggle: () => void;
  busy: boolean;
}) {
  return (
    <li
      className="card flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between"
      data-supplier={supplier._id}
    >
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-stone-900">{supplier.name}</span>
          <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">
            {SUPPLIER_KIND_LABELS[supplier.kind]}
          </span>
          {supplier.active ? null : (
            <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs font-medium text-stone-700">
              {SUPPLIER_MESSAGES.inactive}
            </span>
          )}
        </p>
        <p className="text-sm text-stone-600">{[supplier.city, supplier.contactPerson].filter(Boolean).join(' · ')}</p>
        {supplier.address ? <p className="text-sm whitespace-pre-line text-stone-600">{supplier.address}</p> : null}
        <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm break-all">
          {supplier.phone ? <a href={`tel:${supplier.phone.replace(/[^\d+]/g, '')}`}>{supplier.phone}</a> : null}
          {supplier.email ? <a href={`mailto:${supplier.email}`}>{supplier.email}</a> : null}
        </p>
        {supplier.notes ? <p className="mt-1 text-sm whitespace-pre-line text-stone-500">{supplier.notes}</p> : null}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${supplier.name}`}>
          <Pencil className="size-4" aria-hidden="true" /> {SUPPLIER_MESSAGES.edit}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={onToggle}
          disabled={busy}
          aria-label={`${supplier.active ? SUPPLIER_MESSAGES.deactivate : SUPPLIER_MESSAGES.activate} ${supplier.name}`}
        >
          <Power className="size-4" aria-hidden="true" />{' '}
          {supplier.active ? SUPPLIER_MESSAGES.deactivate : SUPPLIER_MESSAGES.activate}
        </Button>
      </div>
    </li>
  );
}

export default function SuppliersPage() {
  useDocumentTitle(SUPPLIER_MESSAGES.title);
  const [q, setQ] = useState('');
  const [kind, setKind] = useState<SupplierKind | ''>('');
  const [city, setCity] = useState('');
  const [showInactive, setShowInactive] = useState(false);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  // Typing asks the server as the words settle, not on every key.
  const filter = { q: useDeferredValue(q), kind, city: useDeferredValue(city), showInactive, page };
  const suppliers = useSuppliers(filter);
  const save = useSaveSupplier();
  const filtering = filter.q.trim() !== '' || kind !== '' || filter.city.trim() !== '';
  const pages = Math.max(1, Math.ceil((suppliers.data?.total ?? 0) / SUPPLIERS_PAGE_SIZE));

  const handleSave = async (body: SupplierBody) => {
    const id = editing !== null && editing !== 'new' ? editing._id : undefined;
    try {
      await save.mutateAsync({ id, body });
      notify.success(id ? SUPPLIER_MESSAGES.saved : SUPPLIER_MESSAGES.created);
      setEditing(null);
    } catch (err) {
      notify.error(errorMessage(err, SUPPLIER_MESSAGES.saveFailed));
      throw err;
    }
  };

  const handleToggle = (s: Supplier) =>
    save.mutate(
      { id: s._id, body: bodyOf(s, !s.active) },
      {
        onSuccess: () => notify.success(s.active ? SUPPLIER_MESSAGES.deactivated : SUPPLIER_MESSAGES.activated),
        onError: (err) => notify.error(errorMessage(err, SUPPLIER_MESSAGES.saveFailed)),
      },
    );

  const changeFilter = (apply: () => void) => {
    apply();
    setPage(1);
  };

  return (
    <section className="container-page py-8 sm:py-10">
      <PageHeader
        title={SUPPLIER_MESSAGES.title}
        description={SUPPLIER_MESSAGES.intro}
        actions={
          editing === null ? (
            <Button onClick={() => setEditing('new')}>
              <Plus className="size-4" aria-hidden="true" /> {SUPPLIER_MESSAGES.add}
            </Button>
          ) : null
        }
      />
      {editing !== null ? (
        <section aria-labelledby="supplier-form" className="card mb-6 p-5 sm:p-6">
          <h2 id="supplier-form" className="mb-4 text-lg font-semibold">
            {editing === 'new' ? SUPPLIER_MESSAGES.add : `${SUPPLIER_MESSAGES.edit} ${editing.name}`}
          </h2>
          <SupplierForm
            key={editing === 'new' ? 'new' : editing._id}
            supplier={editing === 'new' ? undefined : editing}
            onSave={handleSave}
            onCancel={() => setEditing(null)}
          />
        </section>
      ) : null}
      <div
        role="search"
        className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start"
      >
        <Field label="Search">
          <input
            type="search"
            className={inputClass}
            placeholder={SUPPLIER_MESSAGES.search}
            maxLength={SUPPLIER_LIMITS.search}
            value={q}
            onChange={(e) => changeFilter(() => setQ(e.target.value))}
          />
        </Field>
        <Field label="Kind">
          <select
            className={inputClass}
            value={kind}
            onChange={(e) => changeFilter(() => setKind(e.target.value as SupplierKind | ''))}
          >
            <option value="">{SUPPLIER_MESSAGES.anyKind}</option>
            {SUPPLIER_KINDS.map((k) => (
              <option key={k} value={k}>
                {SUPPLIER_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </Field>
        <Field label={SUPPLIER_MESSAGES.cityFilter}>
          <input
            className={inputClass}
            maxLength={SUPPLIER_LIMITS.city}
            value={city}
            onChange={(e) => changeFilter(() => setCity(e.target.value))}
          />
        </Field>
        <label className="flex items-center gap-2 py-2.5 text-sm font-medium text-stone-700 sm:self-end">
          <input
            type="checkbox"
            className="size-4 rounded border-stone-300"
            checked={showInactive}
            onChange={(e) => changeFilter(() => setShowInactive(e.target.checked))}
          />
          {SUPPLIER_MESSAGES.showInactive}
        </label>
      </div>
      {suppliers.isPending ? (
        <Spinner label={SUPPLIER_MESSAGES.loading} />
      ) : suppliers.isError ? (
        <ErrorMessage>{errorMessage(suppliers.error, SUPPLIER_MESSAGES.loadFailed)}</ErrorMessage>
      ) : suppliers.data.items.length === 0 ? (
        <EmptyState>{filtering || showInactive ? SUPPLIER_MESSAGES.noMatch : SUPPLIER_MESSAGES.none}</EmptyState>
      ) : (
        <>
          <p className="mb-2 text-sm text-stone-600" aria-live="polite">
            {suppliers.data.total === 1 ? '1 supplier' : `${suppliers.data.total} suppliers`}
          </p>
          <ul className="space-y-3" aria-label={SUPPLIER_MESSAGES.title}>
            {suppliers.data.items.map((s) => (
              <SupplierCard
                key={s._id}
                supplier={s}
                busy={save.isPending}
                onEdit={() => setEditing(s)}
                onToggle={() => handleToggle(s)}
              />
            ))}
          </ul>
          {pages > 1 ? (
            <nav aria-label="Pages" className="mt-4 flex items-center gap-3">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <span className="text-sm text-stone-600">
                Page {page} of {pages}
              </span>
              <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                Next
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}
