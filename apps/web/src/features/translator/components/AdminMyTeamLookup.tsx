import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Field } from '../../../ui/Field';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { MyTeamCustomers } from './MyTeamCustomers';

/** An admin reads any translator's My Team customers (the server allows admins that call). */
export function AdminMyTeamLookup() {
  const [value, setValue] = useState('');
  const [translatorId, setTranslatorId] = useState<number | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const id = Number(value);
    if (Number.isInteger(id) && id > 0) setTranslatorId(id);
  }

  return (
    <Box component="section" aria-labelledby="admin-my-team-lookup" sx={{ mt: 5 }}>
      <Typography id="admin-my-team-lookup" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 0.5 }}>
        A translator’s My Team customers
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        The customers who have a translator in their team.
      </Typography>
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', gap: 1.5, mb: 2 }}>
        <Field
          label="Translator ID"
          size="small"
          value={value}
          onChange={(e) => setValue(e.target.value.replace(/\D/g, ''))}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ width: { xs: '100%', sm: 280 } }}
        />
        <Button type="submit" variant="outlined" disabled={!value}>
          Show
        </Button>
      </Box>
      {translatorId !== null && <MyTeamCustomers key={translatorId} translatorId={translatorId} />}
    </Box>
  );
}
