import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { createContext, type FormEvent, type ReactNode, useContext, useId } from 'react';

// The one shell of the dialogs that ask for something and send it: a modal titled for screen
// readers, a form (Enter submits, no browser validation: the shared contracts check), the call's
// error under the fields, Cancel and the submit button (busy while the call runs, Cancel disabled).
//
// - `FormDialog`: the whole dialog, for forms whose state lives beside it.
// - `DialogShell` + `DialogForm`: for forms that start afresh each time the dialog opens — the
//   caller mounts its own form component inside the shell only while open (`{project && <Form/>}`),
//   and that component renders `DialogForm`.

const TitleId = createContext<string | undefined>(undefined);

interface ShellProps {
  open: boolean;
  onClose: () => void;
  /** while a call runs, Escape and the backdrop do not close the dialog */
  busy?: boolean;
  maxWidth?: 'xs' | 'sm' | 'md';
  children: ReactNode;
}

export function DialogShell({ open, onClose, busy = false, maxWidth = 'sm', children }: ShellProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth={maxWidth} fullWidth>
      <TitleId.Provider value={titleId}>{children}</TitleId.Provider>
    </Dialog>
  );
}

export interface DialogFormProps {
  title: ReactNode;
  submitLabel: string;
  onSubmit: () => void;
  onClose: () => void;
  busy?: boolean;
  /** the refused call's message (or a check's), shown under the fields */
  error?: string | null;
  /** false hides the submit button (nothing to send) and Cancel reads Close */
  canSubmit?: boolean;
  children: ReactNode;
}

export function DialogForm({
  title,
  submitLabel,
  onSubmit,
  onClose,
  busy = false,
  error = null,
  canSubmit = true,
  children,
}: DialogFormProps) {
  const titleId = useContext(TitleId);
  function submit(e: FormEvent) {
    e.preventDefault();
    if (canSubmit) onSubmit();
  }
  return (
    <form noValidate onSubmit={submit} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {children}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          {canSubmit ? 'Cancel' : 'Close'}
        </Button>
        {canSubmit && (
          <Button type="submit" variant="contained" loading={busy}>
            {submitLabel}
          </Button>
        )}
      </DialogActions>
    </form>
  );
}

export type FormDialogProps = Omit<ShellProps, 'children'> & DialogFormProps;

/** A whole form dialog (shell and form). */
export function FormDialog({ open, maxWidth, ...form }: FormDialogProps) {
  return (
    <DialogShell open={open} onClose={form.onClose} busy={form.busy} maxWidth={maxWidth}>
      <DialogForm {...form} />
    </DialogShell>
  );
}
