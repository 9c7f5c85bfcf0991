import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import { Field } from '../../../ui/Field';
import Typography from '@mui/material/Typography';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { LM_DATE_PRESETS, LM_TEXTS } from '@parlance/shared';
import { useId, useState } from 'react';
import { DEFAULT_DATE_FILTER, type DateFilter, isCompleteDay } from '../date-range';

/** 'Date: {text}' with the presets, a custom From and To (YYYY-MM-DD, applied when complete) and RESET. */
export function DateFilterButton({ value, onChange }: { value: DateFilter; onChange: (next: DateFilter) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [from, setFrom] = useState(value.preset === 'custom' ? value.from : '');
  const [to, setTo] = useState(value.preset === 'custom' ? value.to : '');
  const id = useId();
  const text =
    value.preset === 'custom'
      ? `${value.from} – ${value.to}`
      : (LM_DATE_PRESETS.find((p) => p.key === value.preset)?.label ?? '');

  const applyCustom = (nextFrom: string, nextTo: string) => {
    if (isCompleteDay(nextFrom) && isCompleteDay(nextTo) && nextFrom <= nextTo) {
      onChange({ preset: 'custom', from: nextFrom, to: nextTo });
    }
  };
  const fieldError = (v: string) => v !== '' && !isCompleteDay(v);
  const reversed = isCompleteDay(from) && isCompleteDay(to) && from > to;

  return (
    <>
      <Button
        variant="outlined"
        color="inherit"
        endIcon={<ArrowDropDownIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="dialog"
        aria-controls={anchor ? id : undefined}
        sx={{ textTransform: 'none', borderColor: 'divider', whiteSpace: 'nowrap' }}
      >
        {LM_TEXTS.datePrefix} {text}
      </Button>
      <Popover
        id={id}
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { sx: { width: 300 }, role: 'dialog', 'aria-label': 'Date filter' } }}
      >
        <MenuList dense>
          {LM_DATE_PRESETS.map((p) => (
            <MenuItem
              key={p.key}
              selected={value.preset === p.key}
              onClick={() => {
                onChange({ preset: p.key, from: '', to: '' });
                setAnchor(null);
              }}
            >
              {p.label}
            </MenuItem>
          ))}
        </MenuList>
        <Divider />
        <Box sx={{ p: 2, display: 'grid', gap: 1.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            Custom range
          </Typography>
          <Field
            size="small"
            label={LM_TEXTS.from}
            placeholder="YYYY-MM-DD"
            value={from}
            error={fieldError(from)}
            helperText={fieldError(from) ? 'Use YYYY-MM-DD' : undefined}
            onChange={(e) => {
              setFrom(e.target.value);
              applyCustom(e.target.value, to);
            }}
          />
          <Field
            size="small"
            label={LM_TEXTS.to}
            placeholder="YYYY-MM-DD"
            value={to}
            error={fieldError(to) || reversed}
            helperText={fieldError(to) ? 'Use YYYY-MM-DD' : reversed ? 'To must not be before From' : undefined}
            onChange={(e) => {
              setTo(e.target.value);
              applyCustom(from, e.target.value);
            }}
          />
          <Button
            onClick={() => {
              setFrom('');
              setTo('');
              onChange(DEFAULT_DATE_FILTER);
              setAnchor(null);
            }}
          >
            {LM_TEXTS.reset}
          </Button>
        </Box>
      </Popover>
    </>
  );
}
