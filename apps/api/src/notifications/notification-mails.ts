// The notification mails of D25, rendered when the change that causes them is written: a plain-text part and an
// HTML part (every value escaped), with the agency's contact details (D13) in every footer.
import { formatRupees } from '@safarnama/contract';
import type { Config } from '../config';
import type { InquiryRow } from '../inquiries/inquiry.repository';
import type { InvoicePaper } from '../invoices/invoice-paper';

export type SiteSettings = Pick<Config, 'SITE_NAME' | 'SITE_PHONE' | 'SITE_EMAIL' | 'SITE_WHATSAPP' | 'SITE_URL'>;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const whatsappUrl = (site: SiteSettings) => `https://wa.me/${site.SITE_WHATSAPP.replace(/\D/g, '')}`;

/** Mail subjects are one line: a name with a line break must not start a new header. */
const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, ' ').trim();

/** A block of the mail: a paragraph, label/value rows, a link, or someone's words kept with their line breaks. */
export type Block =
  | { p: string }
  | { rows: readonly (readonly [string, string])[] }
  | { link: string; label: string }
  | { quote: string };

export function render(
  site: SiteSettings,
  subject: string,
  blocks: readonly Block[],
  unsubscribeUrl?: string,
): RenderedMail {
  const wa = whatsappUrl(site);
  const footerLines = [site.SITE_NAME, `Phone: ${site.SITE_PHONE}`, `E-mail: ${site.SITE_EMAIL}`, `WhatsApp: ${wa}`];
  const text = [
    ...blocks.map((b) =>
      'p' in b
        ? b.p
        : 'quote' in b
          ? b.quote
          : 'rows' in b
            ? b.rows.map(([k, v]) => `${k}: ${v}`).join('\n')
            : `${b.label}: ${b.link}`,
    ),
    '--',
    ...footerLines,
    ...(unsubscribeUrl ? [`To stop e-mails about your inquiries' progress: ${unsubscribeUrl}`] : []),
  ].join('\n\n');

  const cell = 'padding:4px 12px 4px 0;vertical-align:top';
  const htmlBlocks = blocks.map((b) => {
    if ('p' in b) return `<p>${escapeHtml(b.p)}</p>`;
    if ('quote' in b) {
      return `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #ccc;white-space:pre-wrap">${escapeHtml(b.quote)}</blockquote>`;
    }
    if ('rows' in b) {
      const rows = b.rows
        .map(
          ([k, v]) =>
            `<tr><th align="left" style="${cell}">${escapeHtml(k)}</th><td style="${cell}">${escapeHtml(v)}</td></tr>`,
        )
        .join('');
      return `<table role="presentation" style="border-collapse:collapse">${rows}</table>`;
    }
    return `<p><a href="${escapeHtml(b.link)}">${escapeHtml(b.label)}</a></p>`;
  });
  const footer =
    `<p style="color:#555;font-size:13px">${escapeHtml(site.SITE_NAME)}<br>` +
    `Phone: ${escapeHtml(site.SITE_PHONE)}<br>` +
    `E-mail: <a href="mailto:${escapeHtml(site.SITE_EMAIL)}">${escapeHtml(site.SITE_EMAIL)}</a><br>` +
    `WhatsApp: <a href="${escapeHtml(wa)}">${escapeHtml(wa)}</a></p>` +
    (unsubscribeUrl
      ? `<p style="color:#555;font-size:12px"><a href="${escapeHtml(unsubscribeUrl)}">Stop e-mails about the progress of my inquiries</a></p>`
      : '');
  const html =
    `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222;line-height:1.5">` +
    `${htmlBlocks.join('')}<hr style="border:none;border-top:1px solid #ddd">${footer}</body></html>`;
  return { subject: oneLine(subject), text, html };
}

const travellers = (row: InquiryRow) =>
  `${row.adults} ${row.adults === 1 ? 'adult' : 'adults'}, ${row.kids} ${row.kids === 1 ? 'kid' : 'kids'}`;

