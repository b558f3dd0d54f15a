// `npm run reliability:report`: writes docs/reliability.md from the figures the security and reliability
// suites left in apps/api/.reliability/*.json (`npm run reliability` runs the suites, then this).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';

const here = path.dirname(fileURLToPath(import.meta.url));
const figuresDir = path.resolve(here, '../../../.reliability');
const docFile = path.resolve(here, '../../../../../docs/reliability.md');

interface Result {
  suite: string;
  engine: string;
  date: string;
  figures: Record<string, string | number | boolean>;
}

/** Suites in reading order: title, the test file, and a label for each figure (unlabelled ones print raw). */
const SUITES: { suite: string; title: string; file: string; labels: Record<string, string> }[] = [
  {
    suite: 'authorization-matrix',
    title: '1. Authorization matrix (decisions §6)',
    file: 'test/security/authorization-matrix.test.ts',
    labels: {
      routes: 'routes in the route table',
      principals: 'principals (anonymous, Customer A, Customer B, Staff, removed Staff, Owner)',
      cells: 'route × principal requests checked',
      unexpectedAllows: 'unexpected allows',
      unexpectedDenies: 'unexpected denies',
      otherMismatches: 'other status mismatches',
      foreignIdRequests: "requests with another user's or resource's id",
      responsesCheckedForSecrets: 'responses checked for hashes and OTPs',
    },
  },
  {
    suite: 'mass-assignment',
    title: '2. Mass assignment',
    file: 'test/security/mass-assignment.test.ts',
    labels: {
      writesWithForbiddenFields: 'writes carrying forbidden fields (all without effect)',
      responsesChecked: 'responses checked for hashes and OTPs',
    },
  },
  {
    suite: 'token-attacks',
    title: '3. Token attacks (with auth/token-attacks.test.ts)',
    file: 'test/security/token-attacks.test.ts',
    labels: { forgedTokensRefused: 'forged or misplaced tokens refused with 401' },
  },
  {
    suite: 'fuzz',
    title: '4. Fuzzing (fast-check)',
    file: 'test/security/fuzz.test.ts',
    labels: {
      requests: 'malformed requests',
      routes: 'routes hit',
      responses5xx: 'responses ≥ 500',
      statuses: 'statuses answered',
      seed: 'seed (FUZZ_SEED to replay)',
    },
  },
  {
    suite: 'uploads',
    title: '5. Hostile uploads (with uploads/upload.test.ts)',
    file: 'test/security/upload-corpus.test.ts',
    labels: {
      uploadsTried: 'uploads tried',
      hostileUploadsRefused: 'refused with 4xx, no row or file left',
      neutralisedUploadsStored: 'valid images with hostile names or metadata, stored clean',
      socketLevelAttempts: 'lying Content-Length over a real socket',
    },
  },
  {
    suite: 'headers',
    title: '6. Security headers, CORS, source maps and dotfiles',
    file: 'test/security/headers.test.ts',
    labels: { responsesChecked: 'responses checked' },
  },
  {
    suite: 'rate-limits',
    title: '7. Rate limits and X-Forwarded-For',
    file: 'test/security/rate-limits.test.ts',
    labels: { endpointsLimited: 'endpoints answering 429 past their limit, spoofing or not' },
  },
  {
    suite: 'log-hygiene',
    title: '8. Log hygiene',
    file: 'test/security/log-hygiene.test.ts',
    labels: {
      loginEventsChecked: 'login successes and failures found with their reqId',
      authzFailuresChecked: 'authorization failures found with their reqId',
      logLines: 'log lines searched for the planted secrets (none found)',
    },
  },
  {
    suite: 'durability',
    title: '9. Durability and database outage',
    file: 'test/reliability/durability.test.ts',
    labels: {
      crashes: 'kill -9 of the server mid-stream',
      acknowledged: 'inquiries acknowledged before the kills',
      lost: 'acknowledged inquiries lost',
      unacknowledged: 'requests cut off unanswered (not promised)',
      integrityCheck: 'PRAGMA integrity_check',
      sigtermInFlight: 'SIGTERM mid-stream: a request whose body was still arriving',
      sigtermAcknowledged: '… inquiries acknowledged around the SIGTERM',
      sigtermLost: '… lost',
      sigtermExitCode: '… exit code',
      pgImmediateStopAcknowledged: 'acknowledged around `pg_ctl stop -m immediate`',
      pgImmediateStopAckedBeforeStop: '… of which before the stop',
      pgImmediateStopLost: '… lost',
      pgImmediateStopUnacknowledged: 'requests refused (503) or cut off while PostgreSQL was down',
      outageAnswers503: '/readyz and API answers during the outage, all 503 with a message',
      outageSlowestMs: 'slowest answer during the outage (ms)',
    },
  },
  {
    suite: 'backup',
    title: '10. Backup and restore',
    file: 'test/reliability/backup.test.ts',
    labels: {
      inquiriesAckedBeforeBackup: 'inquiries acknowledged before `npm run backup` began',
      inquiriesAckedDuringBackup: 'inquiries acknowledged while it ran',
      inquiriesRestored: 'inquiries in the restored database',
      inquiriesMissing: 'inquiries acknowledged before the backup but missing after restore',
      imageFilesRestoredAndServed: 'image files restored and served (every width)',
      integrityCheck: 'integrity_check of the backup',
    },
  },
  {
    suite: 'control-characters',
    title: '11. Control characters in typed text',
    file: 'test/security/control-characters.test.ts',
    labels: {
      refusedWrites: 'writes with a control, line break or direction override refused with 400, nothing stored',
      legacyReads: 'reads, exports and PDFs of text stored before the rule, answered 200',
      answers5xx: 'responses ≥ 500',
    },
  },
  {
    suite: 'account-enumeration',
    title: '12. Account enumeration',
    file: 'test/security/account-enumeration.test.ts',
    labels: {
      requestsCompared:
        'register, resend-otp, verify-otp, forgot-password, reset-password requests compared across address states',
      answersThatTold: "answers (status or body) unlike an unknown address's",
      resetMailsBeforeAnswer: 'reset mails accepted by the SMTP server before their answer',
      noticesToOthers: 'sign-up notices mailed to anyone but the account',
      responsesChecked: 'responses checked for hashes and OTPs',
    },
  },
];

