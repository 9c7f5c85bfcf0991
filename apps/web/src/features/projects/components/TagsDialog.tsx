import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import { Field } from '../../../ui/Field';
import Typography from '@mui/material/Typography';
import { PROJECT_LIMITS, PROJECT_TEXTS, projectTagsSchema } from '@parlance/shared';
import { checkForm } from '../../../ui/form-check';
import { useState } from 'react';
import { toast } from '../../../ui/toast';
import { messageOf, projectCalls, useProjectMove, useProjectTags } from '../api';
import { DialogForm, DialogShell } from '../../../ui/FormDialog';

interface TagsDialogProps {
  project: { id: number; name: string; tags: string[] } | null;
  onClose: () => void;
}

/** The tag modal: chips, at most 20 characters a tag and 30 tags (spec 1 §5). */
export function TagsDialog({ project, onClose }: TagsDialogProps) {
  return (
    <DialogShell open={project !== null} onClose={onClose}>
      {project && <TagsForm key={project.id} project={project} onClose={onClose} />}
    </DialogShell>
  );
}

function TagsForm({ project, onClose }: { project: NonNullable<TagsDialogProps['project']>; onClose: () => void }) {
  const [tags, setTags] = useState<string[]>(project.tags);
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const known = useProjectTags();
  const save = useProjectMove((t: string[]) => projectCalls.tags(project.id, t));

  /** Adds typed tags (Enter or comma); answers false when one breaks a limit. */
  function add(values: string[]): boolean {
    const next = [...tags];
    for (const raw of values) {
      const tag = raw.trim();
      if (!tag || next.includes(tag)) continue;
      const checked = checkForm(projectTagsSchema, { tags: [...next, tag] });
      if (!checked.ok) {
        setError(checked.error);
        return false;
      }
      next.push(tag);
    }
    setTags(next);
    setError(null);
    return true;
  }

  function submit() {
    // text still in the box counts as a tag
    if (input.trim()) {
      if (!add([input])) return;
      const all = tags.includes(input.trim()) ? tags : [...tags, input.trim()];
      setInput('');
      return persist(all);
    }
    persist(tags);
  }

  function persist(all: string[]) {
    save.mutate(all, {
      onSuccess: () => {
        toast(PROJECT_TEXTS.tagsSaved, { variant: 'success' });
        onClose();
      },
      onError: (err) => setError(messageOf(err)),
    });
  }

  return (
    <DialogForm title="Tags" submitLabel="Save tags" busy={save.isPending} onSubmit={submit} onClose={onClose}>
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
            if (add([v.slice(0, -1)])) setInput('');
            return;
          }
          setInput(v);
          if (error) setError(null);
        }}
        onChange={(_e, value, reason) => {
          if (reason === 'removeOption' || reason === 'clear') {
            setTags(value);
            setError(null);
            return;
          }
          const added = value.filter((v) => !tags.includes(v));
          if (add(added)) setInput('');
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
