import { createTheme } from '@mui/material/styles';

export const theme = createTheme({
  palette: {
    primary: { main: '#3949ab' },
    secondary: { main: '#00695c' }, // white text on it at 6.6:1 (#00897b was 4.0:1)
    // MUI's defaults fail WCAG AA as text on white or under white text (warning 2.9:1, success 3.3:1,
    // info 3.1:1): darker shades at 4.5:1 or more
    warning: { main: '#a04400' },
    success: { main: '#2e7d32' },
    info: { main: '#01579b' },
    background: { default: '#f5f6fa' },
  },
  shape: { borderRadius: 8 },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  breakpoints: { values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } },
  components: {
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none' } } },
    // a spinner is a progressbar, which needs a name: axe flags one without it as serious when a
    // check lands while something loads (a section's data, a button's pending action)
    MuiCircularProgress: { defaultProps: { 'aria-label': 'Loading' } },
    // the pager's root scrolls sideways by default; while a list reflows (a detail opening) axe saw a
    // scrollable region nobody can focus. Let its toolbar wrap instead.
    MuiTablePagination: { styleOverrides: { root: { overflow: 'visible' }, toolbar: { flexWrap: 'wrap' } } },
    // A disabled field's helper text says why it is disabled ("Choose the source language first"):
    // MUI greys it to the disabled text colour (2.3:1 on white, under WCAG AA); the secondary text
    // colour keeps it readable (5.7:1) while the field itself still looks disabled.
    MuiFormHelperText: {
      styleOverrides: { root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }) },
    },
  },
});
