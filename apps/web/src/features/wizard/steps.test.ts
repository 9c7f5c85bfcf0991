import type { MtAvailableParams, PurchaseOrder, UiFeature } from '@parlance/shared';
import { describe, expect, it } from 'vitest';
import { initialMtChoices } from './mt-choices';
import { defaultsForSkipped, enabledSteps, needsTypedWordCount, resumeIndex, STEP_FLAGS } from './steps';

const ALL = ['upload', 'languages', 'expertise', 'brief', 'plans'];

function flag(uuid: string, status: number, enabled = true): UiFeature {
  return { uuid, name: uuid, status, config: { enabled } };
}

/** The five wizard flags as the demo data has them (status 1), with some changed. */
function flags(changes: Partial<Record<keyof typeof STEP_FLAGS, number>> = {}): UiFeature[] {
  return Object.entries(STEP_FLAGS).map(([step, uuid]) => flag(uuid, changes[step as keyof typeof STEP_FLAGS] ?? 1));
}

function order(fields: Partial<PurchaseOrder> = {}): PurchaseOrder {
  return {
    pid: 'p1',
    status: 'draft',
    isGuest: false,
    type: 'translation',
    name: null,
    source_language: null,
    target_languages: [],
    expertise: null,
    wordCount: 0,
    wordCountSource: null,
    entryType: null,
    materialsOption: null,
    pastedText: null,
    url: null,
    needProofreading: false,
    expedite: false,
    certificate: false,
    brief: null,
    translationCategory: null,
    mtParams: {},
    step: null,
    quotedCredits: null,
    files: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
}

describe('enabledSteps', () => {
  it('shows every step when every flag has status 1', () => {
    expect(enabledSteps(flags())).toEqual(ALL);
  });

  it('hides a step whose flag has another status, keeping the order of the rest', () => {
    expect(enabledSteps(flags({ brief: 0 }))).toEqual(['upload', 'languages', 'expertise', 'plans']);
    expect(enabledSteps(flags({ upload: 0, expertise: 2 }))).toEqual(['languages', 'brief', 'plans']);
  });

  it('goes by the status only (spec: "flags with status 1"), not config.enabled', () => {
    const list = flags();
    list[3] = flag(STEP_FLAGS.brief, 1, false);
    expect(enabledSteps(list)).toEqual(ALL);
  });

  it('shows a step that has no flag, and ignores flags of other features', () => {
    const list = flags({ plans: 0 }).filter((f) => f.uuid !== STEP_FLAGS.languages);
    list.push(flag('team-chat', 0));
    expect(enabledSteps(list)).toEqual(['upload', 'languages', 'expertise', 'brief']);
  });

  it('shows every step when the flags could not be read or all of them are off', () => {
    expect(enabledSteps(undefined)).toEqual(ALL);
    expect(enabledSteps(flags({ upload: 0, languages: 0, expertise: 0, brief: 0, plans: 0 }))).toEqual(ALL);
  });
});

describe('resumeIndex', () => {
  const noBrief = ['upload', 'languages', 'expertise', 'plans'] as const;

  it('resumes at the saved step among the shown ones', () => {
    expect(resumeIndex(ALL as never, 'expertise')).toBe(2);
    expect(resumeIndex(noBrief, 'plans')).toBe(3);
  });

  it('resumes at the next shown step when the saved one is hidden', () => {
    expect(resumeIndex(noBrief, 'brief')).toBe(3);
    expect(resumeIndex(['languages', 'plans'], 'upload')).toBe(0);
    expect(resumeIndex(['languages', 'expertise'], 'plans')).toBe(1);
  });

  it('starts at the first step without a known saved step', () => {
    expect(resumeIndex(ALL as never, null)).toBe(0);
    expect(resumeIndex(ALL as never, 'payment')).toBe(0);
  });
});

describe('defaultsForSkipped', () => {
  it('changes nothing when every step shows', () => {
    expect(defaultsForSkipped(order(), ALL as never)).toEqual({});
  });

  it('gives an order without languages the default pair when the languages step is hidden', () => {
    expect(defaultsForSkipped(order(), ['upload', 'expertise', 'brief', 'plans'])).toEqual({
      source_language: 'american-english',
      target_languages: ['spanish'],
    });
    // a chosen pair stays; a default target never equals the source
    expect(
      defaultsForSkipped(order({ source_language: 'french', target_languages: ['german'] }), ['upload', 'plans']),
    ).toMatchObject({ expertise: 'general' });
    expect(defaultsForSkipped(order({ source_language: 'spanish' }), ['upload', 'expertise', 'plans'])).toEqual({
      target_languages: ['american-english'],
    });
  });

  it('gives the general expertise when the expertise step is hidden, and keeps a chosen one', () => {
    expect(defaultsForSkipped(order(), ['upload', 'languages', 'plans'])).toEqual({ expertise: 'general' });
    expect(defaultsForSkipped(order({ expertise: 'legal' }), ['upload', 'languages', 'plans'])).toEqual({});
  });

  it('makes the materials option "count" without the upload step, unless the order has content', () => {
    expect(defaultsForSkipped(order(), ['languages', 'expertise', 'brief', 'plans'])).toEqual({
      materialsOption: 'count',
    });
    expect(
      defaultsForSkipped(order({ wordCount: 13, wordCountSource: 'file', materialsOption: 'upload' }), ['plans']),
    ).toEqual({
      source_language: 'american-english',
      target_languages: ['spanish'],
      expertise: 'general',
    });
  });

  it('leaves the brief and the plan as they are (optional; the plan defaults to translation)', () => {
    expect(defaultsForSkipped(order(), ['upload', 'languages', 'expertise'])).toEqual({});
  });
});

describe('needsTypedWordCount', () => {
  it('is never needed while the upload step shows', () => {
    expect(needsTypedWordCount(order(), ALL as never)).toBe(false);
  });

  it('is needed without the upload step unless the count comes from content', () => {
    const steps = ['languages', 'plans'] as const;
    expect(needsTypedWordCount(order(), steps)).toBe(true);
    expect(needsTypedWordCount(order({ wordCount: 500, wordCountSource: 'manual' }), steps)).toBe(true);
    expect(needsTypedWordCount(order({ wordCount: 13, wordCountSource: 'file' }), steps)).toBe(false);
  });
});

describe('initialMtChoices', () => {
  const params: MtAvailableParams = {
    available: true,
    pairs: [
      {
        source_language: 'american-english',
        target_language: 'german',
        engines: [
          { slug: 'libretranslate', name: 'LibreTranslate', formality: false, glossary: false },
          { slug: 'openai', name: 'AI', formality: true, glossary: true },
        ],
        formality: true,
        glossary: true,
      },
      {
        source_language: 'american-english',
        target_language: 'finnish',
        engines: [{ slug: 'libretranslate', name: 'LibreTranslate', formality: false, glossary: false }],
        formality: false,
        glossary: false,
      },
    ],
  };

  it('starts every pair at the first engine with the defaults', () => {
    expect(initialMtChoices({}, params)).toEqual({
      german: { engine: 'libretranslate', formality: 'default', glossary: false },
      finnish: { engine: 'libretranslate', formality: 'default', glossary: false },
    });
  });

  it('drops a saved formality or glossary the engine cannot honour', () => {
    const saved = { german: { engine: 'libretranslate', formality: 'formal', glossary: true } };
    expect(initialMtChoices(saved, params).german).toEqual({
      engine: 'libretranslate',
      formality: 'default',
      glossary: false,
    });
  });

  it('keeps saved choices that still fit, and drops targets no longer ordered', () => {
    const saved = {
      german: { engine: 'openai', formality: 'formal', glossary: true },
      finnish: { engine: 'openai', formality: 'informal', glossary: true },
      french: { engine: 'libretranslate', formality: 'default', glossary: false },
    };
    expect(initialMtChoices(saved, params)).toEqual({
      german: { engine: 'openai', formality: 'formal', glossary: true },
      // the engine is not offered for this pair: the default again
      finnish: { engine: 'libretranslate', formality: 'default', glossary: false },
    });
  });
});
