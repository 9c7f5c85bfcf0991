import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { Field } from '../../../ui/Field';
import { isDigitsOnly, TEXTS } from '@parlance/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isProjectExist } from '../../../features/admin/api';
import { ErrorLine, Section } from './Section';

/** Go to a project by its id: digits only, and it must exist (spec 1 section 5). */
export function GoToProjectSection({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  const [pid, setPid] = useState('');
  const [error, setError] = useState<string | null>(null);
  const check = useMutation({
    mutationFn: isProjectExist,
    onSuccess: (exists, id) => {
      if (!exists) {
        setError(TEXTS.projectDoesNotExist);
        return;
      }
      onDone();
      navigate(`/project/${id}`);
    },
    onError: (err) => setError(err.message || TEXTS.unexpectedError),
  });

  const onChange = (value: string) => {
    const next = value.trim();
    // other keystrokes are ignored: the field only ever holds digits
    if (next !== '' && !isDigitsOnly(next)) return;
    setPid(next);
    setError(null);
  };

  return (
    <Section title="Go to project">
      <Stack
        component="form"
        direction="row"
        spacing={1}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!isDigitsOnly(pid)) {
            setError('Enter a project ID (digits only)');
            return;
          }
          check.mutate(pid);
        }}
      >
        <Field
          label="Project ID"
          name="PID"
          size="small"
          value={pid}
          onChange={(e) => onChange(e.target.value)}
          error={!!error}
          autoComplete="off"
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
        />
        <Button type="submit" variant="outlined" disabled={check.isPending} sx={{ minWidth: 72 }}>
          {check.isPending ? <CircularProgress size={18} aria-label="Checking" /> : 'Go'}
        </Button>
      </Stack>
      <ErrorLine message={error} />
    </Section>
  );
}
