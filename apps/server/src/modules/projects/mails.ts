import { PROJECT_STATUS_LABELS } from '@parlance/shared';
import type { Db, Tx } from '../../db/client';
import type { MailMessage } from '../../platform/mail';
import { referenceNames } from '../../platform/reference-names';
import type { ProjectRecord } from './present';

// The mails of the project lifecycle: the customer when work starts, is delivered and completes;
// translators when a project that matches them opens. Sent after the commit of the move.

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

export function deliveredMail(publicUrl: string, to: Person, p: NamedProject): MailMessage {
  return {
    to: to.email,
    preference: { userId: to.id, flag: 'email_yourproject' },
    subject: `Your translation of "${p.name}" is ready`,
    text: `Hello ${to.name},\n\nThe translation of "${p.name}" (${pair(p)}) has been delivered: ${PROJECT_STATUS_LABELS.READY}.\nDownload it, then approve it or tell us what is wrong within 7 days; after that it completes by itself.\n\n${link(publicUrl, p)}\n`,
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
    subject: `New message on "${p.name}"`,
    text: `Hello ${to.name},\n\n${from} wrote on "${p.name}":\n\n${excerpt}\n\nReply here: ${link(publicUrl, p)}\n`,
  };
}
