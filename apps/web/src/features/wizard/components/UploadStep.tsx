import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { Field } from '../../../ui/Field';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { LIMITS, ORDER_TEXTS, type PurchaseOrder } from '@parlance/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { fieldErrorsOf, messageOf, orderQuery, removeFile, updateOrder, updateText, uploadFiles } from '../api';
import { DigitsField } from '../../../ui/DigitsField';
import { StepActions } from './StepActions';
import type { StepProps } from './step-props';

// Step 1: the content to translate, as files, pasted text or a web page; its word count is the
// server's (counted from the content), typed by the customer only when it cannot be counted.

type Entry = 'file' | 'paste' | 'url';
const ACCEPT = '.docx,.pdf,.xlsx,.txt,.html,.htm,.srt';

function entryOf(order: PurchaseOrder): Entry {
  return order.entryType ?? 'file';
}

function hasContent(order: PurchaseOrder): boolean {
  return order.files.some((f) => f.context === 'source') || !!order.pastedText || !!order.url;
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function UploadStep({ order, onNext, onBack, onFinishLater, nextLabel }: StepProps) {
  const queryClient = useQueryClient();
  const [entry, setEntry] = useState<Entry>(entryOf(order));
  const [text, setText] = useState(order.pastedText ?? '');
  const [url, setUrl] = useState(order.url ?? '');
  const [manual, setManual] = useState(order.wordCountSource === 'manual' ? String(order.wordCount) : '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();

  const sources = order.files.filter((f) => f.context === 'source');
  const needsManual = hasContent(order) && (order.wordCount === 0 || order.wordCountSource === 'manual');
  const setOrder = (next: PurchaseOrder) => queryClient.setQueryData(orderQuery(order.pid).queryKey, next);
  const refresh = () => queryClient.invalidateQueries({ queryKey: orderQuery(order.pid).queryKey });

  async function addFiles(list: FileList | File[]) {
    const files = Array.from(list);
    if (files.length === 0) return;
    setError(null);
    if (files.some((f) => f.size > LIMITS.wizardMaxUploadBytes)) {
      setError(ORDER_TEXTS.fileTooBig);
      return;
    }
    setUploading(true);
    try {
      await uploadFiles(order.pid, files);
      await refresh();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setUploading(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  async function remove(fileId: number) {
    setError(null);
    try {
      setOrder(await removeFile(order.pid, fileId));
    } catch (err) {
      setError(messageOf(err));
    }
  }

  async function countText(kind: 'paste' | 'url', value: string): Promise<boolean> {
    setError(null);
    if (!value.trim()) {
      setError(ORDER_TEXTS.wizardAttachFileOrText);
      return false;
    }
    try {
      await updateText(order.pid, kind, value.trim());
      await refresh();
      return true;
    } catch (err) {
      setError(messageOf(err));
      return false;
    }
  }

  async function next(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      let current = order;
      if (entry === 'paste' && text.trim() !== (order.pastedText ?? '').trim()) {
        if (!(await countText('paste', text))) return;
        current = await queryClient.fetchQuery({ ...orderQuery(order.pid), staleTime: 0 });
      }
      if (entry === 'url' && url.trim() !== (order.url ?? '')) {
        if (!(await countText('url', url))) return;
        current = await queryClient.fetchQuery({ ...orderQuery(order.pid), staleTime: 0 });
      }
      if (!hasContent(current) || (entry === 'file' && !current.files.some((f) => f.context === 'source'))) {
        setError(entry === 'file' ? ORDER_TEXTS.wizardAttachFile : ORDER_TEXTS.wizardAttachFileOrText);
        return;
      }
      const canType = current.wordCount === 0 || current.wordCountSource === 'manual';
      if (canType && !(Number(manual) > 0)) {
        setError(ORDER_TEXTS.wizardWordCountRequired);
        return;
      }
      const saved = await updateOrder(order.pid, {
        entryType: entry,
        materialsOption: 'upload',
        step: 'languages',
        ...(canType ? { wordCount: Number(manual) } : {}),
      });
      onNext(saved);
    } catch (err) {
      const fields = fieldErrorsOf(err);
      setError(fields.wordCount ?? fields.entryType ?? messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box component="form" noValidate onSubmit={next} aria-label="Upload content">
      <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
        What would you like translated?
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2.5 }}>
        Upload your files, paste the text or give us a web page address. We count the words for you.
      </Typography>
      <ToggleButtonGroup
        exclusive
        color="primary"
        value={entry}
        onChange={(_e, v: Entry | null) => {
          if (v) {
            setEntry(v);
            setError(null);
          }
        }}
        aria-label="How to add your content"
        sx={{
          mb: 3,
          width: { xs: '100%', sm: 'auto' },
          '& .MuiToggleButton-root': { flex: { xs: 1, sm: 'none' }, px: { xs: 1, sm: 2 } },
        }}
      >
        <ToggleButton value="file">Files</ToggleButton>
        <ToggleButton value="paste">Paste text</ToggleButton>
        <ToggleButton value="url">Web page</ToggleButton>
      </ToggleButtonGroup>

      {entry === 'file' && (
        <Stack sx={{ gap: 2 }}>
          <Paper
            variant="outlined"
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={(e) => {
              e.preventDefault();
              setDragging(false);
              void addFiles(e.dataTransfer.files);
            }}
            sx={{
              borderStyle: 'dashed',
              borderWidth: 2,
              borderColor: dragging ? 'primary.main' : 'divider',
              bgcolor: dragging ? 'action.hover' : 'background.default',
              textAlign: 'center',
              px: 2,
              py: { xs: 4, md: 5 },
            }}
          >
            <Typography sx={{ fontWeight: 600 }}>Drag and drop your files here</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
              .docx, .pdf, .xlsx, .txt, .html or .srt, up to 250 MB each
            </Typography>
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              multiple
              accept={ACCEPT}
              hidden
              aria-label="Choose files"
              onChange={(e) => e.target.files && void addFiles(e.target.files)}
            />
            <Button variant="contained" onClick={() => inputRef.current?.click()} loading={uploading}>
              Choose files
            </Button>
          </Paper>
          {sources.length > 0 && (
            <List
              dense
              disablePadding
              aria-label="Your files"
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}
            >
              {sources.map((f) => (
                <ListItem
                  key={f.id}
                  divider
                  secondaryAction={
                    <IconButton edge="end" aria-label={`Remove ${f.fileName}`} onClick={() => void remove(f.id)}>
                      <span aria-hidden>✕</span>
                    </IconButton>
                  }
                >
                  <ListItemText
                    primary={f.fileName}
                    secondary={`${(f.words ?? 0).toLocaleString('en-US')} words · ${formatSize(f.sizeBytes)}`}
                    slotProps={{ primary: { sx: { wordBreak: 'break-all', pr: 2 } } }}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Stack>
      )}

      {entry === 'paste' && (
        <Stack sx={{ gap: 1.5, alignItems: 'flex-start' }}>
          <Field
            label="Your text"
            multiline
            minRows={6}
            maxRows={16}
            fullWidth
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <Button variant="outlined" onClick={() => void countText('paste', text)}>
            Count words
          </Button>
        </Stack>
      )}

      {entry === 'url' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, alignItems: { sm: 'flex-start' } }}>
          <Field
            label="Web page address"
            type="url"
            placeholder="https://"
            fullWidth
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
          <Button variant="outlined" onClick={() => void countText('url', url)} sx={{ flexShrink: 0, mt: { sm: 1 } }}>
            Count words
          </Button>
        </Stack>
      )}

      {hasContent(order) && (
        <Alert severity={needsManual ? 'warning' : 'info'} sx={{ mt: 3 }} role="status">
          {needsManual ? (
            ORDER_TEXTS.cannotCountWords
          ) : (
            <>
              Total word count: <strong data-testid="word-count">{order.wordCount.toLocaleString('en-US')}</strong>{' '}
              words
            </>
          )}
        </Alert>
      )}
      {needsManual && (
        <DigitsField
          label="Number of words"
          unit="words"
          value={manual}
          onValueChange={setManual}
          sx={{ mt: 2, maxWidth: 280 }}
          fullWidth
        />
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
      <StepActions onBack={onBack} onFinishLater={onFinishLater} busy={busy || uploading} nextLabel={nextLabel} />
    </Box>
  );
}
