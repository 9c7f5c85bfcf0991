import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import SvgIcon from '@mui/material/SvgIcon';
import { type Ref, useEffect, useId, useRef, useState } from 'react';
import { Field } from './Field';
import type { LanguagePickerProps, PickerStart } from './language-picker-props';
import type { LanguagePickerMui } from './LanguagePickerMui';

// The language pickers of the quote and the ordering wizard. MUI's Autocomplete with its Popper is
// about 18 kB gzipped of those pages' first load; it loads when a picker is first used
// (pointer over it, focus, touch). Until then a look-alike stands in its place: the same outlined
// field, chips, buttons and combobox semantics, drawn with the Autocomplete's measures. When the
// real one arrives it takes over the focus, the typed text and the open list.

let RealPicker: typeof LanguagePickerMui | null = null;
let loading: Promise<void> | null = null;

function loadRealPicker(): Promise<void> {
  loading ??= import('./LanguagePickerMui').then((m) => {
    RealPicker = m.LanguagePickerMui;
  });
  return loading;
}

export function LanguagePicker(props: LanguagePickerProps) {
  const [, setReady] = useState(RealPicker !== null);
  const start = useRef<PickerStart>({ text: null, open: false, focus: false });
  const root = useRef<HTMLDivElement>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  if (RealPicker) return <RealPicker {...props} start={start.current} />;

  const want = (open: boolean) => {
    if (open) start.current.open = true;
    void loadRealPicker().then(() => {
      if (!mounted.current) return;
      // hand the focus over when the visitor is still in the field
      start.current.focus = root.current?.contains(document.activeElement) ?? false;
      setReady(true);
    });
  };

  return (
    <LookAlike
      {...props}
      rootRef={root}
      onIntent={() => want(false)}
      onOpenIntent={() => want(true)}
      onType={(text) => {
        start.current.text = text;
        want(true);
      }}
    />
  );
}

const ARROW = 'M7 10l5 5 5-5z';
const CLOSE = 'M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z';

/** Autocomplete's field at rest, as MUI draws it (Autocomplete.js: root, inputRoot, input, tag, endAdornment). */
function LookAlike(
  props: LanguagePickerProps & {
    rootRef: Ref<HTMLDivElement>;
    onIntent: () => void;
    onOpenIntent: () => void;
    onType: (text: string) => void;
  },
) {
  const { label, required, error, helperText, disabled, inputRef, onBlur, rootRef, onIntent, onOpenIntent, onType } =
    props;
  const id = useId();
  const [text, setText] = useState<string | null>(null);
  const chips = props.multiple ? props.value : [];
  const dirty = props.multiple ? props.value.length > 0 : props.value !== null;
  const hasClear = dirty && !disabled;
  const shown = text ?? (props.multiple ? '' : (props.value?.name ?? ''));

  const clear = () => {
    if (props.multiple) props.onChange([]);
    else props.onChange(null);
  };

  return (
    <Box
      ref={rootRef}
      className="MuiAutocomplete-root"
      onPointerEnter={onIntent}
      onTouchStart={onIntent}
      sx={{
        '@media (pointer: fine)': { '&:hover .picker-clear': { visibility: 'visible' } },
        '&:focus-within .picker-clear': { visibility: 'visible' },
        '& .MuiOutlinedInput-root': {
          padding: '9px',
          paddingRight: `${(hasClear ? 52 : 26) + 4 + 9}px`,
          flexWrap: props.multiple ? 'wrap' : undefined,
        },
        '& .MuiOutlinedInput-input': {
          padding: '7.5px 4px 7.5px 5px',
          width: 0,
          minWidth: 30,
          flexGrow: 1,
          textOverflow: 'ellipsis',
        },
      }}
    >
      <Field
        id={id}
        fullWidth
        label={label}
        required={required}
        error={error}
        helperText={helperText}
        disabled={disabled}
        inputRef={inputRef}
        value={shown}
        onChange={(e) => {
          setText(e.target.value);
          onType(e.target.value);
        }}
        onFocus={onIntent}
        onBlur={() => onBlur?.()}
        slotProps={{
          input: {
            onMouseDown: (e) => {
              if (e.target === e.currentTarget) onOpenIntent();
            },
            startAdornment:
              chips.length > 0
                ? chips.map((l) => (
                    <Chip
                      key={l.slug}
                      label={l.name}
                      tabIndex={-1}
                      disabled={disabled}
                      sx={{ margin: '3px', maxWidth: 'calc(100% - 6px)' }}
                      onDelete={() => {
                        if (props.multiple) props.onChange(props.value.filter((v) => v.slug !== l.slug));
                      }}
                    />
                  ))
                : undefined,
            endAdornment: (
              <Box sx={{ position: 'absolute', right: 9, top: '50%', transform: 'translate(0, -50%)' }}>
                {hasClear && (
                  <IconButton
                    className="picker-clear"
                    tabIndex={-1}
                    aria-label="Clear"
                    title="Clear"
                    onClick={clear}
                    sx={{ marginRight: '-2px', padding: '4px', visibility: 'hidden' }}
                  >
                    <SvgIcon fontSize="small">
                      <path d={CLOSE} />
                    </SvgIcon>
                  </IconButton>
                )}
                <IconButton
                  tabIndex={-1}
                  aria-label="Open"
                  title="Open"
                  disabled={disabled}
                  onPointerDown={onOpenIntent}
                  sx={{ padding: '2px', marginRight: '-2px' }}
                >
                  <SvgIcon>
                    <path d={ARROW} />
                  </SvgIcon>
                </IconButton>
              </Box>
            ),
          },
          htmlInput: {
            role: 'combobox',
            'aria-autocomplete': 'list',
            'aria-expanded': false,
            autoComplete: 'off',
            autoCapitalize: 'none',
            spellCheck: false,
            onKeyDown: (e: React.KeyboardEvent) => {
              if (e.key === 'ArrowDown' || e.key === 'ArrowUp') onOpenIntent();
            },
            onMouseDown: onOpenIntent,
          },
        }}
      />
    </Box>
  );
}
