import { PROJECT_TEXTS, type ProjectRow } from '@parlance/shared';
import { useMutation } from '@tanstack/react-query';
import { formatCredits } from '../../../ui/money';
import { toast } from '../../../ui/toast';
import { messageOf, projectCalls, useRefreshProjects } from '../api';
import { canCancel } from './row-action';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';

interface CancelProjectsDialogProps {
  projects: ProjectRow[] | null;
  onClose: () => void;
  onDone: () => void;
}

/** Cancels the selected projects nobody has started; their credits come back. */
export function CancelProjectsDialog({ projects, onClose, onDone }: CancelProjectsDialogProps) {
  const refresh = useRefreshProjects();
  const cancellable = (projects ?? []).filter(canCancel);
  const cancel = useMutation({
    mutationFn: async (ids: number[]) => {
      for (const id of ids) await projectCalls.cancel(id);
    },
    onSettled: refresh,
  });

  function confirm() {
    cancel.mutate(
      cancellable.map((p) => p.id),
      {
        onSuccess: () => {
          toast(PROJECT_TEXTS.cancelled, { variant: 'success' });
          onDone();
        },
        onError: (err) => toast(messageOf(err), { variant: 'error' }),
      },
    );
  }

  const open = projects !== null;
  if (open && cancellable.length === 0) {
    return (
      <ConfirmDialog
        open
        title="Cancel projects"
        confirmLabel="OK"
        keepLabel={null}
        busy={false}
        onConfirm={onClose}
        onClose={onClose}
      >
        {PROJECT_TEXTS.cancelOnlyPending}
      </ConfirmDialog>
    );
  }
  const skipped = (projects?.length ?? 0) - cancellable.length;
  return (
    <ConfirmDialog
      open={open}
      title={cancellable.length === 1 ? 'Cancel this project?' : `Cancel ${cancellable.length} projects?`}
      confirmLabel={cancellable.length === 1 ? 'Cancel project' : 'Cancel projects'}
      danger
      busy={cancel.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <p style={{ marginTop: 0 }}>
        {cancellable.map((p) => `#${p.id} ${p.name}`).join(', ')} will be cancelled and{' '}
        {formatCredits(cancellable.reduce((s, p) => s + (p.priceCredits ?? 0), 0))} (plus any VAT paid) return to your
        balance.
      </p>
      {skipped > 0 && (
        <p>{`${skipped} of the selected projects cannot be cancelled: ${PROJECT_TEXTS.cancelOnlyPending}`}</p>
      )}
    </ConfirmDialog>
  );
}

// A row's menu comes with this dialog's module (CustomerProjectsTable loads it from here when a menu
// is first opened): a module of its own would be the only lazy part that reaches MUI's ButtonBase
// without Button, and the bundler would split the shared MUI chunk of every page's first load in
// two for it (+0.7 kB gzipped on each page).
export { RowActionsMenu } from './RowActionsMenu';
