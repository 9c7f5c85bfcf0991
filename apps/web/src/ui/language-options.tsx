import type { Language } from '@parlance/shared';

/**
 * A language filter's options: "All languages" (the empty value), then each language by name. A list
 * of elements, not a component: SelectField reads its options' empty value to place the label.
 */
export function languageOptions(languages: readonly Pick<Language, 'slug' | 'name'>[]) {
  return [
    <option key="" value="">
      All languages
    </option>,
    ...languages.map((l) => (
      <option key={l.slug} value={l.slug}>
        {l.name}
      </option>
    )),
  ];
}