/** What the customer asked for, as label/value rows (shared by the staff mail and the receipt). */
function tripRows(row: InquiryRow): [string, string][] {
  const rows: [string, string][] = [
    ['Destination', row.location],
    ['Travelling from', row.traveling_from || '—'],
    ['Drop city', row.drop_city || '—'],
    ['Dates / duration', row.tour_duration || '—'],
    ['Travellers', travellers(row)],
    ['Budget', formatRupees(row.budget_paise / 100)],
    ['Hotel', row.hotel_type ?? '—'],
  ];
  if (row.extra_info) rows.push(['Notes', row.extra_info]);
  return rows;
}

/** To the Owner and Staff: a lead has arrived. */
export function newInquiryMail(site: SiteSettings, row: InquiryRow): RenderedMail {
  return render(site, `New inquiry: ${row.customer_name} → ${row.location}`, [
    { p: `A new trip inquiry has arrived from ${row.customer_name}.` },
    {
      rows: [
        ['Customer', row.customer_name],
        ['E-mail', row.customer_email],
        ['WhatsApp', row.customer_whatsapp],
        ...tripRows(row),
      ],
    },
    { link: `${site.SITE_URL}/inquiries/edit/${encodeURIComponent(row.id)}`, label: 'Open the inquiry' },
  ]);
}

/** To the staff member an inquiry was assigned to. */
export function assignmentMail(site: SiteSettings, row: InquiryRow, assignedBy: string): RenderedMail {
  return render(site, `Assigned to you: ${row.customer_name} → ${row.location}`, [
    { p: `${assignedBy} assigned the inquiry of ${row.customer_name} to you.` },
    {
      rows: [
        ['Customer', row.customer_name],
        ['WhatsApp', row.customer_whatsapp],
        ...tripRows(row),
        ['Status', row.status],
      ],
    },
    { link: `${site.SITE_URL}/inquiries/edit/${encodeURIComponent(row.id)}`, label: 'Open the inquiry' },
  ]);
}

const inquiryLink = (site: SiteSettings, row: InquiryRow): Block => ({
  link: `${site.SITE_URL}/inquiries/edit/${encodeURIComponent(row.id)}`,
  label: 'Open the inquiry',
});

/**
 * To the inquiry's handler (or the Owner): the customer accepted a version on the trip link. `acceptedBy` is the
 * name they typed there; staff mails repeat what customers typed, as the new-inquiry mail does.
 */
export function quoteAcceptedMail(
  site: SiteSettings,
  row: InquiryRow,
  accepted: { acceptedBy: string; version: number; totalPaise: number },
): RenderedMail {
  return render(site, `Quotation accepted: ${row.customer_name} → ${row.location}`, [
    {
      p:
        `${accepted.acceptedBy} accepted version ${accepted.version} of the quotation for ${row.customer_name}'s ` +
        `trip to ${row.location}. The inquiry is now Booking Pending: ask for the advance.`,
    },
    {
      rows: [
        ['Customer', row.customer_name],
        ['Accepted by', accepted.acceptedBy],
        ['Version', String(accepted.version)],
        ['Total', formatRupees(accepted.totalPaise / 100)],
        ['WhatsApp', row.customer_whatsapp],
      ],
    },
    inquiryLink(site, row),
  ]);
}

/** To the inquiry's handler (or the Owner): the customer asked for changes on the trip link, in their words. */
export function quoteChangesMail(site: SiteSettings, row: InquiryRow, message: string): RenderedMail {
  return render(site, `Changes asked for: ${row.customer_name} → ${row.location}`, [
    { p: `${row.customer_name} asked for changes to the quotation for their trip to ${row.location}:` },
    { quote: message },
    {
      rows: [
        ['Customer', row.customer_name],
        ['WhatsApp', row.customer_whatsapp],
      ],
    },
    inquiryLink(site, row),
  ]);
}

