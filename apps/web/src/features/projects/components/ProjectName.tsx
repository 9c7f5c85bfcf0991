import EditIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { PROJECT_LIMITS, PROJECT_TEXTS, projectNameSchema } from '@parlance/shared';
import { checkForm } from '../../../ui/form-check';
import { type FormEvent, useState } from 'react';
import { toast } from '../../../ui/toast';
import { messageOf, projectCalls, useProjectMove } from '../api';

interface ProjectNameProps {
  project: { id: number; name: string };
  /** whether the viewer may rename it (the customer) */
  editable: boolean;
  variant?: 'cell' | 'title';
}

/** A project's name with inline rename: at least 2 characters (spec 1 §5). */
export function ProjectName({ project, editable, variant = 'cell' }: ProjectNameProps) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(project.name);
  const [error, setError] = useState<string | null>(null);
  const rename = useProjectMove((n: string) => projectCalls.rename(project.id, n));
  const title = variant === 'title';

  function start() {
    setName(project.name);
    setError(null);
    setEditing(true);
  }

  function save(e: FormEvent) {
    e.preventDefault();
    const checked = checkForm(projectNameSchema, { name });
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    const trimmed = checked.value.name;
    if (trimmed === project.name) {
      setEditing(false);
      return;
    }
    rename.mutate(trimmed, {
      onSuccess: () => {
        toast(PROJECT_TEXTS.renamed, { variant: 'success' });
        setEditing(false);
      },
      onError: (err) => setError(messageOf(err)),
    });
  }

  if (editing) {
    return (
      <Box
        component="form"
        noValidate
        onSubmit={save}
        aria-label={`Rename project #${project.id}`}
        sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, minWidth: title ? 320 : 220 }}
      >
        <TextField
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
            if (e.key === 'Escape') setEditing(false);
          }}
          error={!!error}
          helperText={error}
          slotProps={{ htmlInput: { maxLength: PROJECT_LIMITS.nameMaxLength } }}
        />
        <Button type="submit" size="small" variant="contained" loading={rename.isPending} sx={{ mt: 0.5 }}>
          Save
        </Button>
        <Button size="small" onClick={() => setEditing(false)} disabled={rename.isPending} sx={{ mt: 0.5 }}>
          Cancel
        </Button>
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
      <Typography
        component={title ? 'h1' : 'span'}
        variant={title ? 'h4' : 'body2'}
        sx={{
          fontWeight: title ? 700 : 500,
          fontSize: title ? { xs: 24, md: 30 } : undefined,
          overflowWrap: 'anywhere',
        }}
      >
        {project.name}
      </Typography>
      {editable && (
        <Tooltip title="Rename">
          <IconButton size="small" aria-label={`Rename project #${project.id}`} onClick={start}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}
