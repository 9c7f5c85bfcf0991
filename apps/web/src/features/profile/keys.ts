// The query keys of the profile: one root per area, so that a save refreshes exactly its section.
export const profileKeys = {
  all: ['profile'] as const,
  of: <T extends readonly unknown[]>(...parts: T) => ['profile', ...parts] as const,
};

/** Terminology, glossary files and translation memories (the customer's language assets). */
export const languageAssetKeys = {
  all: ['language-assets'] as const,
  of: <T extends readonly unknown[]>(...parts: T) => ['language-assets', ...parts] as const,
};
