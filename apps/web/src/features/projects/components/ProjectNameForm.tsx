import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Field } from '../../../ui/Field';
import { PROJECT_LIMITS, PROJECT_TEXTS, projectNameSchema } from '@parlance/shared';
import { type FormEvent, useState } from 'react';
import { checkForm } from '../../../ui/form-check';
import { toast } from '../../../ui/toast';
import { messageOf, projectCalls, useProjectMove } from '../api';

interface ProjectNameFormProps {
  project: { id: number; name: string };
  title: boolean;
  onDone: () => void;
}

/**
 * The inline rename form of ProjectName: at least 2 characters (spec 1 §5), checked with the
 * shared schema. Loaded when a rename starts, so that a list of projects does not load zod.
 */
export function ProjectNameForm({ project, title, onDone }: ProjectNameFormProps) {
  const [name, setName] = useState(project.name);
  const [error, setError] = useState<string | null>(null);
  const rename = useProjectMove((n: string) => projectCalls.rename(project.id, n));

  function save(e: FormEvent) {
    e.preventDefault();
    const checked = checkForm(projectNameSchema, { name });
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    const trimmed = checked.value.name;
    if (trimmed === project.name) {
      onDone();
      return;
    }
    rename.mutate(trimmed, {
      onSuccess: () => {
        toast(PROJECT_TEXTS.renamed, { variant: 'success' });
        onDone();
      },
      onError: (err) => setError(messageOf(err)),
    });
  }

  return (
    <Box
      component="form"
      noValidate
      onSubmit={save}
      aria-label={`Rename project #${project.id}`}
      sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, minWidth: title ? 320 : 220 }}
    >
      <Field
        size="small"
        label="Project name"
        autoFocus
        fullWidth
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onDone();
        }}
        error={!!error}
        helperText={error}
        slotProps={{ htmlInput: { maxLength: PROJECT_LIMITS.nameMaxLength } }}
      />
      <Button type="submit" size="small" variant="contained" loading={rename.isPending} sx={{ mt: 0.5 }}>
        Save
      </Button>
      <Button size="small" onClick={() => onDone()} disabled={rename.isPending} sx={{ mt: 0.5 }}>
        Cancel
      </Button>
    </Box>
  );
}
