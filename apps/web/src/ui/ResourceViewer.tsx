import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { fetchResource, isViewable, resourceKeys } from './resources';
import { startDownload } from './download';

// The dialog of ui/resources.ts's viewer: its own module, so that a page listing files loads MUI's
// dialog only when a file is first opened.

interface ResourceViewerProps {
  /** the resource to show; null closes the viewer */
  resourceId: string | null;
  /** the file's name, for the title and the saved file */
  name?: string;
  onClose: () => void;
}

export function ResourceViewer({ resourceId, name = 'File', onClose }: ResourceViewerProps) {
  const titleId = useId();
  const resource = useQuery({
    queryKey: resourceKeys.one(resourceId),
    queryFn: ({ signal }) => fetchResource(resourceId ?? '', signal),
    enabled: resourceId !== null,
    // the link is short-lived: ask again every time the viewer opens
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const data = resource.data;
  return (
    <Dialog open={resourceId !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="lg" fullWidth>
      <DialogTitle id={titleId} sx={{ pr: 7, overflowWrap: 'anywhere' }}>
        {name}
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0, bgcolor: 'grey.100' }}>
        <Box
          sx={{
            height: { xs: '60vh', md: '72vh' },
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          {resource.isPending && <CircularProgress aria-label="Loading the file" />}
          {resource.isError && (
            <Alert severity="error" sx={{ m: 2 }}>
              {resource.error.message}
            </Alert>
          )}
          {data?.file_mime === 'application/pdf' && (
            <Box
              component="iframe"
              title={name}
              src={data.download_url}
              sx={{ width: '100%', height: '100%', border: 0, bgcolor: '#fff' }}
            />
          )}
          {data?.file_mime.startsWith('image/') && (
            <Box
              component="img"
              src={data.download_url}
              alt={name}
              sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', display: 'block' }}
            />
          )}
          {data && !isViewable(data.file_mime) && (
            <Typography color="text.secondary" sx={{ px: 3, textAlign: 'center' }}>
              This file cannot be shown here. Download it to open it on your computer.
            </Typography>
          )}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose}>Close</Button>
        {data && isViewable(data.file_mime) && (
          // the browser's own viewer, for a full-size look (and where framing is not allowed)
          <Button component="a" href={data.download_url} target="_blank" rel="noopener">
            Open in a new tab
          </Button>
        )}
        <Button
          variant="contained"
          startIcon={<DownloadIcon />}
          disabled={!data}
          onClick={() => data && startDownload(data.download_url, name)}
        >
          Download
        </Button>
      </DialogActions>
    </Dialog>
  );
}
