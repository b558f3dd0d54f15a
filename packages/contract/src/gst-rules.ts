// D32's GST facts and arithmetic, zod-free so that the web's pages (the trip page among them) may read them: the
// states and union territories with their GST codes, the GSTIN's format and check character, the rate, SAC and
// invoice words of tour operator services, the CGST + SGST / IGST split and the amount in words (Indian system).
// Every figure that depends on the law sits here once, with where it comes from, so the agency can change it when
// the law does.
import { GST_STATE_MESSAGE } from './gst-state-code';
import { mulDivHalfUp } from './quote-rules';

/**
 * The GST rate of tour operator services, in percent: Notification 11/2017-Central Tax (Rate), serial 23(i)
 * (and 8/2017-Integrated Tax (Rate), the same entry), 5% on the gross amount without input tax credit; unchanged by
 * the rates of 22 September 2025 as far as the lists read show. `GST_RATE` overrides it.
 */
export const DEFAULT_GST_RATE = 5;

/** The service's code in the Scheme of Classification of Services, group 99855: "Tour operator services". */
export const GST_SAC = '998555';

/**
 * What serial 23(i)'s condition asks the bill to say: the price includes the accommodation and the transport (the
 * 5% rate applies only then).
 */
export const GST_INCLUSIVE_WORDS = 'inclusive of accommodation and transportation';

/** The invoice's one line of description. */
export const GST_SERVICE_DESCRIPTION = `Tour operator services (tour package), ${GST_INCLUSIVE_WORDS}`;

export interface GstState {
  /** The two-digit code that opens a GSTIN and names a place of supply. */
  code: string;
  name: string;
  /**
   * A union territory without a legislature: the state half of an intra-territory supply is UTGST, not SGST (the
   * CGST Act's meaning of "Union territory", s.2(114)).
   */
  utgst?: true;
}

/**
 * The states and union territories of today with their GST codes, as the e-invoice portal's place-of-supply list
 * gives them (Vertex's copy of the IRP list, with Forbes India's and Tally's). Left out: 25 (Daman and Diu, merged
 * into 26 in January 2020), 28 (Andhra Pradesh before its division; 37 now), 97 (other territory) and 99 (centre
 * jurisdiction), which no customer lives in.
 */
export const GST_STATES: readonly GstState[] = [
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '03', name: 'Punjab' },
  { code: '04', name: 'Chandigarh', utgst: true },
  { code: '05', name: 'Uttarakhand' },
  { code: '06', name: 'Haryana' },
  { code: '07', name: 'Delhi' },
  { code: '08', name: 'Rajasthan' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '10', name: 'Bihar' },
  { code: '11', name: 'Sikkim' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '13', name: 'Nagaland' },
  { code: '14', name: 'Manipur' },
  { code: '15', name: 'Mizoram' },
  { code: '16', name: 'Tripura' },
  { code: '17', name: 'Meghalaya' },
  { code: '18', name: 'Assam' },
  { code: '19', name: 'West Bengal' },
  { code: '20', name: 'Jharkhand' },
  { code: '21', name: 'Odisha' },
  { code: '22', name: 'Chhattisgarh' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '24', name: 'Gujarat' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu', utgst: true },
  { code: '27', name: 'Maharashtra' },
  { code: '29', name: 'Karnataka' },
  { code: '30', name: 'Goa' },
  { code: '31', name: 'Lakshadweep', utgst: true },
  { code: '32', name: 'Kerala' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '34', name: 'Puducherry' },
  { code: '35', name: 'Andaman and Nicobar Islands', utgst: true },
  { code: '36', name: 'Telangana' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '38', name: 'Ladakh', utgst: true },
];

const STATE_BY_CODE = new Map(GST_STATES.map((s) => [s.code, s]));

/** The state or union territory of a two-digit GST code, if it is one of today's. */
export const gstState = (code: string | null | undefined): GstState | undefined =>
  code ? STATE_BY_CODE.get(code) : undefined;

/** 'Maharashtra (27)': how papers name a place of supply (Rule 46 asks for the state's name and code). */
export const gstStateLabel = (code: string): string => {
  const state = gstState(code);
  return state ? `${state.name} (${code})` : code;
};

const GSTIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * A GSTIN's 15 characters: the state code, the holder's PAN (five letters, the fourth the holder's type, four
 * digits, a letter), the entity number within the state, 'Z', and the check character (python-stdnum's pattern;
 * our state codes are the list above, so Ladakh's 38 passes).
 */
const GSTIN_PATTERN = /^(\d{2})[A-Z]{3}[ABCFGHLJPTK][A-Z]\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/**
 * The check character of a GSTIN's first 14 characters: Luhn mod 36 over the alphabet 0–9A–Z, weights 1, 2, 1, …
 * from the left, each product counted as its quotient and remainder by 36 (python-stdnum's `calc_check_digit`).
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < first14.length; i++) {
    const p = GSTIN_ALPHABET.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(p / 36) + (p % 36);
  }
  return GSTIN_ALPHABET[(36 - (sum % 36)) % 36]!;
}

/** A well-formed GSTIN of one of today's states whose check character is right (upper case, no spaces). */
export function isValidGstin(gstin: string): boolean {
  const m = GSTIN_PATTERN.exec(gstin);
  if (!m || !STATE_BY_CODE.has(m[1]!)) return false;
  return gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14];
}

