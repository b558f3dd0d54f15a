// D32's papers as they are printed: the view model of a tax invoice, a plain invoice or a credit note, made once
// when the paper is issued and kept whole (JSON in the row), so the PDF drawn from it later says what it said that
// day whatever the configuration, the inquiry or the law says since.
import {
  CREDIT_NOTE_TITLE,
  GST_SAC,
  GST_SERVICE_DESCRIPTION,
  amountInWords,
  gstState,
  gstStateLabel,
  gstinState,
  invoiceTitle,
  type GstAmounts,
} from '@safarnama/contract';
import type { Config } from '../config';

export type PaperConfig = Pick<
  Config,
  'GST_NUMBER' | 'GST_LEGAL_NAME' | 'SITE_ADDRESS' | 'SITE_NAME' | 'SITE_PHONE' | 'SITE_EMAIL'
>;

export interface InvoicePaper {
  kind: 'invoice' | 'creditNote';
  /** 'Tax invoice', 'Invoice' or 'Credit note'. */
  title: string;
  number: string;
  /** The Kolkata day of issue, YYYY-MM-DD. */
  date: string;
  seller: {
    /** The legal name on a tax invoice, else the agency's name. */
    name: string;
    /** The agency's name when it differs from the legal name. */
    tradeName: string | null;
    gstin: string | null;
    address: string | null;
    /** 'Maharashtra (27)': the state of the GSTIN. */
    state: string | null;
    phone: string;
    email: string;
  };
  buyer: {
    name: string;
    /** The postal address staff typed at issue (Rule 46(d)); absent from papers issued before it was asked. */
    address?: string | null;
    email: string;
    state: string | null;
    gstin: string | null;
  };
  /** A credit note's invoice (Rule 53: its number and date). */
  against: { number: string; date: string } | null;
  reason: string | null;
  trip: { destination: string; tourDuration: string; travelDate: string | null; travellers: string; version: number };
  /** SAC and the place of supply: a tax invoice's and its credit notes' only. */
  sac: string | null;
  placeOfSupply: string | null;
  description: string;
  gstPercent: number;
  amounts: GstAmounts;
  /** Each tax line ('CGST', 2.5, paise); none on a plain paper. */
  taxes: { name: string; percent: number; paise: number }[];
  words: string;
}

export interface PaperParty {
  customerName: string;
  customerAddress: string | null;
  customerEmail: string;
  placeOfSupply: string | null;
  customerGstin: string | null;
  destination: string;
  tourDuration: string;
  travelDate: string | null;
  adults: number;
  kids: number;
  version: number;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function taxLines(
  amounts: GstAmounts,
  gstPercent: number,
  stateTaxName: string,
  intra: boolean,
): InvoicePaper['taxes'] {
  if (!intra) return [{ name: 'IGST', percent: gstPercent, paise: amounts.igstPaise }];
  return [
    { name: 'CGST', percent: gstPercent / 2, paise: amounts.cgstPaise },
    { name: stateTaxName, percent: gstPercent / 2, paise: amounts.sgstPaise },
  ];
}

/** The paper of an invoice being issued: a tax invoice when `taxInvoice` (GST_NUMBER set), else a plain one. */
export function invoicePaper(input: {
  config: PaperConfig;
  taxInvoice: boolean;
  number: string;
  date: string;
  party: PaperParty;
  gstPercent: number;
  stateTaxName: string;
  amounts: GstAmounts;
}): InvoicePaper {
  const { config, party, taxInvoice } = input;
  const legalName = taxInvoice ? (config.GST_LEGAL_NAME ?? config.SITE_NAME) : config.SITE_NAME;
  const gstin = taxInvoice ? (config.GST_NUMBER ?? null) : null;
  const trip = `Tour package: ${party.destination}${party.tourDuration ? `, ${party.tourDuration}` : ''}`;
  return {
    kind: 'invoice',
    title: invoiceTitle(taxInvoice),
    number: input.number,
    date: input.date,
    seller: {
      name: legalName,
      tradeName: legalName === config.SITE_NAME ? null : config.SITE_NAME,
      gstin,
      address: config.SITE_ADDRESS ?? null,
      state: gstin && gstState(gstinState(gstin)) ? gstStateLabel(gstinState(gstin)) : null,
      phone: config.SITE_PHONE,
      email: config.SITE_EMAIL,
    },
    buyer: {
      name: party.customerName,
      address: party.customerAddress,
      email: party.customerEmail,
      state: party.placeOfSupply ? gstStateLabel(party.placeOfSupply) : null,
      gstin: taxInvoice ? party.customerGstin : null,
    },
    against: null,
    reason: null,
    trip: {
      destination: party.destination,
      tourDuration: party.tourDuration,
      travelDate: party.travelDate,
      travellers: `${plural(party.adults, 'adult', 'adults')}, ${plural(party.kids, 'kid', 'kids')}`,
      version: party.version,
    },
    sac: taxInvoice ? GST_SAC : null,
    placeOfSupply: taxInvoice && party.placeOfSupply ? gstStateLabel(party.placeOfSupply) : null,
    // D32: the 5% rate asks the bill to say it includes accommodation and transport; a plain paper says no GST word.
    description: taxInvoice ? `${trip}. ${GST_SERVICE_DESCRIPTION}` : trip,
    gstPercent: taxInvoice ? input.gstPercent : 0,
    amounts: input.amounts,
    taxes: taxInvoice
      ? taxLines(input.amounts, input.gstPercent, input.stateTaxName, party.placeOfSupply === gstinState(gstin ?? ''))
      : [],
    words: amountInWords(input.amounts.totalPaise),
  };
}

/**
 * A credit note's paper: the invoice's parties, trip and description as the invoice printed them (a GSTIN removed
 * since does not make its credit note plain), with its own number, date, reason and amounts.
 */
export function creditNotePaper(
  invoice: InvoicePaper,
  note: { number: string; date: string; reason: string; amounts: GstAmounts },
): InvoicePaper {
  const intra = invoice.taxes.some((t) => t.name === 'CGST');
  return {
    ...invoice,
    kind: 'creditNote',
    title: CREDIT_NOTE_TITLE,
    number: note.number,
    date: note.date,
    against: { number: invoice.number, date: invoice.date },
    reason: note.reason,
    amounts: note.amounts,
    taxes: invoice.taxes.length
      ? taxLines(note.amounts, invoice.gstPercent, invoice.taxes[1]?.name ?? 'SGST', intra)
      : [],
    words: amountInWords(note.amounts.totalPaise),
  };
}
