import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { Field } from '../../../ui/Field';
import { SelectField } from '../../../ui/SelectField';
import Typography from '@mui/material/Typography';
import { BRIEF_MAX_CHARS, LIMITS, ORDER_TEXTS, TRANSLATION_CATEGORIES } from '@parlance/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useCurrentUser } from '../../../app/current-user';
import {
  addReference,
  messageOf,
  orderQuery,
  projectNotesQuery,
  saveBrief,
  saveTranslationCategory,
  updateOrder,
} from '../api';
import { StepActions } from './StepActions';
import type { StepProps } from './step-props';

// Step 4 (optional): a name for the order, a note to the translator and reference files
// (glossaries, earlier translations, style guides), which are not counted, and what the translation
// is for (its category).

/** What each translation category means to a customer. */
export const CATEGORY_LABELS: Record<(typeof TRANSLATION_CATEGORIES)[number], string> = {
  general: 'General content',
  website: 'Website',
  marketing: 'Marketing and advertising',
  documents: 'Business documents',
  legal: 'Legal',
  technical: 'Technical and manuals',
  software: 'Software and apps',
  subtitles: 'Subtitles',
  'e-commerce': 'E-commerce and product listings',
  personal: 'Personal documents',
};

export function BriefStep({ order, onNext, onBack, onFinishLater, nextLabel }: StepProps) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(order.name ?? '');
  const [note, setNote] = useState(order.brief ?? '');
  const [category, setCategory] = useState(order.translationCategory ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const references = order.files.filter((f) => f.context === 'reference');

  async function addFiles(list: FileList) {
    const files = Array.from(list);
    setError(null);
    if (files.some((f) => f.size > LIMITS.wizardMaxUploadBytes)) {
      setError(ORDER_TEXTS.fileTooBig);
      return;
    }
    setUploading(true);
    try {
      await addReference(order.pid, files);
      await queryClient.invalidateQueries({ queryKey: orderQuery(order.pid).queryKey });
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setUploading(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  async function next(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      if (note !== (order.brief ?? '')) await saveBrief(order.pid, note);
      if (category !== '' && category !== (order.translationCategory ?? '')) {
        await saveTranslationCategory(order.pid, category);
      }
      onNext(await updateOrder(order.pid, { step: 'plans', ...(name.trim() ? { name: name.trim() } : {}) }));
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box component="form" noValidate onSubmit={next} aria-label="Brief">
      <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
        Brief your translator{' '}
        <Typography component="span" color="text.secondary">
          (optional)
        </Typography>
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Tell us who the translation is for, the tone you want and any terms to keep as they are.
      </Typography>
      <Stack sx={{ gap: 3, maxWidth: 720 }}>
        <Field
          label="Project name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          helperText="Shown in your cart and your projects"
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <SelectField
          label="What is the translation for?"
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          helperText="Optional: helps us pick a translator who knows this kind of text"
          sx={{ maxWidth: 420 }}
        >
          {TRANSLATION_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {CATEGORY_LABELS[c]}
            </option>
          ))}
        </SelectField>
        <SavedNotes
          onPick={(content) =>
            setNote((current) =>
              (current.trim() ? `${current.trimEnd()}\n\n${content}` : content).slice(0, BRIEF_MAX_CHARS),
            )
          }
        />
        <Field
          label="Note to the translator"
          multiline
          minRows={5}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          helperText={`${note.length.toLocaleString('en-US')} / ${BRIEF_MAX_CHARS.toLocaleString('en-US')}`}
          slotProps={{ htmlInput: { maxLength: BRIEF_MAX_CHARS } }}
        />
        <Box>
          <Typography sx={{ fontWeight: 600, mb: 0.5 }}>Reference files</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            Glossaries, style guides or earlier translations help the translator. They are not counted.
          </Typography>
          <input
            ref={inputRef}
            type="file"
            multiple
            hidden
            aria-label="Add reference files"
            onChange={(e) => e.target.files && void addFiles(e.target.files)}
          />
          <Button variant="outlined" onClick={() => inputRef.current?.click()} loading={uploading}>
            Add reference files
          </Button>
          {references.length > 0 && (
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 1.5 }} aria-label="Reference files">
              {references.map((f) => (
                <Chip key={f.id} label={f.fileName} variant="outlined" sx={{ maxWidth: '100%' }} />
              ))}
            </Stack>
          )}
        </Box>
        {error && <Alert severity="error">{error}</Alert>}
      </Stack>
      <StepActions onBack={onBack} onFinishLater={onFinishLater} busy={busy || uploading} nextLabel={nextLabel} />
    </Box>
  );
}

/**
 * The customer's saved project notes (/profile/custom_notes): picking one adds its text to the note,
 * which goes with the order as its brief (POST /api/2/project/brief) and shows on the project page.
 */
function SavedNotes({ onPick }: { onPick: (content: string) => void }) {
  const { data: user } = useCurrentUser();
  const notes = useQuery(projectNotesQuery(user?.type === 'customer'));
  if (user?.type !== 'customer') return null;
  if (notes.isError)
    return (
      <Typography color="text.secondary">Your saved notes could not be loaded: {messageOf(notes.error)}</Typography>
    );
  if (!notes.data || notes.data.length === 0)
    return notes.data ? (
      <Typography variant="body2" color="text.secondary">
        Notes you give every translator can be saved once under <a href="/profile/custom_notes">Manage Project Notes</a>
        .
      </Typography>
    ) : null;
  return (
    <SelectField
      label="Use a saved note"
      value=""
      onChange={(e) => {
        const picked = notes.data.find((n) => String(n.id) === e.target.value);
        if (picked) onPick(picked.content);
      }}
      helperText={
        <>
          Adds the note's text to your note below. <a href="/profile/custom_notes">Manage Project Notes</a>
        </>
      }
      sx={{ maxWidth: 420 }}
    >
      {notes.data.map((n) => (
        <option key={n.id} value={String(n.id)}>
          {n.title || n.content.slice(0, 60)}
        </option>
      ))}
    </SelectField>
  );
}