/** The state code of a GSTIN: its first two digits. */
export const gstinState = (gstin: string): string => gstin.slice(0, 2);

export const GST_RULE_MESSAGES = {
  invalidGstin: 'Enter a valid GSTIN: 15 characters, such as 27AAPFU0939F1ZV, whose last character checks.',
  invalidState: GST_STATE_MESSAGE,
} as const;

export interface GstSplit {
  /** Within the agency's state or territory: CGST + SGST (or UTGST); else IGST (IGST Act ss. 7 and 8). */
  kind: 'intra' | 'inter';
  cgstPaise: number;
  /** SGST, or UTGST when `stateTaxName` says so. */
  sgstPaise: number;
  igstPaise: number;
  stateTaxName: 'SGST' | 'UTGST';
}

/**
 * Splits a tax in paise by where it is supplied: the same state (or territory) as the agency's → half CGST, half
 * SGST (UTGST in a territory without a legislature); another → all IGST. An odd paisa goes to the state's half, so
 * CGST + SGST is always the whole tax.
 */
export function gstSplit(taxPaise: number, agencyState: string, placeOfSupply: string): GstSplit {
  const stateTaxName = gstState(agencyState)?.utgst ? 'UTGST' : 'SGST';
  if (agencyState !== placeOfSupply) {
    return { kind: 'inter', cgstPaise: 0, sgstPaise: 0, igstPaise: taxPaise, stateTaxName };
  }
  const cgstPaise = Math.floor(taxPaise / 2);
  return { kind: 'intra', cgstPaise, sgstPaise: taxPaise - cgstPaise, igstPaise: 0, stateTaxName };
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 0–99 in words ('' for 0). */
const belowHundred = (n: number) => (n < 20 ? ONES[n]! : [TENS[Math.floor(n / 10)]!, ONES[n % 10]!].join(' ').trim());

/** 0–999 in words ('' for 0). */
const belowThousand = (n: number) =>
  [n >= 100 ? `${ONES[Math.floor(n / 100)]} Hundred` : '', belowHundred(n % 100)].filter(Boolean).join(' ');

/**
 * A whole number in the Indian system: the digits read from the right as hundreds, then thousands, lakhs and
 * crores by pairs, and whatever stands before the crores again as a number of crores ('One Thousand Crore').
 */
function indianWords(n: number): string {
  if (n === 0) return '';
  const crores = Math.floor(n / 10_000_000);
  const rest = n % 10_000_000;
  const lakhs = Math.floor(rest / 100_000);
  const thousands = Math.floor((rest % 100_000) / 1000);
  return [
    crores ? `${indianWords(crores)} Crore` : '',
    lakhs ? `${belowHundred(lakhs)} Lakh` : '',
    thousands ? `${belowHundred(thousands)} Thousand` : '',
    belowThousand(rest % 1000),
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * An amount in words, Indian system: 12000050 paise → 'Rupees One Lakh Twenty Thousand and Fifty Paise Only'. No
 * form is prescribed (Rule 46 does not ask for words); this is the order most invoices use.
 */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`Not a whole, non-negative paise: ${paise}`);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const words = `Rupees ${rupees === 0 ? 'Zero' : indianWords(rupees)}`;
  return rest === 0 ? `${words} Only` : `${words} and ${belowHundred(rest)} Paise Only`;
}

/** Amounts in paise of an invoice or a credit note: taxable value, each tax, and the total (GST included). */
export interface GstAmounts {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

/**
 * What a credit note of `amountPaise` (GST included) takes back from `invoice`, given what earlier notes took
 * (`credited`): the invoice's own proportion of taxable value to total, rounded half up, the rest tax, split as the
 * invoice's was. The note that credits the last paisa takes exactly what is left of each figure, so the notes of a
 * fully credited invoice add up to it to the paisa. `amountPaise` must be 1 … what is left.
 */
export function creditNoteAmounts(
  amountPaise: number,
  invoice: GstAmounts,
  credited: GstAmounts,
  split: (taxPaise: number) => Pick<GstSplit, 'cgstPaise' | 'sgstPaise' | 'igstPaise'>,
): GstAmounts {
  if (amountPaise === invoice.totalPaise - credited.totalPaise) {
    return {
      taxablePaise: invoice.taxablePaise - credited.taxablePaise,
      cgstPaise: invoice.cgstPaise - credited.cgstPaise,
      sgstPaise: invoice.sgstPaise - credited.sgstPaise,
      igstPaise: invoice.igstPaise - credited.igstPaise,
      totalPaise: amountPaise,
    };
  }
  const taxablePaise =
    invoice.totalPaise === 0 ? amountPaise : mulDivHalfUp(amountPaise, invoice.taxablePaise, invoice.totalPaise);
  const { cgstPaise, sgstPaise, igstPaise } = split(amountPaise - taxablePaise);
  return { taxablePaise, cgstPaise, sgstPaise, igstPaise, totalPaise: amountPaise };
}
