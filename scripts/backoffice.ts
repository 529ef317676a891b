/**
 * `npm run backoffice -- <command> …`: the back-office operations from a terminal. It talks HTTP to a
 * running server (PGlite allows one process per data folder, so the CLI never opens the database itself).
 */
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { CONVERSATION_COMMANDS, CONVERSATION_HELP, runConversationCommand } from './backoffice-conversations.ts';
import { brusselsInstant } from '#domain/offers.ts';

export const HELP = `Usage: npm run backoffice -- <command> [arguments]

Talks to a running portal server over HTTP:
  PORTAL_URL        the server (default http://127.0.0.1:$PORT, PORT defaulting to 3000)
  BACKOFFICE_TOKEN  the server's back-office token (required; the back-office is off without it)

Commands:
  approve-details <email>                       approve the worker's details file
  signature-status <email> validated|rejected   review the worker's signature
  mission <email> --date YYYY-MM-DD --start HH:MM --end HH:MM --reference REF --job JOB
          [--km N] [--short-location TEXT] [--location1 TEXT] [--location2 TEXT] [--briefing TEXT] [--no-print]
          [--wage EUROS]                        plan a mission (its contract PDF is generated); --wage: gross per hour
  change-mission <email> <mission> [--date YYYY-MM-DD] [--start HH:MM] [--end HH:MM]
          [--short-location TEXT] [--location1 TEXT] [--location2 TEXT]
                                                move a mission or change its place; the worker is mailed what changed
  cancel-mission <email> <mission>              cancel a mission; the worker is mailed
  record-hours <email> <mission> --start HH:MM --end HH:MM [--break MINUTES]
                                                record the client's hours of the mission's day (an end before the
                                                start is the next day); the worker is mailed and has the server's
                                                HOURS_CONFIRM_HOURS (48 by default) to answer
  resolve-hours <email> <mission> worker|client [--note TEXT]
                                                resolve the worker's contest: pay the worker's hours, or keep the
                                                client's (a note to the worker is then required)
  payslip <email> <year> <month> [amount]       publish a payslip
  fiscal-year <email> <year> [amount]           publish a fiscal-year attest
  impersonation-token <email>                   issue a single-use sign-in token (5 minutes)
  outbox <email>                                the mails sent to that address, newest first
  test-notification <email>                     push a test notification to each of the worker's devices (and
                                                their notification list); says to how many devices
  push-devices <email>                          the worker's devices that receive push notifications
  offer --reference REF --job JOB --short-location TEXT --wage EUROS --places N --answer-by DATE-TIME
        --shift YYYY-MM-DD,HH:MM,HH:MM [--shift …] --worker EMAIL [--worker …]
        [--location1 TEXT] [--location2 TEXT] [--briefing TEXT] [--selection]
                                                create an offer and send it (each worker is mailed a link to it);
                                                a shift ending at or before its start ends the next day;
                                                --answer-by YYYY-MM-DDTHH:MM (or "YYYY-MM-DD HH:MM") is Brussels time,
                                                summer time included; with a zone (…Z, …+01:00) it is that instant;
                                                --selection: workers apply and the agency chooses (select-offer)
  send-offer <offer> --worker EMAIL [--worker …]  send an open offer to more workers
  withdraw-offer <offer>                        withdraw it; missions accepted from it are cancelled and mailed
  offer-answers <offer>                         who the offer went to and who answered what
  select-offer <offer> --worker EMAIL [--worker …] [--close]
                                                give applicants of a selection offer their places (the missions,
                                                once); --close: the others are told they were not selected
  remove-worker <offer> --worker EMAIL          take the worker's place back (their missions cancelled and mailed);
                                                on a first-come offer it goes at once to the first in line
  set-places <offer> --places N                 give the offer N places in all (more than it has); on a first-come
                                                offer the new ones go at once to the first workers in line
  absences [email]                              the absence reports (of one worker), newest first, with their certificates
  absence-certificate <report> [--out FILE]     save a report's medical certificate (default: the name the server gives)
${CONVERSATION_HELP}`;

type Fetch = (url: string, init: RequestInit) => Promise<Response>;
type Options = {
  baseUrl: string;
  token: string | undefined;
  fetch: Fetch;
  out: (text: string) => void;
  /** Where a downloaded file goes (a certificate); the terminal's folder by default. */
  save?: (name: string, bytes: Uint8Array) => void;
};

/** Commands that may run without an e-mail address. */
const WITHOUT_EMAIL = new Set(['absences', 'conversations']);
/** The file name of a Content-Disposition answer, kept to a plain name (never a path). */
const savedName = (disposition: string | null) => (/filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? 'certificate').replace(/[^\w.-]+/g, '_');

