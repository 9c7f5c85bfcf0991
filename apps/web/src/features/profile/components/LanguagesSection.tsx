import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { SelectField } from '../../../ui/SelectField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useQuery } from '@tanstack/react-query';
import { type Language, TRANSLATOR_TEXTS, type TranslatorProfile } from '@parlance/shared';
import { type FormEvent, useState } from 'react';
import { languagesQuery } from '../../../app/reference-data';
import { toast } from '../../../ui/toast';
import { fieldErrorsOf, messageOf } from '../api';
import { translatorProfileQuery, useLanguagePair, useSaveLanguageInfo } from '../translator-api';
import { SectionCard, SectionState } from './SectionCard';

export function LanguagesSection() {
  const profile = useQuery(translatorProfileQuery);
  const langs = useQuery(languagesQuery);
  return (
    <SectionCard
      title="Language Skills"
      intro="Your native language and the pairs you translate: projects in these pairs are offered to you."
    >
      <SectionState loading={profile.isPending || langs.isPending} error={profile.error ?? langs.error} />
      {profile.data && langs.data && (
        <Stack spacing={3}>
          <NativeForm profile={profile.data} languages={langs.data} />
          <Divider />
          <Pairs profile={profile.data} languages={langs.data} />
        </Stack>
      )}
    </SectionCard>
  );
}

function LanguageSelect(props: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  languages: Language[];
  by: 'slug' | 'id';
  error?: string | null;
  required?: boolean;
  allowEmpty?: string;
}) {
  return (
    <SelectField
      id={props.id}
      label={props.label}
      value={props.value}
      required={props.required}
      onChange={(e) => props.onChange(e.target.value)}
      error={!!props.error}
      helperText={props.error ?? ' '}
      sx={{ minWidth: 220 }}
    >
      {props.allowEmpty !== undefined && <option value="">{props.allowEmpty}</option>}
      {props.languages.map((l) => (
        <option key={l.id} value={props.by === 'slug' ? l.slug : String(l.id)}>
          {l.name}
        </option>
      ))}
    </SelectField>
  );
}

function NativeForm({ profile, languages }: { profile: TranslatorProfile; languages: Language[] }) {
  const save = useSaveLanguageInfo();
  const [native, setNative] = useState(profile.nativeLan);
  const [second, setSecond] = useState(profile.nativeLan2);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!native) {
      setError(TRANSLATOR_TEXTS.nativeRequired);
      return;
    }
    setError(null);
    try {
      await save.mutateAsync({ nativeLan: native, nativeLan2: second });
      toast(TRANSLATOR_TEXTS.saved, { variant: 'success' });
    } catch (err) {
      setError(fieldErrorsOf(err).nativeLan ?? messageOf(err, 'Could not save.'));
    }
  };
  return (
    <form noValidate onSubmit={submit} aria-label="Native language">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <LanguageSelect
          id="native-language"
          label="Native language"
          required
          value={native}
          onChange={setNative}
          languages={languages}
          by="slug"
          error={error}
          allowEmpty="Choose…"
        />
        <LanguageSelect
          id="native-language-2"
          label="Second native language"
          value={second}
          onChange={setSecond}
          languages={languages}
          by="slug"
          allowEmpty="None"
        />
        <Button type="submit" variant="contained" disabled={save.isPending} sx={{ mt: { sm: 1 } }}>
          Save native language
        </Button>
      </Stack>
    </form>
  );
}

function Pairs({ profile, languages }: { profile: TranslatorProfile; languages: Language[] }) {
  const pair = useLanguagePair();
  const [source, setSource] = useState('');
  const [target, setTarget] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!source || !target) {
      setError('Choose both languages');
      return;
    }
    setError(null);
    try {
      await pair.mutateAsync({ add: true, source: Number(source), target: Number(target) });
      setTarget('');
    } catch (err) {
      setError(messageOf(err, 'Could not add the pair.'));
    }
  };
  const remove = (s: number, t: number) =>
    pair
      .mutateAsync({ add: false, source: s, target: t })
      .catch((err) => toast(messageOf(err, 'Could not remove.'), { variant: 'error' }));
  return (
    <div>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        Language pairs
      </Typography>
      {profile.pairs.length === 0 ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Add the pairs you translate: no projects are offered to you until you do.
        </Alert>
      ) : (
        <List dense aria-label="Your language pairs" sx={{ mb: 1, maxWidth: 520 }}>
          {profile.pairs.map((p) => (
            <ListItem
              key={`${p.source.slug}>${p.target.slug}`}
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={`Remove ${p.source.name} to ${p.target.name}`}
                  onClick={() => void remove(p.source.id, p.target.id)}
                >
                  <DeleteIcon />
                </IconButton>
              }
            >
              <ListItemText primary={`${p.source.name} → ${p.target.name}`} />
            </ListItem>
          ))}
        </List>
      )}
      <form noValidate onSubmit={add} aria-label="Add a language pair">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <LanguageSelect
            id="pair-source"
            label="From"
            value={source}
            onChange={setSource}
            languages={languages}
            by="id"
          />
          <LanguageSelect
            id="pair-target"
            label="To"
            value={target}
            onChange={setTarget}
            languages={languages.filter((l) => String(l.id) !== source)}
            by="id"
            error={error}
          />
          <Button type="submit" variant="outlined" disabled={pair.isPending} sx={{ mt: { sm: 1 } }}>
            Add pair
          </Button>
        </Stack>
      </form>
    </div>
  );
}
