import MemoryIcon from '@mui/icons-material/StorageOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { TmLanguage } from '@parlance/shared';
import { http } from '../../../app/http';
import { projectKeys } from '../keys';

interface SharedMemory {
  available: boolean;
  languages: TmLanguage[];
  downloadUrl: string;
}

/**
 * The customer's translation memory, for the project's translator when the customer put them in a
 * shared-memory group (otherwise the answer says none is available, and nothing shows).
 */
export function SharedMemoryFile({ projectId }: { projectId: number }) {
  const memory = useQuery({
    queryKey: projectKeys.sharedMemory(projectId),
    queryFn: ({ signal }) =>
      http
        .get<{ results: SharedMemory }>(`/api/2/projects/${projectId}/translation-memory`, signal)
        .then((b) => b.results),
    retry: false,
    staleTime: 60_000,
  });
  if (!memory.data?.available) return null;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3" color="text.secondary" sx={{ mb: 0.5 }}>
        Translation memory
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.75, borderTop: 1, borderColor: 'divider' }}>
        <MemoryIcon fontSize="small" color="action" />
        <Box sx={{ flex: '1 1 0', minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            The customer's translation memory (TMX)
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {memory.data.languages.map((l) => l.code).join(', ')}
          </Typography>
        </Box>
        <Button size="small" href={memory.data.downloadUrl} download aria-label="Download the translation memory">
          Download
        </Button>
      </Box>
    </Box>
  );
}
