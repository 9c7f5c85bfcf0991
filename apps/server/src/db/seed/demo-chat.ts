import { Readable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import {
  chatAttachments,
  chatMembers,
  chatMessages,
  chatNotifications,
  chatReactions,
  chats,
  myTeamMembers,
  users,
} from '../schema';
import { checkMessage, compileVocabulary, holdMessage } from '../../platform/moderation';
import type { Storage } from '../../platform/storage';

// Team chat demo: the demo customer, translator and admin share the customer's my-team chat and a
// team group with a few days of messages, a reply, reactions, a pinned message, two attachments and
// one message on moderation.

const HOUR = 3_600_000;

export async function seedChatDemo(
  db: Db,
  opts: { customerEmail: string; translatorEmail: string; adminEmail: string; storage: Storage },
): Promise<void> {
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, [opts.customerEmail, opts.translatorEmail, opts.adminEmail]));
  const idOf = (email: string) => people.find((p) => p.email === email)?.id;
  const customer = idOf(opts.customerEmail);
  const translator = idOf(opts.translatorEmail);
  const admin = idOf(opts.adminEmail);
  if (!customer || !translator || !admin) return;
  await db.insert(myTeamMembers).values({ customerId: customer, translatorId: translator }).onConflictDoNothing();
  const now = Date.now();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);

  const files = [
    { name: 'style-guide.pdf', mime: 'application/pdf', body: '%PDF-1.4\n% Acme style guide (demo)\n' },
    { name: 'glossary.csv', mime: 'text/csv', body: 'term,translation\nchat,chat\nlaunch,lanzamiento\n' },
  ];
  const stored: ((typeof files)[number] & { file: { id: string; size: number } })[] = [];
  for (const f of files)
    stored.push({ ...f, file: await opts.storage.put(Readable.from([Buffer.from(f.body)]), { maxBytes: 1_000_000 }) });

  await db.transaction(async (tx) => {
    const [myTeam] = await tx
      .insert(chats)
      .values({ type: 'my-team', title: 'My Team', ownerId: customer, createdAt: at(100) })
      .returning({ id: chats.id });
    const [group] = await tx
      .insert(chats)
      .values({ type: 'custom', title: 'Website launch', ownerId: customer, createdAt: at(90) })
      .returning({ id: chats.id });
    for (const chatId of [myTeam.id, group.id])
      await tx
        .insert(chatMembers)
        .values([customer, translator, admin].map((userId) => ({ chatId, userId, addedAt: at(100) })));

    const script: {
      chat: number;
      by: number;
      text: string;
      hoursAgo: number;
      reply?: number;
      pin?: boolean;
      file?: number;
      status?: 'moderation';
    }[] = [
      {
        chat: myTeam.id,
        by: customer,
        text: 'Hi Tomas, welcome to my team! I will send the legal batch next week.',
        hoursAgo: 96,
      },
      { chat: myTeam.id, by: translator, text: 'Thank you, happy to help. Ping me any time.', hoursAgo: 95 },
      { chat: myTeam.id, by: customer, text: 'The batch is in the order wizard now.', hoursAgo: 30 },
      { chat: myTeam.id, by: translator, text: 'Got it, starting tomorrow morning.', hoursAgo: 29 },
      {
        chat: group.id,
        by: customer,
        text: 'Kick-off: we launch the Spanish site on Friday. Style guide attached.',
        hoursAgo: 80,
        pin: true,
        file: 0,
      },
      { chat: group.id, by: translator, text: 'Read it. Should product names stay in English?', hoursAgo: 79 },
      { chat: group.id, by: customer, text: 'Yes, keep product names in English.', hoursAgo: 78, reply: 5 },
      { chat: group.id, by: admin, text: 'Here is the shared glossary for the launch.', hoursAgo: 50, file: 1 },
      { chat: group.id, by: translator, text: 'Homepage and pricing pages are done.', hoursAgo: 26 },
      {
        chat: group.id,
        by: translator,
        text: 'Write to me directly at tomas@example.com for faster answers.',
        hoursAgo: 5,
        status: 'moderation',
      },
      { chat: group.id, by: customer, text: 'Great work! Checkout pages next, please.', hoursAgo: 2 },
    ];
    const seqs = new Map<number, number>();
    const ids: number[] = [];
    const last = new Map<number, { id: number; at: Date }>();
    for (const line of script) {
      const seq = (seqs.get(line.chat) ?? 0) + 1;
      seqs.set(line.chat, seq);
      const [m] = await tx
        .insert(chatMessages)
        .values({
          chatId: line.chat,
          seq,
          // only messages take numbers here, so the message's number is its sequence number
          ordinal: seq,
          authorId: line.by,
          text: line.text,
          status: line.status ?? 'approved',
          replyToId: line.reply ? ids[line.reply - 1] : null,
          pinnedAt: line.pin ? at(line.hoursAgo - 1) : null,
          createdAt: at(line.hoursAgo),
        })
        .returning({ id: chatMessages.id });
      ids.push(Number(m.id));
      if (line.status === 'moderation') {
        // held like a live send (modules/chat/moderation.ts): a pending row in /admin/moderation
        const verdict = checkMessage({ text: line.text, language: null }, compileVocabulary([]));
        await holdMessage(tx, {
          source: 'blendTalk',
          messageRef: Number(m.id),
          authorId: line.by,
          title: 'Website launch',
          language: '',
          message: line.text,
          reasons: verdict.reasons,
          link: `/admin/blend-talk/user/${customer}/chat/${line.chat}?message=${Number(m.id)}`,
          now: at(line.hoursAgo),
        });
      }
      if (line.file !== undefined) {
        const f = stored[line.file];
        await tx.insert(chatAttachments).values({
          fileId: f.file.id,
          uploaderId: line.by,
          messageId: Number(m.id),
          chatId: line.chat,
          originalName: f.name,
          mimeType: f.mime,
          size: f.file.size,
          createdAt: at(line.hoursAgo),
        });
      }
      if (!line.status) last.set(line.chat, { id: Number(m.id), at: at(line.hoursAgo) });
    }
    await tx.insert(chatReactions).values([
      { messageId: ids[4], userId: translator, type: 'like' },
      { messageId: ids[4], userId: admin, type: 'checked' },
      { messageId: ids[8], userId: customer, type: 'heart' },
    ]);
    for (const [chatId, seq] of seqs) {
      const l = last.get(chatId);
      await tx
        .update(chats)
        .set({ lastSeq: seq, lastOrdinal: seq, lastMessageId: l?.id, lastMessageAt: l?.at })
        .where(eq(chats.id, chatId));
    }
    // unseen: the customer has the translator's latest two; the admin has the message on moderation
    await tx.insert(chatNotifications).values([
      { userId: customer, chatId: myTeam.id, type: 'message', messageId: ids[3] },
      { userId: customer, chatId: group.id, type: 'message', messageId: ids[8] },
      { userId: admin, chatId: group.id, type: 'message', messageId: ids[9] },
      { userId: translator, chatId: group.id, type: 'message', messageId: ids[10] },
    ]);
  });
}
