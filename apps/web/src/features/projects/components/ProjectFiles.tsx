import FileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import PdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ProjectDetail, ProjectFile } from '@parlance/shared';
import { Suspense, useState } from 'react';
import { lazy } from '../../../ui/lazy';
import { downloadResource, isViewable } from '../../../ui/resources';
import { toast } from '../../../ui/toast';
import { messageOf } from '../api';
import { formatBytes, formatDateTime } from '../../../ui/format';
import { Section } from './Section';
import { SharedMemoryFile } from './SharedMemoryFile';

// The viewer (and MUI's dialog with it) loads when a file is first opened.
const ResourceViewer = lazy(() => import('../../../ui/ResourceViewer').then((m) => ({ default: m.ResourceViewer })));

const GROUPS: { title: string; contexts: ProjectFile['context'][]; empty: string }[] = [
  { title: 'Source files', contexts: ['source'], empty: 'No source files: the text was typed or pasted.' },
  { title: 'Reference files', contexts: ['reference'], empty: '' },
  {
    title: 'Translation',
    contexts: ['translation', 'edited', 'post'],
    empty: 'The translated files appear here once they are delivered.',
  },
];

const CONTEXT_NOTE: Partial<Record<ProjectFile['context'], string>> = {
  edited: 'edited',
  post: 'post-processed',
};

function iconOf(mime: string) {
  if (mime === 'application/pdf') return <PdfIcon fontSize="small" color="error" />;
  if (mime.startsWith('image/')) return <ImageIcon fontSize="small" color="primary" />;
  return <FileIcon fontSize="small" color="action" />;
}

/** The project's files by group, each with View (PDF, images) and Download. */
export function ProjectFiles({ project }: { project: ProjectDetail }) {
  const [viewing, setViewing] = useState<ProjectFile | null>(null);
  // a candidate sees the source file names only, not the files
  const canOpen = project.viewerRole !== 'candidate';

  async function download(f: ProjectFile) {
    try {
      await downloadResource(f.id, f.name);
    } catch (err) {
      toast(messageOf(err), { variant: 'error' });
    }
  }

  return (
    <Section title="Files">
      {GROUPS.map((g) => {
        const files = project.files.filter((f) => g.contexts.includes(f.context));
        if (files.length === 0 && !g.empty) return null;
        return (
          <Box key={g.title} sx={{ '& + &': { mt: 2 } }}>
            <Typography variant="subtitle2" component="h3" color="text.secondary" sx={{ mb: 0.5 }}>
              {g.title}
            </Typography>
            {files.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {g.empty}
              </Typography>
            ) : (
              <Box component="ul" aria-label={g.title} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {files.map((f) => (
                  <Box
                    component="li"
                    key={f.id}
                    sx={{
                      display: 'flex',
                      alignItems: 'center',
                      gap: 1,
                      py: 0.75,
                      borderTop: 1,
                      borderColor: 'divider',
                    }}
                  >
                    {iconOf(f.mime)}
                    <Box sx={{ flex: '1 1 0', minWidth: 0 }}>
                      <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                        {f.name}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {formatBytes(f.size)} · {formatDateTime(f.createdAt)}
                        {CONTEXT_NOTE[f.context] ? ` · ${CONTEXT_NOTE[f.context]}` : ''}
                      </Typography>
                    </Box>
                    {canOpen && (
                      <Box sx={{ display: 'flex', flexShrink: 0 }}>
                        {isViewable(f.mime) && (
                          <Button size="small" onClick={() => setViewing(f)} aria-label={`View ${f.name}`}>
                            View
                          </Button>
                        )}
                        <Button size="small" onClick={() => void download(f)} aria-label={`Download ${f.name}`}>
                          Download
                        </Button>
                      </Box>
                    )}
                  </Box>
                ))}
              </Box>
            )}
          </Box>
        );
      })}
      {project.viewerRole === 'translator' && <SharedMemoryFile projectId={project.id} />}
      {viewing && (
        <Suspense fallback={null}>
          <ResourceViewer resourceId={viewing.id} name={viewing.name} onClose={() => setViewing(null)} />
        </Suspense>
      )}
    </Section>
  );
}
