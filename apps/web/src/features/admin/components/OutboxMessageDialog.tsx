import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { STAFF_TEXTS } from '@parlance/shared';
import DOMPurify from 'dompurify';
import { useMemo, useState } from 'react';
import type { OutboxMessage } from '../api';
import { formatDateTime } from '../../../ui/format';
import { LinkifiedText } from './LinkifiedText';
import { OutboxStatusChip } from './OutboxStatusChip';

/** One outbox mail: its envelope, its text with clickable links, and the sanitised HTML part. */
export function OutboxMessageDialog({ message, onClose }: { message: OutboxMessage | null; onClose: () => void }) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={message !== null}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="md"
      aria-labelledby="outbox-message-title"
    >
      {message && <MessageView key={message.id} message={message} onClose={onClose} />}
    </Dialog>
  );
}

function MessageView({ message, onClose }: { message: OutboxMessage; onClose: () => void }) {
  const [view, setView] = useState<'text' | 'html'>('text');
  return (
    <>
      <DialogTitle id="outbox-message-title" sx={{ pb: 1, pr: 7, overflowWrap: 'anywhere' }}>
        {message.subject || '(no subject)'}
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        <Box
          component="dl"
          sx={{ m: 0, mb: 2, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5 }}
        >
          <Field label="To">{message.to}</Field>
          <Field label="Date">{formatDateTime(message.createdAt)}</Field>
          <Field label="Status">
            <OutboxStatusChip status={message.status} />
          </Field>
        </Box>
        {message.secretsHidden && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {STAFF_TEXTS.mailSecretsHidden}
          </Alert>
        )}
        {message.error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {message.error}
          </Alert>
        )}
        {message.html && (
          <Tabs
            value={view}
            onChange={(_, next: 'text' | 'html') => setView(next)}
            aria-label="Message format"
            sx={{ mb: 2, minHeight: 40, '& .MuiTab-root': { textTransform: 'none', minHeight: 40 } }}
          >
            <Tab value="text" label="Text" />
            <Tab value="html" label="HTML" />
          </Tabs>
        )}
        <Box sx={{ bgcolor: 'grey.50', border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
          {view === 'html' && message.html ? (
            <SanitizedHtml html={message.html} />
          ) : (
            <LinkifiedText text={message.text} />
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

function SanitizedHtml({ html }: { html: string }) {
  const clean = useMemo(
    () => DOMPurify.sanitize(html, { FORBID_TAGS: ['style', 'form', 'input', 'button'], FORBID_ATTR: ['style'] }),
    [html],
  );
  return (
    <Box
      sx={{ typography: 'body2', overflowWrap: 'anywhere', '& img': { maxWidth: '100%' } }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
