import EditIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import { lazy } from '../../../ui/lazy';
import { Hint } from '../../../ui/Hint';

// the rename form (TextField, the shared schema and zod) loads when a rename starts
const ProjectNameForm = lazy(() => import('./ProjectNameForm').then((m) => ({ default: m.ProjectNameForm })));

interface ProjectNameProps {
  project: { id: number; name: string };
  /** whether the viewer may rename it (the customer) */
  editable: boolean;
  variant?: 'cell' | 'title';
}

/** A project's name with inline rename: at least 2 characters (spec 1 §5). */
export function ProjectName({ project, editable, variant = 'cell' }: ProjectNameProps) {
  const [editing, setEditing] = useState(false);
  const title = variant === 'title';

  if (editing) {
    return (
      <Suspense fallback={<CircularProgress size={20} aria-label="Loading the rename form" />}>
        <ProjectNameForm project={project} title={title} onDone={() => setEditing(false)} />
      </Suspense>
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
        <Hint title="Rename" placement="below" inline="flex">
          <IconButton size="small" aria-label={`Rename project #${project.id}`} onClick={() => setEditing(true)}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Hint>
      )}
    </Box>
  );
}
