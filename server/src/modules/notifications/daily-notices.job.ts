import type { Db } from '../../platform/db/database.ts';
import type { ScheduledJob } from '../../platform/jobs.ts';
import type { Notifier } from '../../platform/notifier/notifier.types.ts';
import { allParkIds, contactsOfProfiles } from '../access/permission-holders.ts';
import type { FilesDeps } from '../files/files.service.ts';
import { noticeServiceReminders, type NoticeTally } from '../reminders/reminder-notices.ts';
import { noticeExpiringDocuments } from './document-notices.ts';

/**
 * The daily notices (issue 18 sections 2 and 3): every park's service reminders and expiring
 * documents, each told once to the people who should know (reminder-notices.ts,
 * document-notices.ts), as notifications; each person newly told also gets one message (e-mail, else
 * SMS) listing them. Safe to run at any time, twice or on two servers at once: a notice already
 * written for a profile is not written again (dedupe key), and only new ones are sent.
 */
export interface DailyNoticesDeps {
  db: Db;
  files: FilesDeps;
  notifier?: Notifier;
  /** The web's address, for the links in messages. */
  publicUrl?: string;
  log?: { error(obj: object, msg: string): void };
}

export interface DailyNoticesResult {
  parks: number;
  reminders_checked: number;
  notifications: number;
  messages_sent: number;
  messages_failed: number;
}

const NBSP = '\u00a0';

function messageText(items: { title: string; body: string; link: string | null }[], publicUrl?: string): string {
  const lines = items.map((n) => `- ${n.body}${n.link && publicUrl ? `\n  ${publicUrl.replace(/\/$/, '')}${n.link}` : ''}`);
  return `Bonjour,\n\nCe qui demande votre attention dans Flotte${NBSP}:\n${lines.join('\n')}\n\nRetrouvez-les dans vos notifications.`;
}

/** One message per person newly told: e-mail when they have an address, else SMS. A failure is logged, not retried. */
async function sendMessages(deps: DailyNoticesDeps, told: NoticeTally['told'], result: DailyNoticesResult): Promise<void> {
  if (!deps.notifier || told.size === 0) return;
  for (const c of await contactsOfProfiles(deps.db, [...told.keys()])) {
    const items = told.get(c.profileId) ?? [];
    const to = c.email ?? c.phone;
    if (!to || items.length === 0) continue;
    const subject = items.length === 1 ? items[0].title : `${items.length} nouvelles notifications`;
    try {
      await deps.notifier.send({ channel: c.email ? 'email' : 'sms', to, subject: `Flotte${NBSP}: ${subject}`, text: messageText(items, deps.publicUrl) });
      result.messages_sent += 1;
    } catch (err) {
      result.messages_failed += 1;
      deps.log?.error({ err, profileId: c.profileId }, 'daily notice message not sent');
    }
  }
}

export async function runDailyNoticesJob(deps: DailyNoticesDeps, now: Date = new Date(), opts: { parkId?: string } = {}): Promise<DailyNoticesResult> {
  const parkIds = opts.parkId ? [opts.parkId] : await allParkIds(deps.db);
  const result: DailyNoticesResult = { parks: parkIds.length, reminders_checked: 0, notifications: 0, messages_sent: 0, messages_failed: 0 };
  for (const parkId of parkIds) {
    const tally: NoticeTally = { checked: 0, notified: 0, told: new Map(), holders: new Map() };
    await noticeServiceReminders(deps.db, parkId, now, tally);
    await noticeExpiringDocuments(deps, parkId, now, tally);
    result.reminders_checked += tally.checked;
    result.notifications += tally.notified;
    await sendMessages(deps, tally.told, result);
  }
  return result;
}

/** pg-boss runs it every morning at 06:00 UTC (07:00 in Douala), on one instance. */
export function dailyNoticesJob(deps: DailyNoticesDeps): ScheduledJob {
  return { name: 'daily-notices', cron: '0 6 * * *', pollSeconds: 300, run: () => runDailyNoticesJob(deps) };
}
