// The query keys of /voice (the voices customers browse).
export const voiceKeys = {
  all: ['voices'] as const,
  page: (language: unknown, page: number, perPage: number) => [...voiceKeys.all, language, page, perPage] as const,
};
