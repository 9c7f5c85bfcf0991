import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';

// The shortcuts sheet (? or Ctrl+/): every key the editor answers. Some browsers keep Ctrl+Shift+T
// and Ctrl+1..3 for their tabs, so each of those has a second key that always reaches the page.

export const SHORTCUTS: readonly [keys: string, what: string][] = [
  ['Ctrl+Enter', 'Confirm the segment and go to the next unconfirmed one'],
  ['Ctrl+↓ or ↓ on the last line', 'Next segment'],
  ['Ctrl+↑ or ↑ on the first line', 'Previous segment'],
  ['Ctrl+Shift+T or F8', 'Insert the next missing tag of the source'],
  ['Ctrl+Shift+S', 'Copy the source into the translation'],
  ['Ctrl+1, Ctrl+2, Ctrl+3 (or Alt+1..3)', 'Use memory match 1, 2 or 3'],
  ['? or Ctrl+/', 'Open this list'],
  ['Tab', 'Move to the next control'],
  ['Esc', 'Close a dialog'],
];

export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="wb-shortcuts-title" fullWidth maxWidth="sm">
      <DialogTitle id="wb-shortcuts-title">Keyboard shortcuts</DialogTitle>
      <DialogContent>
        <Table size="small" aria-label="Keyboard shortcuts">
          <TableBody>
            {SHORTCUTS.map(([keys, what]) => (
              <TableRow key={keys}>
                <TableCell component="th" scope="row" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap', pl: 0 }}>
                  {keys}
                </TableCell>
                <TableCell>{what}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
