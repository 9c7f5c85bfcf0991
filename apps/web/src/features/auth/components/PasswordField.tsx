import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { Field, type FieldProps } from '../../../ui/Field';

// A password input with a show/hide toggle.
export function PasswordField(props: FieldProps) {
  const [shown, setShown] = useState(false);
  return (
    <Field
      {...props}
      type={shown ? 'text' : 'password'}
      slotProps={{
        ...props.slotProps,
        input: {
          ...props.slotProps?.input,
          endAdornment: (
            // InputAdornment's end placement, as a plain box: the component would be 1 kB of /auth
            <Box sx={{ display: 'flex', alignItems: 'center', height: '0.01em', maxHeight: '2em', ml: 1 }}>
              <IconButton
                aria-label={shown ? 'Hide password' : 'Show password'}
                aria-pressed={shown}
                onClick={() => setShown((s) => !s)}
                onMouseDown={(e) => e.preventDefault()}
                edge="end"
                size="small"
              >
                {shown ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
              </IconButton>
            </Box>
          ),
        },
      }}
    />
  );
}
