import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_MESSAGES, idempotentCreateHeadersSchema } from './common';
import {
  TEXT_MESSAGES,
  asOneLine,
  createInquiryBodySchema,
  fieldErrors,
  inquiryListQuerySchema,
  inquiryNoteBodySchema,
  loginBodySchema,
  multiLineText,
  oneLineText,
  optionalText,
  packageFieldsSchema,
  registerBodySchema,
  requiredText,
  withoutControlCharacters,
} from './index';

// D34: which Idempotency-Key values the create routes take, and that the other headers pass through untouched.
const parse = (headers: Record<string, unknown>) => idempotentCreateHeadersSchema.safeParse(headers);

describe('idempotentCreateHeadersSchema', () => {
  it.each([
    ['a UUID', crypto.randomUUID()],
    ['one character', 'k'],
    ['the longest', '~'.repeat(IDEMPOTENCY_KEY_MAX_LENGTH)],
    ['printable punctuation and spaces', 'offline: Asha Rao #2 (fair)'],
  ])('takes %s', (_name, key) => {
    expect(parse({ 'idempotency-key': key }).success).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['one past the longest', 'k'.repeat(IDEMPOTENCY_KEY_MAX_LENGTH + 1)],
    ['a letter outside ASCII', 'clé'],
    ['a tab', 'a\tb'],
    ['a line break', 'a\nb'],
  ])('refuses %s with the message', (_name, key) => {
    const result = parse({ 'idempotency-key': key });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([IDEMPOTENCY_MESSAGES.keyInvalid]);
  });

  it('takes no key at all and keeps every other header', () => {
    const headers = { authorization: 'Bearer x', 'content-type': 'application/json' };
    expect(parse(headers)).toEqual({ success: true, data: headers });
  });
});

const REFUSED_EVERYWHERE = {
  NUL: 'Asha\u0000Verma',
  BEL: 'Asha\u0007Verma',
  ESC: 'Asha\u001b[31mVerma',
  DEL: 'Asha\u007fVerma',
  'C1 (CSI)': 'Asha\u009bVerma',
  'U+202E right-to-left override': 'Asha\u202egpj.exe',
  'U+202A left-to-right embedding': 'Asha\u202aVerma',
  'U+2066 left-to-right isolate': 'Asha\u2066Verma',
  'U+2069 pop directional isolate': 'Asha\u2069Verma',
};
const LINE_BREAKS = {
  CR: 'Asha\rBcc: victim@example.com',
  LF: 'Asha\nBcc: victim@example.com',
  'CR LF': 'Asha\r\nBcc: victim@example.com',
  NEL: 'Asha\u0085Bcc',
  'U+2028 line separator': 'Asha\u2028Bcc',
  'U+2029 paragraph separator': 'Asha\u2029Bcc',
};
const ACCEPTED = {
  Devanagari: 'आशा वर्मा',
  'Devanagari with a zero-width joiner': 'क्\u200dष',
  emoji: 'Asha 🏖️ 👨‍👩‍👧',
  accents: 'Zoë Müller-Ñúñez',
  Urdu: 'عائشہ',
  'a right-to-left mark': 'Asha \u200fعائشہ',
  Tamil: 'ஆஷா',
};

const messageOf = (schema: { safeParse(v: unknown): { error?: { issues: { message: string }[] } } }, v: unknown) =>
  schema.safeParse(v).error?.issues[0]?.message;

describe('one-line text', () => {
  const name = oneLineText();
  it.each(Object.entries({ ...REFUSED_EVERYWHERE, ...LINE_BREAKS, tab: 'Asha\tVerma' }))(
    'refuses %s with the message',
    (_, value) => expect(messageOf(name, value)).toBe(TEXT_MESSAGES.controlCharacters),
  );

  it.each(Object.entries(ACCEPTED))('accepts %s', (_, value) => expect(name.parse(value)).toBe(value));

  it('trims white space, a pasted line break or tab included, before it looks', () => {
    expect(name.parse('  Asha Verma\r\n')).toBe('Asha Verma');
    expect(name.parse('\tAsha Verma')).toBe('Asha Verma');
  });

  it('is what requiredText and optionalText check', () => {
    expect(messageOf(requiredText('Name is required'), 'A\u0000B')).toBe(TEXT_MESSAGES.controlCharacters);
    expect(messageOf(optionalText(), 'A\nB')).toBe(TEXT_MESSAGES.controlCharacters);
    expect(messageOf(requiredText('Name is required'), '')).toBe('Name is required');
  });
});