/** What a sent version's mail states: its number, total and validity, and the link when this send made it. */
export interface SentVersion {
  version: number;
  totalPaise: number;
  /** The Kolkata day the customer may accept until (YYYY-MM-DD). */
  validUntil: string;
  /** The trip link, known only when this send made it (only its hash is kept); else the customer has it. */
  url: string | null;
}

const longDate = (day: string) =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/**
 * To the customer, when staff send a version (D30). `ownAddress` as for the receipt: without it the mail names
 * neither the customer nor the place they typed, only the agency's own words, amounts and link.
 */
export function quoteSentMail(
  site: SiteSettings,
  row: InquiryRow,
  sent: SentVersion,
  ownAddress: boolean,
): RenderedMail {
  const trip = ownAddress ? `your trip to ${row.location}` : 'your trip';
  const intro =
    sent.version === 1
      ? `Your quotation for ${trip} is ready.`
      : `We have updated the quotation for ${trip}: version ${sent.version} is ready.`;
  return render(
    site,
    ownAddress ? `Your trip quotation: ${row.location}` : `Your trip quotation from ${site.SITE_NAME}`,
    [
      { p: ownAddress ? `Dear ${row.customer_name},` : 'Hello,' },
      { p: intro },
      {
        rows: [
          ['Total', formatRupees(sent.totalPaise / 100)],
          ['Valid until', longDate(sent.validUntil)],
        ],
      },
      sent.url
        ? { link: sent.url, label: 'See your quotation' }
        : { p: 'Open it with the trip link we sent you before: it now shows this version.' },
      {
        p:
          'There you can read the plan day by day with its prices, accept the quotation, or tell us what you ' +
          'would like changed. The link is yours alone: please do not share it.',
      },
      { link: whatsappUrl(site), label: `Questions? Chat with us on WhatsApp (${site.SITE_WHATSAPP})` },
    ],
  );
}

const followLinks = (site: SiteSettings): Block[] => [
  { p: `Log in, or register with this e-mail address, to follow your inquiry:` },
  { link: `${site.SITE_URL}/login`, label: 'Log in' },
  { link: `${site.SITE_URL}/register`, label: 'Register' },
];

/**
 * To the customer, right after they send an inquiry. `ownAddress`: the agency's staff typed it in, or a Customer
 * signed in with that address sent it. Otherwise anyone could have typed the address, and the receipt repeats none
 * of the free text: the agency's mail server must not carry a stranger's words (a link, a "your account is
 * blocked") to an address of their choosing.
 */
export function receiptMail(
  site: SiteSettings,
  row: InquiryRow,
  unsubscribeUrl: string,
  ownAddress: boolean,
): RenderedMail {
  const wa = whatsappUrl(site);
  const asked: Block[] = ownAddress
    ? [
        { p: `Dear ${row.customer_name},` },
        { p: `Thank you for your trip inquiry. This is what you asked for:` },
        { rows: tripRows(row) },
      ]
    : [
        { p: `Hello,` },
        {
          p:
            `Thank you for your trip inquiry, sent with this e-mail address. For your safety this e-mail repeats ` +
            `only part of it; log in or register with this address to see all of it.`,
        },
        {
          rows: [
            ['Travellers', travellers(row)],
            ['Budget', formatRupees(row.budget_paise / 100)],
          ],
        },
      ];
  return render(
    site,
    ownAddress ? `We received your inquiry: ${row.location}` : 'We received your trip inquiry',
    [
      ...asked,
      {
        p:
          `What happens next: one of our travel experts will contact you on WhatsApp` +
          `${ownAddress ? ` (${row.customer_whatsapp})` : ''} or by e-mail, usually within one working day, with ` +
          `options and prices for your trip.`,
      },
      { link: wa, label: `Chat with us on WhatsApp (${site.SITE_WHATSAPP})` },
      ...followLinks(site),
    ],
    unsubscribeUrl,
  );
}

