import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import { useQuery } from '@tanstack/react-query';
import { TRANSLATOR_TEXTS, UPLOAD_KIND_IDS, UPLOAD_KINDS, type UploadKind } from '@parlance/shared';
import { type ChangeEvent, useState } from 'react';
import { toast } from '../../../ui/toast';
import { messageOf } from '../api';
import { translatorProfileQuery, useDeleteUpload, useUpload } from '../translator-api';
import { SectionCard, SectionState } from './SectionCard';

const REQUIRED: readonly UploadKind[] = ['cv', 'gov_id'];
const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function UploadsSection() {
  const profile = useQuery(translatorProfileQuery);
  const upload = useUpload();
  const remove = useDeleteUpload();
  const [errors, setErrors] = useState<Partial<Record<UploadKind, string>>>({});

  const onFile = (kind: UploadKind) => async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const rule = UPLOAD_KINDS[kind];
    const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
    const local = !(rule.extensions as readonly string[]).includes(ext)
      ? `${TRANSLATOR_TEXTS.uploadWrongType}${rule.extensions.join(', ')}`
      : file.size > rule.maxBytes
        ? `${TRANSLATOR_TEXTS.uploadTooBig}${rule.maxBytes / 1024 / 1024} MB`
        : null;
    setErrors((e) => ({ ...e, [kind]: local ?? undefined }));
    if (local) return;
    try {
      await upload.mutateAsync({ kind, file });
      toast(`${rule.label} uploaded`, { variant: 'success' });
    } catch (err) {
      setErrors((e) => ({ ...e, [kind]: messageOf(err, 'The upload failed.') }));
    }
  };

  return (
    <SectionCard
      title="Uploads"
      intro="Your CV and a government ID are required; certifications and a photo help customers trust you."
    >
      <SectionState loading={profile.isPending} error={profile.error} />
      {profile.data && (
        <Stack spacing={3}>
          {UPLOAD_KIND_IDS.map((kind) => {
            const rule = UPLOAD_KINDS[kind];
            const files = profile.data.uploads.filter((u) => u.kind === kind);
            const inputId = `upload-${kind}`;
            return (
              <section key={kind} aria-labelledby={`${inputId}-title`}>
                <Typography id={`${inputId}-title`} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
                  {rule.label}
                  {REQUIRED.includes(kind) ? ' (required)' : ''}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {rule.extensions.join(', ').toUpperCase()} · up to {rule.maxBytes / 1024 / 1024} MB
                </Typography>
                {files.length > 0 && (
                  <List dense aria-label={`${rule.label} files`}>
                    {files.map((f) => (
                      <ListItem
                        key={f.id}
                        secondaryAction={
                          <IconButton
                            edge="end"
                            aria-label={`Remove ${f.fileName}`}
                            onClick={() =>
                              void remove
                                .mutateAsync(f.id)
                                .catch((err) => toast(messageOf(err, 'Could not remove.'), { variant: 'error' }))
                            }
                          >
                            <DeleteIcon />
                          </IconButton>
                        }
                      >
                        <ListItemText
                          primary={
                            <a href={f.url} target="_blank" rel="noreferrer">
                              {f.fileName}
                            </a>
                          }
                          secondary={size(f.size)}
                        />
                      </ListItem>
                    ))}
                  </List>
                )}
                <Button
                  component="label"
                  variant="outlined"
                  startIcon={<UploadIcon />}
                  sx={{ mt: 1 }}
                  disabled={upload.isPending}
                >
                  {files.length > 0 && kind !== 'certification' ? `Replace ${rule.label}` : `Upload ${rule.label}`}
                  <input
                    hidden
                    type="file"
                    data-testid={inputId}
                    accept={rule.extensions.map((e) => `.${e}`).join(',')}
                    onChange={(e) => void onFile(kind)(e)}
                  />
                </Button>
                {errors[kind] && (
                  <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
                    {errors[kind]}
                  </Typography>
                )}
              </section>
            );
          })}
        </Stack>
      )}
    </SectionCard>
  );
}
