import { PROJECT_STATUS_LABELS } from '@parlance/shared';
import type { Db, Tx } from '../../db/client';
import type { MailMessage } from '../../platform/mail';
import { referenceNames } from '../../platform/reference-names';
import type { ProjectRecord } from './present';

// The mails of the project lifecycle, each under the mailing switch its name says (ADR 0097): the
// customer when the order is submitted, work starts, is late, is delivered, waits for approval and
// completes; translators when a project that matches them opens and when one of theirs moves.
// Sent after the commit of the move; the mailer checks the switch.

interface Person {
  /** the user's id: their mailing preferences decide whether the mail goes out */
  id: number;
  email: string;
  name: string;
}

function link(publicUrl: string, p: Pick<ProjectRecord, 'id'>): string {
  return `${publicUrl}/project/${p.id}`;
}

/** A project with the names a person reads for its languages and expertise (never slugs). */
export type NamedProject = ProjectRecord & { sourceName: string; targetName: string; expertiseName: string };

/** Adds the language and expertise names to a project, for its mails. */
export async function withNames(db: Db | Tx, p: ProjectRecord): Promise<NamedProject> {
  const names = await referenceNames(db, {
    languages: [p.sourceLanguage, p.targetLanguage],
    expertises: [p.expertise],
  });
  return {
    ...p,
    sourceName: names.language(p.sourceLanguage),
    targetName: names.language(p.targetLanguage),
    expertiseName: names.expertise(p.expertise),
  };
}

function pair(p: Pick<NamedProject, 'sourceName' | 'targetName'>): string {
  return `${p.sourceName || '?'} to ${p.targetName || '?'}`;
}

export function workStartedMail(publicUrl: string, to: Person, p: NamedProject): MailMessage {
  const deadline = p.deadline ? ` The deadline is ${p.deadline.toUTCString()}.` : '';
  return {
    to: to.email,
    preference: { userId: to.id, flag: 'translation_started' },
    subject: `Work has started on "${p.name}"`,
    text: `Hello ${to.name},\n\nA translator has taken your project "${p.name}" (${pair(p)}) and started working on it.${deadline}\n\nFollow it here: ${link(publicUrl, p)}\n`,
  };
}

/** The delivered files: attached (the customer's email_project_files_attach), or named with the project's link. */
export interface DeliveredFiles {
  attach: { filename: string; content: Buffer; contentType: string }[];
  /** files not attached (the switch is off, or they are over the size limit): named in the text */
  named: string[];
}

export function deliveredMail(
  publicUrl: string,
  to: Person,
  p: NamedProject,
  files: DeliveredFiles = { attach: [], named: [] },
): MailMessage {
  const attached = files.attach.length ? `\nThe translated files are attached.` : '';
  const named = files.named.length ? `\nThe translated files (${files.named.join(', ')}) are on the project page.` : '';
  return {
    to: to.email,
    preference: { userId: to.id, flag: 'email_yourproject' },
    subject: `Your translation of "${p.name}" is ready`,
    text: `Hello ${to.name},\n\nThe translation of "${p.name}" (${pair(p)}) has been delivered: ${PROJECT_STATUS_LABELS.READY}.${attached}${named}\nDownload it, then approve it or tell us what is wrong within 7 days; after that it completes by itself.\n\n${link(publicUrl, p)}\n`,
    ...(files.attach.length ? { attachments: files.attach } : {}),
  };
}

/** The order was paid and its projects submitted to translators (project_submitted). */
export function submittedMail(publicUrl: string, to: Person, ps: NamedProject[], invoice: string): MailMessage {
  const lines = ps.map((p) => `- "${p.name}" (${pair(p)}, ${p.wordCount} words): ${link(publicUrl, p)}`).join('\n');
  return {
    to: to.email,
    preference: { userId: to.id, flag: 'project_submitted' },
    subject: ps.length === 1 ? `"${ps[0].name}" was submitted` : `${ps.length} projects were submitted`,
    text: `Hello ${to.name},\n\nThank you for your order (invoice ${invoice}). We submitted ${ps.length === 1 ? 'this project' : 'these projects'} to our translators:\n${lines}\n\nWe will tell you when a translator starts.\n`,
  };
}

/** A delivered project still waits for the customer, two days before it completes by itself (approve_time). */
export function approveReminderMail(publicUrl: string, to: Person, p: NamedProject, completesAt: Date): MailMessage {
  return {
    to: to.email,
    preference: { userId: to.id, flag: 'approve_time' },
    subject: `Please approve "${p.name}"`,
    text: `Hello ${to.name},\n\nThe translation of "${p.name}" (${pair(p)}) was delivered and waits for your approval.\nApprove it, or tell us what is wrong, before ${completesAt.toUTCString()}; after that it completes by itself and the translator is paid.\n\n${link(publicUrl, p)}\n`,
  };
}

