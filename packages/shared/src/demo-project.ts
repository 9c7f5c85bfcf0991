// /project/demo (spec 1 section 2: present, contents not shown): a guided sample project for
// people who have not ordered yet (ADR 0099). One read-only project page with real sample files
// served by the server and a timeline whose steps each say what the customer sees then. Nothing on
// it is live data, and the page says so.

export const DEMO_PROJECT_TEXTS = {
  heading: 'Sample project',
  sampleNotice:
    'This is a sample project, shown so that you can see how an order runs before you place one. Its names, dates, figures and files are examples, not live data.',
  sampleChip: 'Sample',
  filesNote: 'Open or download the sample files: the source the customer uploaded and the translation delivered.',
  guideTitle: 'What you see at this step',
  ctaTitle: 'Ready for your own translation?',
  ctaText:
    'Upload a file or paste your text: the price is shown before you pay, and you follow your order on a page like this one.',
  ctaOrder: 'Start an order',
  ctaSignUp: 'Create a free account',
  linkText: 'See a sample project',
  loadFailed: 'The sample project could not be loaded.',
} as const;

/** The steps of the sample's timeline, in order. */
export const DEMO_PROJECT_STEPS = ['ordered', 'assigned', 'started', 'delivered', 'approved'] as const;
export type DemoProjectStep = (typeof DEMO_PROJECT_STEPS)[number];

/** What the customer sees at each step: the callout under the step on the timeline. */
export const DEMO_PROJECT_GUIDES: Record<DemoProjectStep, string> = {
  ordered:
    'You uploaded the file, saw the word count and the price, and paid with your credits or a card. The project appears under My projects as Pending Linguist, and you can still cancel it for a full refund.',
  assigned:
    'A translator qualified for the language pair and the subject took the project. You see their name here, and you can write to them in the project’s discussion.',
  started:
    'The translator is working. The status reads In Progress, the deadline stays in view, and questions about terms or context reach you by message and e-mail.',
  delivered:
    'The translation arrived under Files, next to your source. You read or download it, then approve it or open a dispute; if you do neither, it completes by itself after the review period.',
  approved:
    'You approved the translation: the project is completed, the translator is paid, and the files stay here for you to download again whenever you need them.',
};
