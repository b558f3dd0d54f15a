// D32: what the configuration says about GST, in one place for the quotations and the invoices.
import type { Config } from '../config';

/** The GST percent a quotation carries: GST_RATE for a registered agency (GST_NUMBER set), else none. */
export const quoteGstPercent = (config: Pick<Config, 'GST_NUMBER' | 'GST_RATE'>): number =>
  config.GST_NUMBER ? config.GST_RATE : 0;
