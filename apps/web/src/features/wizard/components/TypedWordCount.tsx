import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ORDER_TEXTS, type PurchaseOrder } from '@parlance/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DigitsField } from '../../../ui/DigitsField';
import { fieldErrorsOf, messageOf, orderQuery, updateOrder } from '../api';

/**
 * The number of words, typed, when the upload step is switched off (the order has no content to
 * count). Saved on its own; the plans' prices follow the saved count.
 */
export function TypedWordCount({ order }: { order: PurchaseOrder }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState(order.wordCount > 0 ? String(order.wordCount) : '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const changed = value !== (order.wordCount > 0 ? String(order.wordCount) : '');

  async function save() {
    setError(null);
    const count = Number(value);
    if (value === '' || count <= 0) {
      setError(ORDER_TEXTS.wizardWordCountRequired);
      return;
    }
    setBusy(true);
    try {
      const saved = await updateOrder(order.pid, { materialsOption: 'count', wordCount: count });
      queryClient.setQueryData(orderQuery(order.pid).queryKey, saved);
    } catch (err) {
      setError(fieldErrorsOf(err).wordCount ?? messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box sx={{ mb: 3, pb: 3, borderBottom: 1, borderColor: 'divider' }}>
      <Typography sx={{ fontWeight: 600, mb: 1 }}>How many words are there to translate?</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, alignItems: { sm: 'flex-start' } }}>
        <DigitsField
          label="Number of words"
          unit="words"
          value={value}
          onValueChange={(v) => {
            setValue(v);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void save();
            }
          }}
          error={error !== null}
          helperText={error ?? (order.wordCount > 0 && !changed ? 'Saved' : ' ')}
          sx={{ maxWidth: 260 }}
        />
        <Button
          variant="outlined"
          onClick={() => void save()}
          loading={busy}
          disabled={!changed}
          sx={{ mt: { sm: 1 } }}
        >
          Save
        </Button>
      </Stack>
    </Box>
  );
}
