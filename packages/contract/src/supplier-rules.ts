// D33 the supplier directory: kinds, limits and messages (zod-free, so any page may import them; suppliers.ts holds
// the schemas).
import { SUPPLIER_KINDS, type SupplierKind } from './quotes-rules';

export const SUPPLIER_KIND_LABELS: Record<SupplierKind, string> = {
  hotel: 'Hotel',
  cab: 'Cab',
  guide: 'Guide',
  activity: 'Activity',
  other: 'Other',
};

export const SUPPLIER_LIMITS = {
  name: 120,
  city: 80,
  contactPerson: 100,
  /** Printed on the supplier's vouchers (issue 53): street, area, city and PIN. */
  address: 300,
  phone: 30,
  notes: 2_000,
  search: 100,
  /** How many suppliers the builder's supplier field offers as one types. */
  suggestions: 8,
} as const;

export const SUPPLIER_MESSAGES = {
  notFound: 'Supplier not found',
  kindInvalid: `Kind must be one of: ${SUPPLIER_KINDS.join(', ')}`,
  nameRequired: 'Name is required',
  cityRequired: 'City is required',
  phoneInvalid: 'Enter the phone/WhatsApp number with its country code (+91 …) or as a 10-digit Indian mobile',
  emailInvalid: 'Enter a valid e-mail address',
  contactRequired: 'Give a phone/WhatsApp number or an e-mail, so the supplier can be reached',
  duplicate: 'A supplier of this kind with this name already exists in this city',
  activeInvalid: 'active must be true or false',
  kindFilterInvalid: `kind must be one of: ${SUPPLIER_KINDS.join(', ')}`,
  // The back office's directory (apps/web/src/features/suppliers)
  title: 'Suppliers',
  intro:
    'Hotels, cab operators, guides and activities the agency books. A supplier named on a quotation is deactivated, never deleted.',
  add: 'Add supplier',
  edit: 'Edit',
  save: 'Save supplier',
  saving: 'Saving…',
  cancel: 'Cancel',
  created: 'Supplier added',
  saved: 'Supplier saved',
  saveFailed: 'Failed to save the supplier',
  loadFailed: 'Failed to load the suppliers',
  loading: 'Loading suppliers…',
  none: 'No supplier yet. Add the hotels and cab operators you book most.',
  noMatch: 'No supplier matches these filters.',
  search: 'Name, contact, phone or e-mail',
  anyKind: 'Every kind',
  cityFilter: 'City',
  showInactive: 'Show inactive',
  active: 'Active',
  inactive: 'Inactive',
  activate: 'Activate',
  deactivate: 'Deactivate',
  activated: 'Supplier activated',
  deactivated: 'Supplier deactivated: it is no longer offered on new quotation lines.',
  // The quotation builder's supplier field
  field: 'Supplier',
  fieldHint: 'Type a name from the directory',
  fieldNoMatch: 'No active supplier has this name',
  /** The unit cost the builder filled in from the last sent line with that supplier. */
  lastRate: (amount: string, sentOn: string) => `Last rate with this supplier: ${amount} (sent ${sentOn})`,
} as const;