/** What the suite found when it was written, and what was changed; kept here so the doc survives regeneration. */
const FINDINGS = [
  'PostgreSQL stopped mid-request crashed the server: pg emits `error` on a checked-out client whose server vanishes, and nothing listened. `db/dialect.ts` now listens on every client; the query fails with 503 and the pool drops the client.',
  'A cut or garbled multipart body (unclosed, wrong boundary, no boundary, understated Content-Length) answered 500. `uploads/upload-form.ts` now answers 400 with `UPLOAD_MESSAGES.malformed`.',
  '`TRUST_PROXY=true` made Fastify take the leftmost `X-Forwarded-For` entry, which the client writes, so rotating it escaped every per-client limit behind a proxy. It is now a hop count (`true` = one proxy; `2`… for more), so only entries our proxies appended count.',
  'Dotfiles (`.env`, `.git/config`, `uploads/.hidden`) and source maps were served from WEB_DIR and /uploads (`serveDotFiles` is not the option that controls it). `plugins/web.ts` now uses `dotfiles: "ignore"` and refuses `*.map`.',
  "A malformed URL (`/%`) or an over-long id got Fastify's own body (error code and echoed URL) with no security headers. `frameworkErrors` now answers `{message}` with a strict fixed header set; `X-Frame-Options` is `DENY` everywhere, matching `frame-ancestors 'none'`.",
  'On SIGTERM the answers of requests still in flight said `Connection: keep-alive`, so a client could write its next inquiry on a connection the server was about to drop, and get a reset without knowing whether it was stored. `plugins/shutdown.ts` now answers them with `Connection: close` (a new connection is refused: plainly not sent).',
  'A successful login was logged without the request id (the service logged on the app logger), and unverified or rate-limited logins were not logged. The login route now logs success and every refusal on the request logger; every rate-limit 429 is logged with its route.',
];

