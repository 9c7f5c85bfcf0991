import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import {
  accountDetails,
  aclGroups,
  apiKeys,
  mailingPreferences,
  profileUploads,
  projectNotes,
  secondaryEmails,
  subAccounts,
  telegramSubscriptions,
  translatorDetails,
  translatorTranscriptionLanguages,
  userAclGroups,
  users,
  voiceSamples,
} from '../schema';
import { generateApiKey } from '../../platform/api-keys';
import type { Storage } from '../../platform/storage';

// Demo content of the profile: the demo translator's profile complete (languages and expertise come
// with the project demo; networks, transcription and Telegram too), the demo customer's address, mailing choices, a second address and an API key.

const PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';

async function idOf(db: Db, email: string): Promise<number | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id;
}

export async function seedProfileDemo(
  db: Db,
  opts: { customerEmail: string; translatorEmail: string; storage?: Storage },
): Promise<void> {
  const customerId = await idOf(db, opts.customerEmail);
  const translatorId = await idOf(db, opts.translatorEmail);
  if (!customerId || !translatorId) return;

  await db
    .insert(accountDetails)
    .values({ userId: customerId, address: '500 Market Street', city: 'San Francisco' })
    .onConflictDoNothing();
  await db
    .insert(mailingPreferences)
    .values({ userId: customerId, flags: { email_promotion: true, word_count_diff: false } })
    .onConflictDoNothing();
  await db.insert(secondaryEmails).values({ userId: customerId, email: 'billing@acme.example' }).onConflictDoNothing();
  const key = generateApiKey();
  await db
    .insert(apiKeys)
    .values({ userId: customerId, kind: 'key', publicId: key.publicId, secretHash: key.hash, secretHint: key.hint })
    .onConflictDoNothing();

  await db.insert(projectNotes).values([
    {
      userId: customerId,
      title: 'Brand voice',
      content: 'Friendly and direct. Address the reader as "you"; no exclamation marks.',
    },
    {
      userId: customerId,
      title: 'Product names',
      content: 'Keep Acme product names (Acme Flow, Acme Desk) in English in every language.',
    },
  ]);

  // a sub-account of the demo customer (no password: reached through Switch to)
  const [sub] = await db
    .insert(users)
    .values({
      type: 'customer',
      email: 'marketing@acme.example',
      name: 'Acme Marketing',
      company: 'Acme Localization',
      country: 'US',
      termsAcceptedAt: new Date(),
    })
    .onConflictDoNothing()
    .returning();
  if (sub) {
    const [group] = await db.select().from(aclGroups).where(eq(aclGroups.name, 'role.customer'));
    if (group) await db.insert(userAclGroups).values({ userId: sub.id, groupId: group.id });
    await db.insert(subAccounts).values({ parentId: customerId, childId: sub.id, autoTransfer: true });
  }

  await db
    .insert(translatorDetails)
    .values({
      userId: translatorId,
      nativeLanguage: 'french',
      isOnlyExpert: false,
      bio: 'French native translator with twelve years of marketing, legal and technical work for software companies.',
      timeZone: 'Europe/Paris',
      referees: [
        {
          name: 'Claire Martin',
          email: 'claire.martin@example.com',
          company: 'Martin Traductions',
          relationship: 'Agency client since 2016',
        },
      ],
      software: ['SDL Trados Studio', 'memoQ', 'Subtitle Edit'],
      services: ['Translation', 'Editing and proofreading', 'Voice-over'],
    })
    .onConflictDoNothing();
  await db.update(users).set({ phone: '+33 1 23 45 67 89' }).where(eq(users.id, translatorId));
  // social networks, a transcription language, and Telegram notifications on (the sandbox chat:
  // the project mails also appear in /admin/outbox as telegram:sandbox-<id>)
  await db
    .insert(accountDetails)
    .values({
      userId: translatorId,
      city: 'Lyon',
      networks: {
        linkedin: 'https://www.linkedin.com/in/tomas-demo-translator',
        proz: 'https://www.proz.com/translator/1234567',
        website: 'https://tomas-traductions.example',
      },
    })
    .onConflictDoNothing();
  await db
    .insert(translatorTranscriptionLanguages)
    .values([
      { userId: translatorId, language: 'french' },
      { userId: translatorId, language: 'american-english' },
    ])
    .onConflictDoNothing();
  await db
    .insert(telegramSubscriptions)
    .values({ userId: translatorId, chatId: `sandbox-${translatorId}`, subscribed: true, subscribedAt: new Date() })
    .onConflictDoNothing();

  if (!opts.storage) return;
  for (const [kind, fileName] of [
    ['cv', 'tomas-cv.pdf'],
    ['gov_id', 'tomas-id.pdf'],
    ['certification', 'sworn-translator-certificate.pdf'],
  ] as const) {
    const stored = await opts.storage.put(Readable.from([Buffer.from(PDF)]), { maxBytes: 1024 * 1024 });
    await db.insert(profileUploads).values({
      userId: translatorId,
      kind,
      storageId: stored.id,
      fileName,
      mime: 'application/pdf',
      sizeBytes: stored.size,
    });
  }
  // one voice-over sample (/voice): a short tone, made here rather than checked in
  const sample = await opts.storage.put(Readable.from([demoWav()]), { maxBytes: 1024 * 1024 });
  await db
    .insert(voiceSamples)
    .values({
      userId: translatorId,
      language: 'french',
      storageId: sample.id,
      fileName: 'tomas-voice-french.wav',
      mime: 'audio/wav',
      sizeBytes: sample.size,
    })
    .onConflictDoNothing();
}

/** A valid WAV file: 1.5 seconds of a soft 440 Hz tone that fades in and out, 8 kHz mono 8-bit. */
export function demoWav(seconds = 1.5): Buffer {
  const rate = 8000;
  const n = Math.round(rate * seconds);
  const data = Buffer.alloc(n);
  for (let i = 0; i < n; i++) {
    const fade = Math.min(1, i / 800, (n - i) / 800);
    data[i] = Math.round(128 + 40 * fade * Math.sin((2 * Math.PI * 440 * i) / rate));
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + n, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28); // bytes per second
  header.writeUInt16LE(1, 32); // block align
  header.writeUInt16LE(8, 34); // bits per sample
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(n, 40);
  return Buffer.concat([header, data]);
}
