import { type PurchaseOrder, type UiFeature, WIZARD_STEPS } from '@parlance/shared';
import type { OrderUpdate } from './api';

// Which wizard steps a customer sees (spec 1 sections 2 and 6: "gating depends on UI feature flags
// with status 1"), and what a skipped step's data becomes. See ADR 0023.

export type StepName = (typeof WIZARD_STEPS)[number];

/** The UI feature flag (uuid) that gates each step. */
export const STEP_FLAGS: Record<StepName, string> = {
  upload: 'wizard-step-upload',
  languages: 'wizard-step-languages',
  expertise: 'wizard-step-expertise',
  brief: 'wizard-step-brief',
  plans: 'wizard-step-plans',
};

/**
 * The steps to show, in order: a step shows when its flag has status 1. A step without a flag row
 * shows (the flags are there to switch steps off, not to be needed to switch them on), and so does
 * every step when the flags could not be read or every flag is off: the wizard must stay usable.
 */
export function enabledSteps(flags: readonly UiFeature[] | undefined): StepName[] {
  if (!flags) return [...WIZARD_STEPS];
  const byUuid = new Map(flags.map((f) => [f.uuid, f]));
  const shown = WIZARD_STEPS.filter((step) => {
    const flag = byUuid.get(STEP_FLAGS[step]);
    return flag === undefined || flag.status === 1;
  });
  return shown.length > 0 ? shown : [...WIZARD_STEPS];
}

/**
 * Where an order resumes among the shown steps: at its saved step, or when that step is hidden, at
 * the next shown one (the last one when none follows). An unknown or empty step starts at the first.
 */
export function resumeIndex(steps: readonly StepName[], saved: string | null): number {
  const at = WIZARD_STEPS.indexOf(saved as StepName);
  if (at < 0) return 0;
  const next = steps.findIndex((s) => WIZARD_STEPS.indexOf(s) >= at);
  return next < 0 ? steps.length - 1 : next;
}

/** The language pair, expertise and plan a skipped step leaves to the order. */
export const SKIPPED_STEP_DEFAULTS = {
  sourceLanguage: 'american-english',
  targetLanguage: 'spanish',
  expertise: 'general',
  type: 'translation',
} as const;

/**
 * The order fields that hidden steps would have set and the order still lacks. Nothing for the
 * brief (it is optional). Without the upload step the customer types the word count on the plans
 * step (materials option "count"); without the plans step the order keeps its plan (translation).
 */
export function defaultsForSkipped(order: PurchaseOrder, steps: readonly StepName[]): OrderUpdate {
  const shown = new Set(steps);
  const patch: OrderUpdate = {};
  if (!shown.has('upload') && order.materialsOption === null && order.wordCount === 0) patch.materialsOption = 'count';
  if (!shown.has('languages')) {
    if (!order.source_language) patch.source_language = SKIPPED_STEP_DEFAULTS.sourceLanguage;
    const source = order.source_language ?? SKIPPED_STEP_DEFAULTS.sourceLanguage;
    if (order.target_languages.length === 0) {
      patch.target_languages = [
        source === SKIPPED_STEP_DEFAULTS.targetLanguage
          ? SKIPPED_STEP_DEFAULTS.sourceLanguage
          : SKIPPED_STEP_DEFAULTS.targetLanguage,
      ];
    }
  }
  if (!shown.has('expertise') && !order.expertise) patch.expertise = SKIPPED_STEP_DEFAULTS.expertise;
  if (!shown.has('plans') && !order.type) patch.type = SKIPPED_STEP_DEFAULTS.type;
  return patch;
}

/**
 * Whether the customer types the word count on the plans step: only when there is no upload step
 * and the order has no counted content (the server refuses a typed count over counted content).
 */
export function needsTypedWordCount(order: PurchaseOrder, steps: readonly StepName[]): boolean {
  if (steps.includes('upload')) return false;
  return order.wordCountSource === null || order.wordCountSource === 'manual' || order.wordCount === 0;
}

/** Nothing entered yet: such a draft is taken up again rather than offered as one to continue. */
export function isBlankOrder(order: PurchaseOrder): boolean {
  return (
    order.files.length === 0 &&
    !order.name &&
    !order.source_language &&
    order.target_languages.length === 0 &&
    !order.pastedText &&
    !order.url &&
    !order.brief &&
    order.wordCount === 0
  );
}