/** What the hardening probe of issue 49 found, and what now holds; each paragraph names the tests that show it. */
const HARDENING_PROBE = [
  "**A recycled address saw its old owner's trips.** A Customer's inquiries were those linked to the account or sent with its e-mail, so after a Customer changed address, whoever registered the old one listed the earlier owner's inquiries and read their quotation PDF (name, WhatsApp, trip, amounts). A Customer now sees only the inquiries linked to the account (`inquiry.policy.ts`); an inquiry is linked when a signed-in Customer sends it, when it arrives with an address a Customer has verified, and when an account verifies an address unlinked inquiries were sent with (`inquiries/inquiry-links.ts`); migration 010 linked those that Customers used to see by address alone. `inquiries/inquiry-ownership.test.ts` makes the attack in both orders on both engines.",
  "**Who can read the signing key.** The generated JWT secret is the `settings.jwt_secret` row of `safarnama.db`, which SQLite created 0644, with its `-wal` and `-shm`, in a 0755 data folder; `npm run backup` wrote 0644 copies into a 0755 folder, a restore took the backup's modes, and `scripts/pg-backup.sh`'s dumps followed the umask. Any user on the host could read the key and sign an Owner's token. Now the data folder and each backup folder are 0700, and the database files, the demo logins, a left-over `jwt-secret`, the backup's files and the dumps 0600, created so and chmod-ed at every start, backup and restore whatever the umask (`data-dir.test.ts` under umask 022 on both engines, `reliability/pg-backup.test.ts`). On PostgreSQL the migrations grant `settings` to no role but its owner; docs/deployment.md says what the role needs.",
  "**Requests that never send their body.** A `POST` to a path with no route that announced 1,000 bytes and sent 5 got no answer and held its socket until Node's `requestTimeout` (960 s): the body timer was set per route, so the not-found handler had none. `GET /api/site` and `POST /api/auth/logout` with such a body answered (200, 401) but kept the connection while Node waited for the rest, and headers that never ended waited for Node's 60 s. Now every request whose body is still arriving is cut off with 408 after `REQUEST_TIMEOUT` (an upload's after `UPLOAD_TIMEOUT`), headers get `REQUEST_TIMEOUT` too, and an answer sent before the body was read carries `Connection: close` and ends the socket (`plugins/timeouts.ts`). `plugins/timeouts.test.ts` holds 200 such sockets over TCP on both engines: all 200 were still open 10 s in before; now each is answered and closed within that bound, ten times the 1 s limit the test sets.",
  '**Papers as a CPU lever.** The public brochure was laid out again whenever it had left a 32-entry memory cache (100–160 ms on the event loop each: 68 requests over 34 packages took `/healthz` from 1 ms to 131 ms median), with no limit, and a Customer could fetch a quotation PDF 40 times in 1.5 s. The brochure, the quotation and the CSV export now have per-client limits (`PAPER_LIMITS`: the brochure per address, the others per user), and each brochure version is kept with the images, so another request, instance or restart reads it.',
  '**Control characters are stored.** NUL, BEL, ESC, DEL, C1 controls and the direction overrides U+202A–U+202E and U+2066–U+2069 were stored from names, places, notes and package texts, and one-line fields took CR and LF: a name with CR LF wrote a fake `Bcc:` line into staff mail bodies, U+202E reordered text in the back office, the CSV and the PDFs, and a NUL answered 500 on PostgreSQL (inquiry create, login, the `assignedTo` filter). The contract’s `oneLineText` and `multiLineText` (`common.ts`) now refuse them with `TEXT_MESSAGES.controlCharacters`; search boxes drop them; the PDFs leave out those stored before.',
  "**Per-address limits used against the owner.** Per-e-mail budgets were shared by every sender, so a stranger spent the address owner's: five forgot-password calls locked the owner's reset for an hour, five wrong codes voided the owner's reset or sign-up code, and another Customer's three inquiries with a Customer's address left that Customer's own answered 429; an unverified sign-up never expired, keeping the Owner from adding that address as staff. Budgets are now per client (or signed-in sender) and address, per address only the mails it gets (6 sign-up and 6 reset codes an hour, 20 inquiries, none for a Customer's own), a code takes 5 wrong tries per client and 10 in all, and a pending sign-up expires after 7 days (the Owner's staff account replaces one of any age); docs/accounts.md, Rate limits.",
  "**Whether an address has an account leaks elsewhere than login.** Account calls told whether an address had an account: 19 of the 41 compared answers differed from an unknown address's (register 409, resend-otp and verify-otp 400/409, an expired or used-up code said so to anyone, reset-password's `otpNoCode`), and forgot-password's answer waited for the reset mail (415–440 ms against 2–8 ms with real SMTP). They now answer alike, a wrong code is only ever `otpWrong`, and what differs is done after the answer (`plugins/after-answer.ts`); a verified owner is sent a notice through the outbox (docs/accounts.md).",
];

