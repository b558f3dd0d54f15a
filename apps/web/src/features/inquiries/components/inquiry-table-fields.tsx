// The edit form's inputs for the fields INQUIRY_FIELDS describes wholly (text, yes/no, a state), by section:
// a field added to the table appears in its section without code here. The form's own inputs come first.
import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';
import {
  INQUIRY_TABLE_FIELDS,
  type Inquiry,
  type InquiryEditSection,
  type InquiryTextFieldKey,
  type InquiryYesNoFieldKey,
} from '@safarnama/contract/inquiries';
import { GST_STATES } from '@safarnama/contract/payments-rules';
import { Field, inputClass } from '../../../components/ui/field';

/** The table fields as the form holds them: text as typed, yes/no as 'yes', 'no' or '' (not known). */
export type TableFormValues = Record<InquiryTextFieldKey, string> & Record<InquiryYesNoFieldKey, '' | 'yes' | 'no'>;

export function toTableFormValues(inquiry: Inquiry): TableFormValues {
  const answer = inquiry as unknown as Record<string, unknown>;
  return Object.fromEntries(
    INQUIRY_TABLE_FIELDS.map((f) => {
      const v = answer[f.key];
      return [f.key, f.kind === 'yesNo' ? (v === true ? 'yes' : v === false ? 'no' : '') : String(v ?? '')];
    }),
  ) as TableFormValues;
}

/** The update body's table fields: text as it stands, yes/no as true, false or null. */
export function toTableBody(values: TableFormValues): Record<string, string | boolean | null> {
  const form = values as Record<string, string>;
  return Object.fromEntries(
    INQUIRY_TABLE_FIELDS.map((f) => {
      const v = form[f.key] ?? '';
      return [f.key, f.kind === 'yesNo' ? (v === '' ? null : v === 'yes') : v];
    }),
  );
}

interface TableFieldsProps<T extends FieldValues> {
  section: InquiryEditSection;
  /** The table fields the form lays out itself. */
  placed: ReadonlySet<string>;
  register: UseFormRegister<T>;
  errors: Partial<Record<string, string>>;
}

export function TableFields<T extends FieldValues>({ section, placed, register, errors }: TableFieldsProps<T>) {
  const fields = INQUIRY_TABLE_FIELDS.filter((f) => f.edit === section && !placed.has(f.key));
  if (fields.length === 0) return null;
  return (
    <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {fields.map((f) => {
        const name = f.key as Path<T>;
        return (
          <Field
            key={f.key}
            label={f.label}
            error={errors[f.key]}
            className={f.kind === 'longText' ? 'sm:col-span-2 lg:col-span-3' : ''}
          >
            {f.kind === 'yesNo' ? (
              <select className={inputClass} {...register(name)}>
                <option value="">Not specified</option>
                <option value="yes">Yes</option>
                <option value="no">No</option>
              </select>
            ) : f.kind === 'gstState' ? (
              <select className={inputClass} {...register(name)}>
                <option value="">Not specified</option>
                {GST_STATES.map((s) => (
                  <option key={s.code} value={s.code}>
                    {s.name}
                  </option>
                ))}
              </select>
            ) : f.kind === 'longText' ? (
              <textarea rows={3} className={inputClass} {...register(name)} />
            ) : (
              <input className={inputClass} {...register(name)} />
            )}
          </Field>
        );
      })}
    </div>
  );
}