export async function runBackoffice(argv: string[], options: Options): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      date: { type: 'string' },
      start: { type: 'string' },
      end: { type: 'string' },
      reference: { type: 'string' },
      job: { type: 'string' },
      km: { type: 'string' },
      'short-location': { type: 'string' },
      location1: { type: 'string' },
      location2: { type: 'string' },
      briefing: { type: 'string' },
      'no-print': { type: 'boolean' },
      selection: { type: 'boolean' },
      close: { type: 'boolean' },
      wage: { type: 'string' },
      break: { type: 'string' },
      note: { type: 'string' },
      places: { type: 'string' },
      'answer-by': { type: 'string' },
      shift: { type: 'string', multiple: true },
      worker: { type: 'string', multiple: true },
      out: { type: 'string' },
      text: { type: 'string' },
      as: { type: 'string' },
      all: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, email, ...rest] = positionals;
  const offerCommand = command !== undefined && OFFER_COMMANDS.includes(command);
  if (values.help || !command || (!email && !offerCommand && !WITHOUT_EMAIL.has(command))) {
    options.out(HELP);
    return values.help ? 0 : 2;
  }
  if (!options.token) {
    options.out('BACKOFFICE_TOKEN is not set.');
    return 2;
  }
  if (offerCommand) return runOfferCommand(positionals, values, options);
  if (CONVERSATION_COMMANDS.includes(command))
    return runConversationCommand(positionals, values, {
      out: options.out,
      send: (method, path, body) => send(options, method, path, body),
      save: (path, out) => saveDownload(options, path, out),
    });
  const worker = `/api/backoffice/workers/${encodeURIComponent(email ?? '')}`;
  const number = (text: string | undefined) => (text === undefined ? undefined : Number(text));
  // Euros as typed (14.37 or 14,37) to integer cents without a float; anything else is sent as is, for the server to refuse.
  const cents = (text: string | undefined) => {
    const match = text === undefined ? null : /^(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(text.trim());
    return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : text;
  };
  const missionPath = `${worker}/missions/${encodeURIComponent(rest[0] ?? '')}`;
  const change = {
    date: values.date,
    start: values.start,
    end: values.end,
    shortLocation: values['short-location'],
    location1: values.location1,
    location2: values.location2,
  };
  if (['change-mission', 'cancel-mission', 'record-hours', 'resolve-hours'].includes(command)) {
    const problem = !rest[0]
      ? 'Which mission? Give its id (as `mission` answered it).'
      : command === 'change-mission' && Object.values(change).every((v) => v === undefined)
        ? 'Nothing to change: give --date, --start, --end, --short-location, --location1 or --location2.'
        : null;
    if (problem) {
      options.out(problem);
      return 2;
    }
  }
  const requests: Record<string, () => [string, string, unknown]> = {
    'approve-details': () => ['POST', `${worker}/approve-details`, undefined],
    'signature-status': () => ['POST', `${worker}/signature-status`, { status: rest[0] }],
    mission: () => [
      'POST',
      `${worker}/missions`,
      {
        date: values.date,
        start: values.start,
        end: values.end,
        reference: values.reference,
        job: values.job,
        km: number(values.km),
        shortLocation: values['short-location'],
        location1: values.location1,
        location2: values.location2,
        briefing: values.briefing,
        allowPrint: values['no-print'] ? false : undefined,
        hourlyWageCents: cents(values.wage),
      },
    ],
    'change-mission': () => ['POST', `${missionPath}/change`, change],
    'cancel-mission': () => ['POST', `${missionPath}/cancel`, {}],
    'record-hours': () => ['POST', `${missionPath}/hours`, { start: values.start, end: values.end, breakMinutes: number(values.break) ?? 0 }],
    'resolve-hours': () => ['POST', `${missionPath}/hours/resolve`, { outcome: rest[1], note: values.note }],
    payslip: () => ['POST', `${worker}/documents`, { kind: 'payslip', year: number(rest[0]), month: number(rest[1]), amount: number(rest[2]) }],
    'fiscal-year': () => ['POST', `${worker}/documents`, { kind: 'fiscal-year', year: number(rest[0]), amount: number(rest[1]) }],
    'impersonation-token': () => ['POST', `${worker}/impersonation-token`, undefined],
    outbox: () => ['GET', `/api/backoffice/outbox?to=${encodeURIComponent(email!)}`, undefined],
    'test-notification': () => ['POST', `${worker}/test-notification`, {}],
    'push-devices': () => ['GET', `${worker}/push-devices`, undefined],
    absences: () => ['GET', `/api/backoffice/absences${email ? `?worker=${encodeURIComponent(email)}` : ''}`, undefined],
    'absence-certificate': () => ['GET', `/api/backoffice/absences/${encodeURIComponent(email!)}/certificate`, undefined],
  };
  const request = requests[command];
  if (!request) {
    options.out(`Unknown command: ${command}\n\n${HELP}`);
    return 2;
  }
  const [method, path, body] = request();
  if (command === 'absence-certificate') return saveDownload(options, path, values.out);
  return send(options, method, path, body);
}