describe('multi-line text', () => {
  const notes = multiLineText();
  it.each(Object.entries(REFUSED_EVERYWHERE))('refuses %s with the message', (_, value) =>
    expect(messageOf(notes, value)).toBe(TEXT_MESSAGES.controlCharacters),
  );

  it('keeps line breaks, stored as LF, and tabs', () => {
    expect(notes.parse('Day 1\nDay 2')).toBe('Day 1\nDay 2');
    expect(notes.parse('Day 1\r\nDay 2\rDay 3\u2028Day 4')).toBe('Day 1\nDay 2\nDay 3\nDay 4');
    expect(notes.parse('Hotel\t3 nights')).toBe('Hotel\t3 nights');
  });

  it.each(Object.entries(ACCEPTED))('accepts %s', (_, value) => expect(notes.parse(value)).toBe(value));

  it('is what requiredText and optionalText check when told the field has several lines', () => {
    expect(requiredText('Required', 200, { multiLine: true }).parse('a\r\nb')).toBe('a\nb');
    expect(messageOf(optionalText(200, { multiLine: true }), 'a\u202eb')).toBe(TEXT_MESSAGES.controlCharacters);
  });
});

describe('the schemas of what people type', () => {
  const inquiry = {
    name: 'Asha Verma',
    email: 'asha@example.com',
    whatsappNumber: '+91 98765 43210',
    location: 'Kerala',
    noOfAdults: '2',
    budget: '50000',
  };
  const errorsOf = (schema: typeof createInquiryBodySchema | typeof packageFieldsSchema, body: object) =>
    fieldErrors(schema.safeParse(body).error?.issues ?? []);

  it.each(['name', 'location', 'travelingFrom', 'dropCity', 'tourDuration'])(
    'the inquiry form refuses a control character in %s',
    (field) => {
      expect(
        errorsOf(createInquiryBodySchema, { ...inquiry, [field]: 'Goa\u0007' + '\r\nBcc: x@example.com' }),
      ).toEqual({
        [field]: TEXT_MESSAGES.controlCharacters,
      });
    },
  );

  it('keeps the line breaks of the inquiry’s notes and refuses an override in them', () => {
    expect(createInquiryBodySchema.parse({ ...inquiry, extraInfo: 'Veg food\r\nA sea view' }).extraInfo).toBe(
      'Veg food\nA sea view',
    );
    expect(errorsOf(createInquiryBodySchema, { ...inquiry, extraInfo: 'a\u202eb' })).toEqual({
      extraInfo: TEXT_MESSAGES.controlCharacters,
    });
  });

  it('refuses an e-mail address holding a control character as not a valid address', () => {
    expect(errorsOf(createInquiryBodySchema, { ...inquiry, email: 'asha\u0000@example.com' })).toEqual({
      email: 'A valid email is required',
    });
    expect(loginBodySchema.safeParse({ email: 'a\u0000b@example.com', password: 'x' }).success).toBe(false);
  });

  it('refuses them in a name at registration', () => {
    const r = registerBodySchema.safeParse({ name: 'Asha\u202e', email: 'a@example.com', password: 'Travel#2024x' });
    expect(fieldErrors(r.error!.issues)).toEqual({ name: TEXT_MESSAGES.controlCharacters });
  });

  it('refuses them in every package field, a list item included, under the field’s own name', () => {
    const pkg = {
      name: 'Kerala',
      description: 'Kochi, Munnar',
      price: '24999',
      duration: '5',
      packageOverview: 'Slow\r\nmornings',
      tourItinerary: 'Day 1\tKochi',
      inclusions: 'Hotel\r\nBreakfast',
      exclusions: ['Flights', 'Tips'],
      importantNotes: 'Carry an ID',
    };
    const parsed = packageFieldsSchema.parse(pkg);
    expect(parsed.packageOverview).toBe('Slow\nmornings');
    expect(parsed.inclusions).toEqual(['Hotel', 'Breakfast']);
    for (const [field, value] of [
      ['name', 'Kerala\u0000'],
      ['description', 'Kochi\nMunnar'],
      ['packageOverview', 'x\u202ey'],
      ['tourItinerary', 'x\u0007y'],
      ['inclusions', 'Hotel\n\u202eBreakfast'],
      ['exclusions', ['Flights', 'Tips\u0000']],
    ] as const) {
      expect(errorsOf(packageFieldsSchema, { ...pkg, [field]: value })[field], field).toBe(
        TEXT_MESSAGES.controlCharacters,
      );
    }
  });

  it('refuses them in a note', () => {
    expect(messageOf(inquiryNoteBodySchema, { text: 'Called\u0000' })).toBe(TEXT_MESSAGES.controlCharacters);
    expect(inquiryNoteBodySchema.parse({ text: 'Called\r\nNo answer' }).text).toBe('Called\nNo answer');
  });

  it('turns control characters in a search into spaces rather than refuse it', () => {
    expect(inquiryListQuerySchema.parse({ q: 'Asha\u0000Verma\u202e\t' }).q).toBe('AshaVerma');
    expect(inquiryListQuerySchema.parse({ q: 'Asha\tVerma' }).q).toBe('Asha Verma');
  });
});

describe('neutralising stored text', () => {
  it('removes what a field refuses, keeping line breaks as LF and tabs', () => {
    expect(withoutControlCharacters('A\u0000B\u202eC\r\nD\tE')).toBe('ABC\nD\tE');
    expect(asOneLine('A\u0000B\r\nBcc: x\tY')).toBe('AB Bcc: x Y');
  });
});
