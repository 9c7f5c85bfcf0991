import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { Field } from '../../../ui/Field';
import Typography from '@mui/material/Typography';
import { MODERATION_LIMITS, MODERATION_TEXTS, type VocabularyLanguage } from '@parlance/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { messageOf } from '../../../app/http';
import { AdminPageLayout } from '../components/AdminPageLayout';
import { EmptyState } from '../../../ui/EmptyState';
import {
  useAddLanguage,
  useAddWord,
  useDeleteWord,
  useLanguages,
  useRenameLanguage,
  useWords,
} from '../moderation-api';
import { useDebouncedValue } from '../../../ui/use-debounced-value';
import { TablePager } from '../../../ui/TablePager';

/** /admin/vocabulary: the banned-word vocabulary, languages on the left and their words on the right. */
export default function VocabularyPage() {
  const languages = useLanguages();
  const [selected, setSelected] = useState<number | null>(null);
  useEffect(() => {
    if (selected === null && languages.data?.[0]) setSelected(languages.data[0].id);
  }, [languages.data, selected]);
  const language = languages.data?.find((l) => l.id === selected) ?? null;

  return (
    <AdminPageLayout>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 760 }}>
        Messages containing a word of the vocabulary are held for moderation before they are delivered.
      </Typography>
      {languages.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {messageOf(languages.error)}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '280px 1fr' }, alignItems: 'start' }}>
        <Paper variant="outlined" component="section" aria-labelledby="vocab-languages" sx={{ p: 2 }}>
          <Typography id="vocab-languages" variant="h6" component="h2" sx={{ mb: 1 }}>
            Languages
          </Typography>
          <AddLanguageForm onAdded={setSelected} />
          {languages.isPending ? (
            <Skeleton variant="rounded" height={160} sx={{ mt: 2 }} />
          ) : languages.data?.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              No languages yet. Add the first one above.
            </Typography>
          ) : (
            <List dense aria-label="Languages" sx={{ mt: 1 }}>
              {languages.data?.map((l) => (
                <ListItem key={l.id} disablePadding>
                  <ListItemButton selected={l.id === selected} onClick={() => setSelected(l.id)}>
                    <ListItemText primary={l.name} secondary={`${l.words} ${l.words === 1 ? 'word' : 'words'}`} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          )}
        </Paper>
        {language ? (
          <WordsPanel key={language.id} language={language} />
        ) : (
          !languages.isPending && <EmptyState title="Choose a language" hint="Its banned words are listed here." />
        )}
      </Box>
    </AdminPageLayout>
  );
}

function AddLanguageForm({ onAdded }: { onAdded: (id: number) => void }) {
  const add = useAddLanguage();
  const [name, setName] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(name, {
      onSuccess: (l) => {
        setName('');
        onAdded(l.id);
      },
    });
  };
  return (
    <Stack component="form" direction="row" spacing={1} onSubmit={submit} noValidate sx={{ alignItems: 'flex-start' }}>
      <Field
        size="small"
        label="New language"
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          add.reset();
        }}
        error={!!add.error}
        helperText={add.error ? messageOf(add.error) : undefined}
        slotProps={{ htmlInput: { maxLength: MODERATION_LIMITS.languageNameMax } }}
        sx={{ flex: 1 }}
      />
      <Button type="submit" variant="outlined" disabled={add.isPending}>
        Add
      </Button>
    </Stack>
  );
}

function WordsPanel({ language }: { language: VocabularyLanguage }) {
  const [term, setTerm] = useState('');
  const [page, setPage] = useState(1);
  const [renaming, setRenaming] = useState(false);
  const debounced = useDebouncedValue(term, 300);
  const words = useWords(language.id, debounced, page);
  const addWord = useAddWord();
  const deleteWord = useDeleteWord();
  const [word, setWord] = useState('');
  const [added, setAdded] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setAdded(null);
    addWord.mutate(
      { title: word, language: language.id },
      {
        onSuccess: (w) => {
          setWord('');
          setAdded(w.word);
          setPage(1);
        },
      },
    );
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="vocab-words" sx={{ p: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Typography id="vocab-words" variant="h6" component="h2" sx={{ flex: 1 }}>
          {language.name}
        </Typography>
        <Button size="small" onClick={() => setRenaming(true)}>
          Rename
        </Button>
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <Stack
          component="form"
          direction="row"
          spacing={1}
          onSubmit={submit}
          noValidate
          sx={{ flex: 1, alignItems: 'flex-start' }}
        >
          <Field
            size="small"
            label="New word"
            value={word}
            onChange={(e) => {
              setWord(e.target.value);
              addWord.reset();
              setAdded(null);
            }}
            error={!!addWord.error}
            helperText={addWord.error ? messageOf(addWord.error) : undefined}
            slotProps={{ htmlInput: { maxLength: MODERATION_LIMITS.wordMax } }}
            sx={{ flex: 1 }}
          />
          <Button type="submit" variant="contained" disabled={addWord.isPending}>
            Add
          </Button>
        </Stack>
        <Field
          size="small"
          type="search"
          label="Search words"
          value={term}
          onChange={(e) => {
            setTerm(e.target.value);
            setPage(1);
          }}
          sx={{ flex: 1 }}
        />
      </Stack>
      {added && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setAdded(null)}>
          Added “{added}”
        </Alert>
      )}
      {deleteWord.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {messageOf(deleteWord.error)}
        </Alert>
      )}
      {words.error ? (
        <Alert severity="error">{messageOf(words.error)}</Alert>
      ) : words.isPending ? (
        <Skeleton variant="rounded" height={200} />
      ) : words.data && words.data.total === 0 ? (
        <EmptyState title={debounced.trim() ? 'No words match this search' : MODERATION_TEXTS.noWords} />
      ) : words.data ? (
        <>
          <List dense aria-label={`Words of ${language.name}`} sx={{ opacity: words.isPlaceholderData ? 0.6 : 1 }}>
            {words.data.rows.map((w) => (
              <ListItem
                key={w.id}
                divider
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={`Delete ${w.word}`}
                    disabled={deleteWord.isPending}
                    onClick={() => deleteWord.mutate(w.id)}
                  >
                    <DeleteOutline />
                  </IconButton>
                }
              >
                <ListItemText primary={w.word} />
              </ListItem>
            ))}
          </List>
          {words.data.total > MODERATION_LIMITS.wordsPerPage && (
            <TablePager
              component="div"
              count={words.data.total}
              page={Math.max(0, words.data.page - 1)}
              onPageChange={(_, p) => setPage(p + 1)}
              rowsPerPage={MODERATION_LIMITS.wordsPerPage}
              rowsPerPageOptions={[]}
            />
          )}
        </>
      ) : null}
      <RenameDialog language={language} open={renaming} onClose={() => setRenaming(false)} />
    </Paper>
  );
}

function RenameDialog({
  language,
  open,
  onClose,
}: {
  language: VocabularyLanguage;
  open: boolean;
  onClose: () => void;
}) {
  const rename = useRenameLanguage();
  const [name, setName] = useState(language.name);
  const close = () => {
    rename.reset();
    setName(language.name);
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="rename-language-title">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          rename.mutate({ id: language.id, title: name }, { onSuccess: () => onClose() });
        }}
      >
        <DialogTitle id="rename-language-title">Rename language</DialogTitle>
        <DialogContent>
          <Field
            autoFocus
            fullWidth
            label="Name"
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              rename.reset();
            }}
            error={!!rename.error}
            helperText={rename.error ? messageOf(rename.error) : undefined}
            slotProps={{ htmlInput: { maxLength: MODERATION_LIMITS.languageNameMax } }}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={rename.isPending}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