/** The project passed its deadline undelivered (project_delayed), to its customer or its translator. */
export function delayedMail(
  publicUrl: string,
  to: Person,
  p: NamedProject,
  side: 'customer' | 'translator',
): MailMessage {
  const body =
    side === 'customer'
      ? `Your project "${p.name}" (${pair(p)}) passed its deadline and is not delivered yet. Its translator is still on it; we follow it up, and you can write to them on the project page.`
      : `The project "${p.name}" (${pair(p)}) you are translating passed its deadline. Please deliver it as soon as you can, or tell the customer on the project page when it will be ready.`;
  return {
    to: to.email,
    preference: { userId: to.id, flag: 'project_delayed' },
    subject: `"${p.name}" is delayed`,
    text: `Hello ${to.name},\n\n${body}\n\n${link(publicUrl, p)}\n`,
  };
}

/**
 * A project of an order of several (a package, one project per target language) passed its
 * deadline (combo_package_delay): the customer reads where the whole package stands.
 */
export function packageDelayedMail(
  publicUrl: string,
  to: Person,
  late: NamedProject,
  others: { name: string; targetName: string; status: string }[],
): MailMessage {
  const rest = others.map((o) => `- "${o.name}" (${o.targetName || '?'}): ${o.status}`).join('\n');
  return {
    to: to.email,
    preference: { userId: to.id, flag: 'combo_package_delay' },
    subject: `Your package with "${late.name}" is delayed`,
    text: `Hello ${to.name},\n\nThe project "${late.name}" (${pair(late)}) of your package passed its deadline and is not delivered yet, so the package is late.\nThe other projects of the package:\n${rest}\n\n${link(publicUrl, late)}\n`,
  };
}

/** Something the customer or an admin did to a translator's project (email_translatorproject). */
export function translatorUpdateMail(
  publicUrl: string,
  to: Person,
  p: NamedProject,
  what: 'completed' | 'disputed' | 'reassigned',
): MailMessage {
  const say = {
    completed: {
      subject: `"${p.name}" is completed`,
      body: `The project "${p.name}" (${pair(p)}) is completed: the customer approved it or its 7 days passed. Your earnings are pending for 72 hours, then available.`,
    },
    disputed: {
      subject: `The customer disputed "${p.name}"`,
      body: `The customer disputed the delivery of "${p.name}" (${pair(p)}). Nothing is paid until an admin resolves it; read the reason and answer on the project page.`,
    },
    reassigned: {
      subject: `"${p.name}" went to another translator`,
      body: `An admin gave the project "${p.name}" (${pair(p)}) to another translator. You no longer work on it.`,
    },
  }[what];
  return {
    to: to.email,
    preference: { userId: to.id, flag: 'email_translatorproject' },
    subject: say.subject,
    text: `Hello ${to.name},\n\n${say.body}\n\n${link(publicUrl, p)}\n`,
  };
}

export function completedMail(publicUrl: string, to: Person, p: NamedProject): MailMessage {
  return {
    to: to.email,
    preference: { userId: to.id, flag: 'email_yourproject' },
    subject: `"${p.name}" is completed`,
    text: `Hello ${to.name},\n\nYour project "${p.name}" (${pair(p)}) is completed. Thank you for working with Parlance.\nYou can still download the files and rate the work: ${link(publicUrl, p)}\n`,
  };
}

/** Nobody took the project before its deadline: cancelled and refunded (timed-moves.ts expireUntaken). */
export function expiredMail(publicUrl: string, to: Person, p: NamedProject, refundText: string): MailMessage {
  return {
    to: to.email,
    preference: { userId: to.id, flag: 'email_yourproject' },
    subject: `"${p.name}" expired: refunded in full`,
    text: `Hello ${to.name},\n\nNobody took your project "${p.name}" (${pair(p)}) before its deadline, so we cancelled it and returned ${refundText} to your Parlance credits.\nYou can order it again with a later deadline, or choose a plan with more time: ${publicUrl}/wizard\n\nThe project: ${link(publicUrl, p)}\n`,
  };
}

export function projectOpenedMail(publicUrl: string, to: Person, p: NamedProject): MailMessage {
  return {
    to: to.email,
    preference: { userId: to.id, flag: 'email_newproject' },
    subject: `New project: ${pair(p)}, ${p.wordCount} words`,
    text: `Hello ${to.name},\n\nA new project matches your language pairs: "${p.name}" (${pair(p)}, ${p.wordCount} words${p.expertiseName ? `, ${p.expertiseName}` : ''}).\nThe first translator to take it gets it: ${link(publicUrl, p)}\n`,
  };
}

/** A new message in a project's discussion, to each of the project's other people. */
export function newMessageMail(
  publicUrl: string,
  to: Person,
  p: Pick<ProjectRecord, 'id' | 'name'>,
  from: string,
  body: string,
): MailMessage {
  const excerpt = body.length > 500 ? `${body.slice(0, 500)}…` : body;
  return {
    to: to.email,
    preference: { userId: to.id, flag: 'new_comment' },
    subject: `New message on "${p.name}"`,
    text: `Hello ${to.name},\n\n${from} wrote on "${p.name}":\n\n${excerpt}\n\nReply here: ${link(publicUrl, p)}\n`,
  };
}
