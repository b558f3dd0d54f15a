import { describe, expect, it } from 'vitest';
import {
  AGENCY_ONLY_INQUIRY_FIELDS,
  INQUIRY_CSV_COLUMNS,
  INQUIRY_CSV_HEADERS,
  INQUIRY_FIELDS,
  INQUIRY_TABLE_FIELDS,
  customerInquirySchema,
  inquirySchema,
  type InquiryFieldSpec,
} from './inquiries';

// The fields' table holds together: one entry per API name, one CSV column per header, and a Customer's answer
// schema is the full one without the agency's fields (D24).
const fields: readonly InquiryFieldSpec[] = INQUIRY_FIELDS;
const unique = (list: readonly string[]) => new Set(list).size === list.length;

describe('inquiry fields', () => {
  it('names each field once and each CSV column once', () => {
    expect(unique(fields.map((f) => f.key))).toBe(true);
    expect(unique(INQUIRY_CSV_HEADERS)).toBe(true);
    expect(unique(INQUIRY_CSV_COLUMNS)).toBe(true);
    expect([...INQUIRY_CSV_COLUMNS].sort()).toEqual(
      fields
        .filter((f) => f.csv)
        .map((f) => f.key)
        .sort(),
    );
  });

  it('gives every field of an answer an entry, and every edited field a name in the timeline', () => {
    const answerKeys = Object.keys(inquirySchema.shape);
    for (const key of answerKeys)
      expect(
        fields.some((f) => f.key === key || f.key.startsWith(`${key}.`)),
        key,
      ).toBe(true);
    for (const f of fields)
      if (f.edit && f.key !== 'status' && f.key !== 'staff.name') expect(f.timeline, f.key).toBeTruthy();
    for (const f of INQUIRY_TABLE_FIELDS) expect(answerKeys, f.key).toContain(f.key);
  });

  it("leaves the agency's fields out of a Customer's answer (D24)", () => {
    expect(AGENCY_ONLY_INQUIRY_FIELDS).toEqual(['totalRevenue', 'hotelCost', 'cabCost', 'profit', 'followUpAt']);
    expect(Object.keys(customerInquirySchema.shape).sort()).toEqual(
      Object.keys(inquirySchema.shape)
        .filter((k) => !(AGENCY_ONLY_INQUIRY_FIELDS as readonly string[]).includes(k))
        .sort(),
    );
    expect(Object.keys(customerInquirySchema.shape.staff.unwrap().shape)).toEqual(['id', 'name']);
  });
});
