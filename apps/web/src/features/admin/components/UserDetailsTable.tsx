import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useUserDescription } from '../api';
import { formatValue, humanizeKey } from '../format';

// Field names of the answer as a person reads them; other fields are shown with humanized keys.
const LABELS: Record<string, string> = {
  ID: 'ID',
  UserName: 'Name',
  eMail: 'E-mail',
  type: 'Type',
  isAdmin: 'Admin',
  aclGroups: 'Access groups',
  hasPassword: 'Has a password',
  twoFactorEnabled: 'Two-step login',
  createdAt: 'Registered',
};

/** GET /adminService/getUserDescription for one user id or e-mail, as a two-column table. */
export function UserDetailsTable({ uid }: { uid: string }) {
  const { data, error, isPending } = useUserDescription(uid);
  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (isPending) {
    return (
      <Stack spacing={1} role="status" aria-busy="true" aria-label="Loading user details">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" height={28} />
        ))}
      </Stack>
    );
  }
  const entries = Object.entries(data ?? {});
  if (entries.length === 0) return <Alert severity="info">No details for this user</Alert>;
  return (
    <Table size="small" aria-label="User details" sx={{ '& td': { py: 0.75, verticalAlign: 'top' } }}>
      <TableBody>
        {entries.map(([key, value]) => (
          <TableRow key={key} sx={{ '&:last-child td': { borderBottom: 0 } }}>
            <TableCell component="th" scope="row" sx={{ color: 'text.secondary', width: '40%', pl: 0 }}>
              {LABELS[key] ?? humanizeKey(key)}
            </TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere', pr: 0 }}>{formatValue(value)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