/** Saves a file the back-office answers (a medical certificate) under `out`, or the name the server gives. */
async function saveDownload(options: Options, path: string, out: string | undefined): Promise<number> {
  const res = await options.fetch(`${options.baseUrl}${path}`, { method: 'GET', headers: { Authorization: `Bearer ${options.token}` } });
  if (!res.ok) return printAnswer(options, res);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const name = out ?? savedName(res.headers.get('content-disposition'));
  (options.save ?? ((file, data) => writeFileSync(file, data)))(name, bytes);
  options.out(`Saved ${name} (${bytes.length} bytes, ${res.headers.get('content-type') ?? 'unknown type'}).`);
  return 0;
}

/** Sends one request of the back-office and prints its answer (pretty JSON when it is JSON); 0 when it succeeded. */
async function send(options: Options, method: string, path: string, body: unknown): Promise<number> {
  const headers: Record<string, string> = { Authorization: `Bearer ${options.token}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await options.fetch(`${options.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return printAnswer(options, res);
}

async function printAnswer(options: Options, res: Response): Promise<number> {
  const text = await res.text();
  let shown = text;
  try {
    shown = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // not JSON: shown as is
  }
  options.out(res.ok ? shown : `HTTP ${res.status}\n${shown}`);
  return res.ok ? 0 : 1;
}

/**
 * The offer's deadline as the contract wants it (an instant with its zone): a date and time without a zone are read as
 * Brussels time, as the agency's office reads its clock; anything else goes as typed (the server checks it).
 */
export function answerByInstant(typed: string | undefined): string | undefined {
  const local = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::(\d{2}))?$/.exec(typed?.trim() ?? '');
  if (!local) return typed;
  return new Date(brusselsInstant(local[1]!, local[2]!).getTime() + Number(local[3] ?? 0) * 1000).toISOString();
}

const OFFER_COMMANDS = ['offer', 'send-offer', 'withdraw-offer', 'offer-answers', 'select-offer', 'set-places', 'remove-worker'];

type OfferValues = { [key: string]: string | boolean | string[] | undefined };

/** The offer commands: their second word is an offer id (or nothing, to create one), not a worker's address. */
async function runOfferCommand(positionals: string[], values: OfferValues, options: Options): Promise<number> {
  const [command, offer] = positionals;
  const text = (name: string) => values[name] as string | undefined;
  const list = (name: string) => (values[name] as string[] | undefined) ?? [];
  const path = `/api/backoffice/offers/${encodeURIComponent(offer ?? '')}`;
  if (command !== 'offer' && !offer) {
    options.out('Which offer? Give its id (as `offer` answered it).');
    return 2;
  }
  if (command === 'offer') {
    // Euros as typed ("15.50" or "15,50"), sent as cents: the contract keeps money in whole cents.
    const euros = text('wage')?.replace(',', '.');
    const shifts = list('shift').map((s) => {
      const [date, start, end] = s.split(',');
      return { date, start, end };
    });
    return send(options, 'POST', '/api/backoffice/offers', {
      reference: text('reference'),
      job: text('job'),
      shortLocation: text('short-location'),
      location1: text('location1'),
      location2: text('location2'),
      briefing: text('briefing'),
      hourlyWageCents: euros === undefined ? undefined : Math.round(Number(euros) * 100),
      places: text('places') === undefined ? undefined : Number(text('places')),
      answerBy: answerByInstant(text('answer-by')),
      shifts,
      workers: list('worker'),
      ...(values.selection ? { staffing: 'selection' } : {}),
    });
  }
  if (command === 'select-offer') return send(options, 'POST', `${path}/select`, { workers: list('worker'), close: values.close === true });
  if (command === 'remove-worker') return send(options, 'POST', `${path}/remove-worker`, { worker: list('worker')[0] });
  if (command === 'set-places') return send(options, 'POST', `${path}/places`, { places: Number(text('places')) });
  if (command === 'send-offer') return send(options, 'POST', `${path}/send`, { workers: list('worker') });
  if (command === 'withdraw-offer') return send(options, 'POST', `${path}/withdraw`, {});
  return send(options, 'GET', path, undefined);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const baseUrl = (process.env.PORTAL_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`).replace(/\/+$/, '');
  const code = await runBackoffice(process.argv.slice(2), { baseUrl, token: process.env.BACKOFFICE_TOKEN, fetch, out: (t) => console.log(t) }).catch(
    (error: unknown) => {
      console.error(`Cannot reach ${baseUrl}: ${error instanceof Error ? error.message : String(error)}`);
      return 1;
    },
  );
  process.exit(code);
}
