import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { Field } from '../../../ui/Field';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { NOTE_TEXTS, type ProjectNote, type ProjectNoteInput, projectNoteInputSchema } from '@parlance/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { PageContainer } from '../../../ui/PageContainer';
import { toast } from '../../../ui/toast';
import { fieldErrorsOf, messageOf, notesQuery, useDeleteNote, useSaveNote } from '../api';
import { showServerErrors, textField } from './form-field';
import { SectionCard, SectionState } from './SectionCard';

// /profile/custom_notes: reusable instructions a customer adds to projects.

export function NotesPage() {
  const notes = useQuery(notesQuery);
  const [editing, setEditing] = useState<ProjectNote | null>(null);
  return (
    <PageContainer title="Project Notes" subtitle="Instructions you give translators again and again: write them once.">
      <Stack spacing={3}>
        <SectionCard title={editing ? 'Edit note' : 'New note'}>
          <NoteForm key={editing?.id ?? 'new'} note={editing} onDone={() => setEditing(null)} />
        </SectionCard>
        <SectionState loading={notes.isPending} error={notes.error} />
        {notes.data?.length === 0 && <Typography>No notes yet.</Typography>}
        {notes.data?.map((note) => (
          <NoteCard key={note.id} note={note} onEdit={() => setEditing(note)} />
        ))}
      </Stack>
    </PageContainer>
  );
}

function NoteForm({ note, onDone }: { note: ProjectNote | null; onDone: () => void }) {
  const save = useSaveNote();
  const { register, handleSubmit, setError, reset, formState } = useForm<ProjectNoteInput>({
    resolver: zodResolver(projectNoteInputSchema),
    defaultValues: { id: note?.id, title: note?.title ?? '', content: note?.content ?? '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast(NOTE_TEXTS.saved, { variant: 'success' });
      reset({ title: '', content: '' });
      onDone();
    } catch (err) {
      if (!showServerErrors(fieldErrorsOf(err), setError, ['title', 'content']))
        toast(messageOf(err, 'Could not save the note.'), { variant: 'error' });
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Project note">
      <Stack spacing={2}>
        <Field {...textField(register, formState.errors, 'title', 'Optional')} label="Title" />
        <Field {...textField(register, formState.errors, 'content')} label="Note" multiline minRows={3} required />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            Save note
          </Button>
          {note && <Button onClick={onDone}>Cancel</Button>}
        </Stack>
      </Stack>
    </form>
  );
}

function NoteCard({ note, onEdit }: { note: ProjectNote; onEdit: () => void }) {
  const remove = useDeleteNote();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="article" aria-label={note.title || 'Note'}>
      {note.title && <Typography sx={{ fontWeight: 700 }}>{note.title}</Typography>}
      <Typography sx={{ whiteSpace: 'pre-wrap', mt: 0.5 }}>{note.content}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Updated {new Date(note.updatedAt).toLocaleString()}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button size="small" onClick={onEdit}>
          Edit
        </Button>
        <Button
          size="small"
          color="error"
          onClick={() =>
            void remove
              .mutateAsync(note.id)
              .then(() => toast(NOTE_TEXTS.deleted))
              .catch((err) => toast(messageOf(err, 'Could not delete.'), { variant: 'error' }))
          }
        >
          Delete
        </Button>
      </Stack>
      {remove.isError && <Alert severity="error">{messageOf(remove.error, 'Could not delete.')}</Alert>}
    </Paper>
  );
}
