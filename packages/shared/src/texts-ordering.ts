// User-facing texts of ordering and paying: the wizard, word counts and uploads, card payments.
// Apart from TEXTS so that the first page load (the shell and sign-in) does not carry them: a
// bundler cannot drop unused properties of one object (ADR 0019).
export const ORDER_TEXTS = {
  paymentAccountMismatch: 'You are not logged in with the correct account for this payment link.',
  // Card payments and wire transfers (ours; see ADR 0024).
  cardDeclined: 'Your card was declined.',
  cardProcessorUnavailable:
    'The card processor did not answer. Nothing was charged twice: please try again in a moment.',
  quoteInvalid: 'This price quote is invalid or has expired. Please get a new quote.',
  paymentNotFound: 'This payment does not exist.',
  paymentAlreadyDone: 'This payment was already completed.',
  quoteAlreadyPaid: 'This quote was already paid. To buy more credits, please get a new quote.',
  quotePaymentInProgress: 'This quote is already being paid. Please wait a moment, then check your credits.',
  paymentReplaced: 'Replaced by another way of paying the same quote.',
  quoteWireWaiting: 'This quote is waiting for your wire transfer. To pay it another way, please get a new quote.',
  paymentNotPending: 'This payment is no longer waiting: it was already completed or cancelled.',
  paymentNotWire: 'Only a wire transfer can be marked received.',
  savedCardNotFound: 'This saved card does not exist. Please choose another card.',
  checkoutSignIn: 'Please sign in with the account that asked for this payment.',
  checkoutFormExpired: 'This payment form has expired. Please reload the page and try again.',
  cardNumberInvalid: 'Please enter a valid card number.',
  cardNumberNotTest: 'This is a sandbox: please use one of the test cards listed on this page.',
  cardExpiryInvalid: 'Please enter the expiry date as MM/YY.',
  cardExpired: 'This card has expired.',
  cardCvcInvalid: 'Please enter the 3-digit security code.',
  cardNameRequired: 'Please enter the name on the card.',
  // Wizard upload and word-count messages (spec 1 sections 5 and 8), quoted exactly.
  fileTooBig: 'File too big. Please upload a file that is 250MB or smaller.',
  fileExceedsMaxSize: 'File exceeds max size 250Mb',
  cannotCountWords: "Looks like we can't calculate your word count...",
  couldNotCalculate: "Oops, we couldn't calculate your",
  // Documents and uploads (ours; see ADR 0016).
  fileEmpty: 'This file is empty. Please upload a file with text in it.',
  fileTypeUnsupported:
    'This file type is not supported. Please upload a .docx, .pdf, .xlsx, .txt, .html or .srt file, or paste the text.',
  fileUnreadable: 'We could not read this file. It may be damaged or protected by a password.',
  urlInvalid: 'Please enter a web page address that starts with http:// or https://',
  urlNotAllowed: 'This address cannot be fetched. Please enter a public web page address.',
  urlFetchFailed: 'We could not load this web page. Please check the address or paste the text instead.',
  urlTooLarge: 'This web page is larger than 5 MB. Please paste the text instead.',
  // Wizard step messages (spec 1 section 5), quoted exactly.
  wizardSelectSourceLanguage: 'Please select the language you are translating your text from',
  wizardSelectTargetLanguages: 'Please select the language(s) you need your content translated to',
  wizardChooseExpertise: 'Please choose an expertise',
  wizardSelectOption: 'Please select one of the options',
  wizardAttachFile: 'Please attach a file',
  wizardAttachFileOrText: 'Please attach a file or type a text',
  // Wizard and purchase orders (ours; see ADR 0023).
  wizardWordCountRequired: 'Please enter the number of words',
  wizardTargetSameAsSource: 'A target language must differ from the language you are translating from',
  wizardWordCountFixed: 'The word count comes from your content and cannot be changed',
  wizardOrderClosed: 'This order has already been paid or removed',
  wizardResumeInvalid: 'This link has expired or is not valid. Please start a new order.',
  wizardSendPidFirst: 'Send the order id (pid) before the file',
  wizardEmailRequired: 'Please enter your email',
  wizardReferenceContext: 'Reference files are sent with context=reference',
  wizardNotForTranslators: 'Translator accounts cannot place orders',
  wizardMtNotAvailable: 'Machine-translation options apply to machine-translation plans only',
} as const;

/**
 * The note beside a price that the minimum order charge set (few words): "Minimum order $10" —
 * the amount in the price's currency, whole when it is whole.
 */
export function minimumOrderNote(amount: string): string {
  return `Minimum order ${amount.replace(/\.00$/, '')}`;
}

/** Whether a quote's price was set by the minimum order charge; the minimum when so. */
export function minimumOrderOf(items: { minimumCredits?: number | null }[]): number | null {
  const minimums = items.map((i) => i.minimumCredits ?? null);
  return minimums.some((m) => m !== null) ? Math.max(...minimums.map((m) => m ?? 0)) : null;
}
