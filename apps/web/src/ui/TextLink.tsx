import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';
import type { MouseEventHandler, ReactNode } from 'react';
import { AppLink } from './AppLink';

// A text link styled like MUI's Link (primary colour, underlined so that a link inside a sentence
// is told apart without colour (axe rule link-in-text-block), visible focus), made of
// Box: the header, footer and sign-in form are on every first page load, and MUI's Link is not.

const base: SystemStyleObject<Theme> = {
  color: 'primary.main',
  textDecoration: 'underline',
  textUnderlineOffset: '0.15em',
  cursor: 'pointer',
  '&:hover': { textDecorationThickness: '2px' },
  '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2, borderRadius: '2px' },
};

interface CommonProps {
  children: ReactNode;
  /** inherit the surrounding colour (footer) instead of the primary colour */
  inherit?: boolean;
  /** body2 text size; otherwise the surrounding font */
  small?: boolean;
  onMouseDown?: MouseEventHandler;
}

function styles({ inherit, small }: CommonProps): SystemStyleObject<Theme> {
  return { ...base, ...(inherit ? { color: 'inherit' } : {}), ...(small ? { typography: 'body2' } : {}) };
}

export function TextLink(props: CommonProps & { href: string }) {
  const { href, children, onMouseDown } = props;
  return (
    <Box component={AppLink} href={href} onMouseDown={onMouseDown} sx={styles(props)}>
      {children}
    </Box>
  );
}

/** The same look for an action that is not a navigation (switching the auth form's mode). */
export function TextButton(
  props: CommonProps & { onClick: () => void; onMouseEnter?: () => void; onFocus?: () => void },
) {
  const { children, onClick, onMouseEnter, onFocus, onMouseDown } = props;
  return (
    <Box
      component="button"
      type="button"
      onClick={onClick}
      onMouseEnter={onMouseEnter}
      onFocus={onFocus}
      onMouseDown={onMouseDown}
      sx={{ ...styles(props), background: 'none', border: 0, p: 0, font: 'inherit', verticalAlign: 'baseline' }}
    >
      {children}
    </Box>
  );
}
