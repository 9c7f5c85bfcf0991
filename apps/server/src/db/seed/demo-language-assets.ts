import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import {
  languages,
  terminologySets,
  terminologyTerms,
  tmImports,
  tmSegments,
  tmShareGroups,
  tmShareMembers,
  users,
} from '../schema';
import { normalizeForSearch, readTmx, type TmxUnit } from '../../modules/language-assets/tmx-parser';

// Demo language assets of the demo customer: English -> German terminology, a small translation
// memory in three languages (read by the real TMX reader), and a shared-memory group with the demo
// translator in it (who then sees the memory on the customer's projects they work on).

const TERMS: [string, string, string][] = [
  ['invoice', 'Rechnung', 'finance'],
  ['balance', 'Saldo', 'finance'],
  ['credit', 'Guthaben', ''],
  ['checkout', 'Kasse', 'shop'],
  ['shopping cart', 'Warenkorb', 'shop'],
  ['sign in', 'anmelden', 'UI: verb'],
  ['account settings', 'Kontoeinstellungen', 'UI'],
  ['delivery date', 'Liefertermin', ''],
];

const TMX = `<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4">
  <header creationtool="Parlance demo" creationtoolversion="1" segtype="sentence" o-tmf="demo" adminlang="en-US" srclang="en-US" datatype="plaintext"/>
  <body>
    <tu><tuv xml:lang="en-US"><seg>Welcome to your account.</seg></tuv><tuv xml:lang="de-DE"><seg>Willkommen in Ihrem Konto.</seg></tuv><tuv xml:lang="fr-FR"><seg>Bienvenue dans votre compte.</seg></tuv></tu>
    <tu><tuv xml:lang="en-US"><seg>Your order <ph x="1">{0}</ph> has shipped.</seg></tuv><tuv xml:lang="de-DE"><seg>Ihre Bestellung <ph x="1">{0}</ph> wurde versandt.</seg></tuv><tuv xml:lang="fr-FR"><seg>Votre commande <ph x="1">{0}</ph> a été expédiée.</seg></tuv></tu>
    <tu><tuv xml:lang="en-US"><seg>Click <bpt i="1">&lt;b&gt;</bpt>Save<ept i="1">&lt;/b&gt;</ept> to keep your changes.</seg></tuv><tuv xml:lang="de-DE"><seg>Klicken Sie auf <bpt i="1">&lt;b&gt;</bpt>Speichern<ept i="1">&lt;/b&gt;</ept>, um Ihre Änderungen zu behalten.</seg></tuv></tu>
    <tu><tuv xml:lang="en-US"><seg>The invoice is due in 30 days.</seg></tuv><tuv xml:lang="de-DE"><seg>Die Rechnung ist in 30 Tagen fällig.</seg></tuv><tuv xml:lang="fr-FR"><seg>La facture est payable sous 30 jours.</seg></tuv></tu>
    <tu><tuv xml:lang="en-US"><seg>Add to shopping cart</seg></tuv><tuv xml:lang="de-DE"><seg>In den Warenkorb</seg></tuv><tuv xml:lang="fr-FR"><seg>Ajouter au panier</seg></tuv></tu>
    <tu><tuv xml:lang="en-US"><seg>Sign in to continue.</seg></tuv><tuv xml:lang="de-DE"><seg>Melden Sie sich an, um fortzufahren.</seg></tuv></tu>
  </body>
</tmx>
`;

async function idOf(db: Db, email: string): Promise<number | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id;
}

export async function seedLanguageAssetsDemo(db: Db, opts: { customerEmail: string; translatorEmail: string }) {
  const customerId = await idOf(db, opts.customerEmail);
  const translatorId = await idOf(db, opts.translatorEmail);
  if (!customerId || !translatorId) return;
  const [en] = await db.select().from(languages).where(eq(languages.slug, 'american-english'));
  const [de] = await db.select().from(languages).where(eq(languages.slug, 'german'));
  const now = new Date();
  const units: TmxUnit[] = [];
  const read = await readTmx([TMX], async (batch) => {
    units.push(...batch);
  });
  await db.transaction(async (tx) => {
    if (en && de) {
      const [set] = await tx
        .insert(terminologySets)
        .values({
          userId: customerId,
          sourceLangId: en.id,
          targetLangId: de.id,
          fileName: 'webshop-terms-en-de.csv',
          format: 'csv',
          termCount: TERMS.length,
          createdAt: now,
        })
        .returning();
      await tx
        .insert(terminologyTerms)
        .values(TERMS.map(([source, target, note], i) => ({ setId: set.id, position: i + 1, source, target, note })));
    }
    const [imp] = await tx
      .insert(tmImports)
      .values({
        userId: customerId,
        fileName: 'webshop-memory.tmx',
        unitCount: read.units,
        languages: read.languages,
        createdAt: now,
      })
      .returning();
    await tx.insert(tmSegments).values(
      units.flatMap((u, i) =>
        u.variants.map((v) => ({
          importId: imp.id,
          userId: customerId,
          unitNo: i + 1,
          lang: v.lang,
          content: v.content,
          plain: v.plain,
          norm: normalizeForSearch(v.plain),
        })),
      ),
    );
    const [group] = await tx
      .insert(tmShareGroups)
      .values({ ownerId: customerId, name: 'Core translators', createdAt: now })
      .returning();
    await tx.insert(tmShareMembers).values({ groupId: group.id, userId: translatorId, createdAt: now });
  });
}
