import { Autocomplete } from '../../../ui/Autocomplete';
import { Field } from '../../../ui/Field';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../../ui/toast';
import { messageOf, type TranslatorMatch, translatorSearchQuery, useAddPreferred } from '../api';

// The search box of the preferred translators (PreferredTranslatorsCard): MUI's Autocomplete, with
// its Popper, loaded when the look-alike field that stands in for it is first pointed at or focused
// (21 kB gzipped of the profile's first load otherwise). It takes over with what was typed
// there, the focus, and the list open as a click or typing in it would have opened it.

/** The search box: a name (2 characters or more) or an ID; choosing a translator adds them. */
export function PreferredTranslatorPicker({ typed, opened }: { typed: string; opened: boolean }) {
  const [input, setInput] = useState(typed);
  const [query, setQuery] = useState(typed.trim());
  const [open, setOpen] = useState(opened || typed !== '');
  const root = useRef<HTMLDivElement>(null);
  const add = useAddPreferred();
  useEffect(() => {
    const timer = setTimeout(() => setQuery(input.trim()), 300);
    return () => clearTimeout(timer);
  }, [input]);
  useEffect(() => {
    const field = root.current?.querySelector('input');
    field?.focus();
    field?.setSelectionRange(field.value.length, field.value.length);
  }, []);
  const found = useQuery(translatorSearchQuery(query));

  return (
    <Autocomplete<TranslatorMatch, false, false, false>
      ref={root}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={found.data ?? []}
      loading={found.isFetching}
      filterOptions={(options) => options}
      getOptionLabel={(t) => `${t.name} (ID ${t.id})`}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      inputValue={input}
      onInputChange={(_e, value, reason) => {
        if (reason !== 'reset') setInput(value);
      }}
      value={null}
      onChange={(_e, picked) => {
        if (!picked) return;
        add.mutate(picked.id, {
          onSuccess: () => {
            setInput('');
            toast(`${picked.name} is now a preferred translator.`, { variant: 'success' });
          },
          onError: (e) => toast(messageOf(e), { variant: 'error' }),
        });
      }}
      noOptionsText={query.length < 2 ? 'Type 2 letters of a name, or an ID' : 'No translator found'}
      sx={{ maxWidth: 420, mb: 2 }}
      renderInput={(params) => (
        // the field it replaces had the focus: the Autocomplete's own input takes it when it mounts
        // (it may arrive after this component, while its field shows disabled)
        <Field {...params} autoFocus label="Add a translator" placeholder="Name or translator ID" size="small" />
      )}
    />
  );
}
