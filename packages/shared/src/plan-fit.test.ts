import { describe, expect, it } from 'vitest';
import { PLAN_FIT_TEXTS, planMisfit } from './plan-fit';

// Which plans an order is offered, and why another is not.

const text = { mimes: ['text/plain'], fromUrl: false, machineTranslation: true };

describe('planMisfit', () => {
  it('offers machine translation and post-editing only while an engine is connected', () => {
    for (const type of ['machine-translation', 'mtpe-full', 'post-editing', 'human-post-editing', 'ai-translation']) {
      expect(planMisfit(type, text)).toBeNull();
      expect(planMisfit(type, { ...text, machineTranslation: false })).toBe(PLAN_FIT_TEXTS.machineTranslation);
    }
    expect(planMisfit('translation', { ...text, machineTranslation: false })).toBeNull();
  });

  it('asks for the material a plan works on', () => {
    expect(planMisfit('transcription', text)).toBe(PLAN_FIT_TEXTS.transcription);
    expect(planMisfit('transcription', { ...text, mimes: ['audio/mpeg'] })).toBeNull();
    expect(planMisfit('excel-translation', text)).toBe(PLAN_FIT_TEXTS.excel);
    expect(planMisfit('website-localization', { ...text, fromUrl: true })).toBeNull();
  });
});