const results = fs.existsSync(figuresDir)
  ? fs
      .readdirSync(figuresDir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(fs.readFileSync(path.join(figuresDir, f), 'utf8')) as Result)
  : [];

const cell = (v: string | number | boolean | undefined) =>
  v === undefined ? '—' : typeof v === 'number' ? v.toLocaleString('en-US') : String(v);

const sections = SUITES.map(({ suite, title, file, labels }) => {
  const sqlite = results.find((r) => r.suite === suite && r.engine === 'sqlite');
  const postgres = results.find((r) => r.suite === suite && r.engine === 'postgres');
  if (!sqlite && !postgres) return `### ${title}\n\nNot run yet (\`apps/api/src/${file}\`).\n`;
  const keys = [
    ...Object.keys(labels),
    ...new Set([...Object.keys(sqlite?.figures ?? {}), ...Object.keys(postgres?.figures ?? {})]),
  ].filter(
    (k, i, all) => all.indexOf(k) === i && (sqlite?.figures[k] !== undefined || postgres?.figures[k] !== undefined),
  );
  const rows = keys.map((k) => `| ${labels[k] ?? k} | ${cell(sqlite?.figures[k])} | ${cell(postgres?.figures[k])} |`);
  const dates = [sqlite, postgres]
    .filter((r): r is Result => r !== undefined)
    .map((r) => `${r.engine} ${r.date.slice(0, 16).replace('T', ' ')} UTC`)
    .join(', ');
  return `### ${title}\n\n\`apps/api/src/${file}\` — run ${dates}\n\n| figure | SQLite | PostgreSQL |\n| --- | ---: | ---: |\n${rows.join('\n')}\n`;
});

const doc = `# Reliability and security figures

Written by \`npm run reliability:report\` from the figures the suites leave in \`apps/api/.reliability/\`;
\`npm run reliability\` runs the suites (\`apps/api/src/test/security\`, \`apps/api/src/test/reliability\`) and then writes this file.
The same tests run in the README's test command. The PostgreSQL column needs \`TEST_DATABASE_URL\`; durability and
outage use a throwaway PostgreSQL cluster of their own (initdb + pg_ctl on a free port), so stopping it never
disturbs anyone else's database. A dash means the suite did not run on that engine.

${sections.join('\n')}
## What the suite found and what changed

${FINDINGS.map((f) => `- ${f}`).join('\n')}

## Hardening probe (issue 49)

Tried as an attacker would against a fresh \`npm start\` and two configured servers: about 2,000 hostile requests and
held connections. None was answered 5xx then (the control-character suite found NUL answered 500 on PostgreSQL in
four places since, now 400). Seven findings, all closed, each with its attack as a test that failed before the fix,
on both engines:

${HARDENING_PROBE.map((f) => `- ${f}`).join('\n')}
`;

// Formatted like every other file, so `npm run format:check` passes on a freshly written report.
const options = (await prettier.resolveConfig(docFile)) ?? {};
fs.writeFileSync(docFile, await prettier.format(doc, { ...options, filepath: docFile }));
console.info(`wrote ${path.relative(process.cwd(), docFile)} from ${results.length} result files`);