/** What a customer reads for each status that concerns them (internal statuses send nothing). */
export const CUSTOMER_STATUS_NOTES: Readonly<Record<string, string>> = {
  Working: 'We are working on your trip and will share options and prices with you soon.',
  'Advance Received': 'We have received your advance payment. Thank you! We are now booking your trip.',
  Booked: 'Your trip is booked. We will send you the details and your travel documents.',
  Completed: 'Your trip is complete. We hope you enjoyed it, and we would love to plan your next one.',
};

/**
 * To the customer, when their inquiry's status moves to one of CUSTOMER_STATUS_NOTES; with the place and name only
 * when `ownAddress` (see receiptMail).
 */
export function statusMail(
  site: SiteSettings,
  row: InquiryRow,
  status: string,
  unsubscribeUrl: string,
  ownAddress: boolean,
): RenderedMail {
  return render(
    site,
    ownAddress ? `Your ${row.location} trip: ${status}` : `Your trip inquiry: ${status}`,
    [
      { p: ownAddress ? `Dear ${row.customer_name},` : 'Hello,' },
      { p: CUSTOMER_STATUS_NOTES[status] ?? '' },
      ...followLinks(site),
    ],
    unsubscribeUrl,
  );
}

/**
 * To a verified account's address, when someone signs up with it (or asks for a sign-up code) again: the sign-up
 * was answered as any other, so its owner learns here that they already have an account. It greets the account's
 * own name and carries nothing the requester typed.
 */
export function signupNoticeMail(site: SiteSettings, name: string): RenderedMail {
  return render(site, `Someone tried to sign up with your ${site.SITE_NAME} e-mail address`, [
    { p: `Hello ${name},` },
    {
      p:
        `Someone just tried to create a ${site.SITE_NAME} account with this e-mail address, which already has ` +
        `one. If it was you, you do not need a new account: log in, or reset your password if you have forgotten it.`,
    },
    { link: `${site.SITE_URL}/login`, label: 'Log in' },
    { link: `${site.SITE_URL}/forgot-password`, label: 'Reset your password' },
    {
      p: `If it was not you, you can ignore this e-mail: nothing has changed, and your password still keeps your account.`,
    },
  ]);
}

/** D32: an invoice or credit note just issued, with the paper it printed. */
export interface IssuedPaper {
  id: string;
  paper: InvoicePaper;
}

/**
 * To the customer, when staff issue an invoice or a credit note (D32), with its PDF attached (mail-attachments.ts).
 * The trip page has it too (the link's token is kept only as a hash, so the mail cannot carry the link): the mail
 * says what was issued and where to find it again.
 */
export function paperIssuedMail(
  site: SiteSettings,
  row: InquiryRow,
  paper: InvoicePaper,
  ownAddress: boolean,
): RenderedMail {
  const what = paper.title.toLowerCase();
  return render(site, `Your ${what} ${paper.number} from ${site.SITE_NAME}`, [
    { p: ownAddress ? `Dear ${row.customer_name},` : 'Hello,' },
    {
      p:
        paper.kind === 'creditNote'
          ? `We have issued a credit note against invoice ${paper.against?.number ?? ''}.`
          : `Thank you for booking with us. Your ${what} is ready.`,
    },
    {
      rows: [
        ['Number', paper.number],
        ['Date', longDate(paper.date)],
        [paper.kind === 'creditNote' ? 'Amount credited' : 'Amount', formatRupees(paper.amounts.totalPaise / 100)],
      ],
    },
    {
      p:
        'It is attached to this mail as a PDF. You can download it again from your trip page: open the trip link ' +
        'we sent you with your quotation, or sign in with this e-mail address.',
    },
    { link: whatsappUrl(site), label: `Questions? Chat with us on WhatsApp (${site.SITE_WHATSAPP})` },
  ]);
}
