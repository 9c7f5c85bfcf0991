import Button from '@mui/material/Button';
import { Suspense, useState } from 'react';
import { lazy } from '../../../ui/lazy';
import { SectionCard } from './SectionCard';

// Account deletion (spec 2 section 4); the steps are in DeleteAccountDialog, loaded when the button
// is first pointed at, focused or pressed (dialogs are not part of a page's first load).

const loadDialog = () => import('./DeleteAccountDialog');
const DeleteDialog = lazy(() => loadDialog().then((m) => ({ default: m.DeleteDialog })));

export function DeleteAccountCard() {
  const [open, setOpen] = useState(false);
  return (
    <SectionCard
      title="Delete account"
      intro="Your personal data is erased. Invoices and the credit history stay as records."
    >
      <Button
        variant="outlined"
        color="error"
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => setOpen(true)}
      >
        Delete my account
      </Button>
      {open && (
        <Suspense fallback={null}>
          <DeleteDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </SectionCard>
  );
}
