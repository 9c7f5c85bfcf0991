// Which plans fit an order's content: a plan that works on one kind of material is
// offered only when the order has it; the others are listed with the reason, not hidden.

import { MT_PROJECT_TYPES } from './wizard';

const SPREADSHEET_MIMES = new Set([
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel',
  'text/csv',
]);

export const PLAN_FIT_TEXTS = {
  transcription: 'Needs an audio or video recording; the files of this order are text.',
  excel: 'Needs a spreadsheet (.xlsx) among the files of this order.',
  website: 'Needs a web page: a URL or an .html file.',
  machineTranslation: 'Not offered yet: no machine-translation engine is connected to Parlance.',
} as const;

export interface OrderContent {
  /** the MIME types of the order's source files */
  mimes: readonly string[];
  /** true when the order's text comes from a URL */
  fromUrl: boolean;
  /** true when at least one machine-translation engine is connected (the price list says so) */
  machineTranslation: boolean;
}

/** Why a plan does not fit the order's content, or null when it does. */
export function planMisfit(type: string, content: OrderContent): string | null {
  // what is not connected is not sold: machine translation and post-editing need an engine
  if ((MT_PROJECT_TYPES as readonly string[]).includes(type) && !content.machineTranslation) {
    return PLAN_FIT_TEXTS.machineTranslation;
  }
  if (type === 'transcription') {
    return content.mimes.some((m) => m.startsWith('audio/') || m.startsWith('video/'))
      ? null
      : PLAN_FIT_TEXTS.transcription;
  }
  if (type === 'excel-translation' || type === 'excel-combo') {
    return content.mimes.some((m) => SPREADSHEET_MIMES.has(m)) ? null : PLAN_FIT_TEXTS.excel;
  }
  if (type === 'website-localization') {
    return content.fromUrl || content.mimes.includes('text/html') ? null : PLAN_FIT_TEXTS.website;
  }
  return null;
}

/**
 * Plans whose delivery is expedited by the plan itself: half of the standard time, in hours
 * (never under URGENT_MIN_HOURS), where other plans count whole days.
 */
export const URGENT_PLAN_TYPES: readonly string[] = ['urgent-translation'];
export const URGENT_MIN_HOURS = 12;
