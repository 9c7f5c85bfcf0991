import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Field } from '../../../ui/Field';
import { PROJECT_LIMITS, PROJECT_TEXTS } from '@parlance/shared';
import { toast } from '../../../ui/toast';
import { useZodForm } from '../../../ui/zod-form';
import { messageOf, projectCalls, useProjectMove } from '../api';

interface ProjectNameFormProps {
  project: { id: number; name: string };
  title: boolean;
  onDone: () => void;
}

const loadSchema = () => import('../form-schemas').then((m) => m.projectNameSchema);

/**
 * The inline rename form of ProjectName: at least 2 characters (spec 1 §5), checked with the
 * shared schema. Loaded when a rename starts.
 */
export function ProjectNameForm({ project, title, onDone }: ProjectNameFormProps) {
  const rename = useProjectMove((n: string) => projectCalls.rename(project.id, n));
  const { register, handleSubmit, setError, formState } = useZodForm(loadSchema, {
    defaultValues: { name: project.name },
  });
  const error = formState.errors.name?.message;

  const save = handleSubmit(async ({ name }) => {
    if (name === project.name) return onDone();
    try {
      await rename.mutateAsync(name);
      toast(PROJECT_TEXTS.renamed, { variant: 'success' });
      onDone();
    } catch (err) {
      setError('name', { type: 'server', message: messageOf(err) });
    }
  });

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
        {...register('name')}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onDone();
        }}
        error={!!error}
        helperText={error}
        slotProps={{ htmlInput: { maxLength: PROJECT_LIMITS.nameMaxLength } }}
      />
      <Button type="submit" size="small" variant="contained" loading={formState.isSubmitting} sx={{ mt: 0.5 }}>
        Save
      </Button>
      <Button size="small" onClick={() => onDone()} disabled={formState.isSubmitting} sx={{ mt: 0.5 }}>
        Cancel
      </Button>
    </Box>
  );
}
