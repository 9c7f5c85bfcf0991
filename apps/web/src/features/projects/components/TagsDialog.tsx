import { Autocomplete } from '../../../ui/Autocomplete';
import Chip from '@mui/material/Chip';
import { Field } from '../../../ui/Field';
import Typography from '@mui/material/Typography';
import { PROJECT_LIMITS, PROJECT_TEXTS } from '@parlance/shared';
import { useState } from 'react';
import { toast } from '../../../ui/toast';
import { useZodForm } from '../../../ui/zod-form';
import { messageOf, projectCalls, useProjectMove, useProjectTags } from '../api';
import { DialogForm, DialogShell } from '../../../ui/FormDialog';

interface TagsDialogProps {
  project: { id: number; name: string; tags: string[] } | null;
  onClose: () => void;
}

const loadSchema = () => import('../form-schemas').then((m) => m.projectTagsSchema);

/** The tag modal: chips, at most 20 characters a tag and 30 tags (spec 1 §5). */
export function TagsDialog({ project, onClose }: TagsDialogProps) {
  return (
    <DialogShell open={project !== null} onClose={onClose}>
      {project && <TagsForm key={project.id} project={project} onClose={onClose} />}
    </DialogShell>
  );
}

function TagsForm({ project, onClose }: { project: NonNullable<TagsDialogProps['project']>; onClose: () => void }) {
  const [input, setInput] = useState('');
  const known = useProjectTags();
  const save = useProjectMove((t: string[]) => projectCalls.tags(project.id, t));
  const { handleSubmit, setValue, getValues, trigger, watch, setError, clearErrors, formState } = useZodForm(
    loadSchema,
    { defaultValues: { tags: project.tags } },
  );
  const tags = (watch('tags') ?? []) as string[];
  const tagErrors = formState.errors.tags;
  const error = tagErrors?.message ?? (Array.isArray(tagErrors) ? tagErrors.find(Boolean)?.message : undefined);

  /** Adds typed tags (Enter or comma); a tag that breaks a limit is refused with the schema's message. */
  async function add(values: string[]): Promise<boolean> {
    const before = (getValues('tags') ?? []) as string[];
    const next = [...before];
    for (const raw of values) {
      const tag = raw.trim();
      if (tag && !next.includes(tag)) next.push(tag);
    }
    if (next.length === before.length) return true;
    setValue('tags', next);
    if (await trigger('tags')) return true;
    setValue('tags', before);
    return false;
  }

  const persist = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values.tags);
      toast(PROJECT_TEXTS.tagsSaved, { variant: 'success' });
      onClose();
    } catch (err) {
      setError('tags', { type: 'server', message: messageOf(err) });
    }
  });

  async function submit() {
    // text still in the box counts as a tag
    if (input.trim()) {
      if (!(await add([input]))) return;
      setInput('');
    }
    await persist();
  }

  return (
    <DialogForm
      title="Tags"
      submitLabel="Save tags"
      busy={formState.isSubmitting}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Typography color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        Tags of “{project.name}”. Press Enter after each tag.
      </Typography>
      <Autocomplete
        multiple
        freeSolo
        options={(known.data ?? []).filter((t) => !tags.includes(t))}
        value={tags}
        inputValue={input}
        onInputChange={(_e, v, reason) => {
          if (reason === 'reset') return;
          if (v.endsWith(',')) {
            void add([v.slice(0, -1)]).then((added) => added && setInput(''));
            return;
          }
          setInput(v);
          if (error) clearErrors('tags');
        }}
        onChange={(_e, value, reason) => {
          if (reason === 'removeOption' || reason === 'clear') {
            setValue('tags', value);
            clearErrors('tags');
            return;
          }
          const added = value.filter((v) => !tags.includes(v));
          void add(added).then((ok) => ok && setInput(''));
        }}
        renderValue={(value, getItemProps) =>
          value.map((option, index) => {
            const { key, ...itemProps } = getItemProps({ index });
            return <Chip key={key} label={option} size="small" {...itemProps} />;
          })
        }
        renderInput={(params) => (
          <Field
            {...params}
            label="Tags"
            placeholder={tags.length ? '' : 'e.g. marketing'}
            error={!!error}
            helperText={error ?? `${tags.length} of ${PROJECT_LIMITS.tagsMax} tags`}
          />
        )}
      />
    </DialogForm>
  );
}
