import { Autocomplete } from '../../../ui/Autocomplete';
import { Field } from '../../../ui/Field';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from '../../../ui/toast';
import { messageOf, type TranslatorMatch, translatorSearchQuery, useAddPreferred } from '../api';

// The search box of the preferred translators (PreferredTranslatorsCard). The Autocomplete itself
// loads on its own (ui/Autocomplete: the field shows disabled until it arrives), so nothing typed
// or focused has to be handed from one field to another.

/** The search box: a name (2 characters or more) or an ID; choosing a translator adds them. */
export function PreferredTranslatorPicker() {
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const add = useAddPreferred();
  useEffect(() => {
    const timer = setTimeout(() => setQuery(input.trim()), 300);
    return () => clearTimeout(timer);
  }, [input]);
  const found = useQuery(translatorSearchQuery(query));

  return (
    <Autocomplete<TranslatorMatch, false, false, false>
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
        <Field {...params} label="Add a translator" placeholder="Name or translator ID" size="small" />
      )}
    />
  );
}
