import { PROJECT_TEXTS, projectRatingSchema } from '@parlance/shared';
import { describe, expect, it, vi } from 'vitest';
import { lazyZodResolver } from './zod-form';

const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('lazyZodResolver', () => {
  it('answers the shared schema’s messages and its cleaned values, loading the schema once', async () => {
    const load = vi.fn(async () => projectRatingSchema);
    const resolve = lazyZodResolver(load);

    const low = await resolve({ rating: 2, reasons: [], comment: 'ok' }, undefined, options);
    expect(low.errors.reasons?.message).toBe(PROJECT_TEXTS.ratingReasonsRequired);
    expect(low.errors.comment?.message).toBe(PROJECT_TEXTS.ratingCommentTooShort);

    const good = await resolve({ rating: 5, reasons: [], comment: '  Fine work.  ' }, undefined, options);
    expect(good.errors).toEqual({});
    expect(good.values).toEqual({ rating: 5, reasons: [], comment: 'Fine work.' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the load again at the next check when it failed', async () => {
    const load = vi
      .fn<() => Promise<typeof projectRatingSchema>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(projectRatingSchema);
    const resolve = lazyZodResolver(load);
    await expect(resolve({ rating: 4 }, undefined, options)).rejects.toThrow('offline');
    const retried = await resolve({ rating: 0 }, undefined, options);
    expect(retried.errors.rating?.message).toBe(PROJECT_TEXTS.ratingRequired);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
