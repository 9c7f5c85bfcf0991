import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import ClearIcon from '@mui/icons-material/Close';
import type { AutocompleteProps, AutocompleteValue } from '@mui/material/Autocomplete';
import type AutocompleteComponent from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import type { SxProps, Theme } from '@mui/material/styles';
import { type SyntheticEvent, useId, useLayoutEffect, useRef, useState } from 'react';

// The list filters' language and tag pickers (My Projects, the LM dashboard). MUI's Autocomplete
// with its Popper is 18 kB gzipped of those pages' first load, and nobody needs its list
// before they reach a picker. Until then a stand-in draws the same field (label, value or chips,
// clear and open buttons, the same classes and spacing, a combobox input); when a picker is first
// focused the Autocomplete loads and takes its place with the focus, the text typed meanwhile
// and the caret, open when the picker was clicked or typed in, as the Autocomplete would be.
// Hovering a picker starts the load early.

type Autocomplete = typeof AutocompleteComponent;

let loading: Promise<Autocomplete> | null = null;
let loaded: Autocomplete | null = null;
const loadAutocomplete = () => {
  loading ??= import('@mui/material/Autocomplete').then((m) => {
    loaded = m.default;
    return m.default;
  });
  return loading;
};

export type FilterAutocompleteProps<T, Multiple extends boolean | undefined> = Omit<
  AutocompleteProps<T, Multiple, false, false>,
  'inputValue' | 'onInputChange' | 'open' | 'onOpen' | 'onClose'
>;

export function FilterAutocomplete<T, Multiple extends boolean | undefined = false>(
  props: FilterAutocompleteProps<T, Multiple>,
) {
  const [Real, setReal] = useState<Autocomplete | null>(() => loaded);
  // the text in the input once a picker has been reached (null: the value's label)
  const [inputValue, setInputValue] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  // the stand-in's input as the Autocomplete takes it over
  const handover = useRef({
    focused: false,
    swapping: false,
    pointer: false,
    typed: false,
    caret: [0, 0] as [number, number],
  });
  const ignoreReset = useRef(false);
  const autoId = useId();
  const id = props.id ?? autoId;
  const label = singleLabel(props);

  // the swap: the Autocomplete's input takes the stand-in's focus and caret before anything can be
  // typed between them, and its list opens when the picker was clicked or typed in
  useLayoutEffect(() => {
    const state = handover.current;
    if (!Real || !state.swapping) return;
    state.swapping = false;
    ignoreReset.current = state.typed;
    if (!state.focused) return;
    const input = root.current?.querySelector('input');
    input?.focus();
    input?.setSelectionRange(...state.caret);
    if (state.pointer || state.typed) setOpen(true);
  }, [Real]);

  if (Real) {
    const AutocompleteOf = Real as unknown as (p: AutocompleteProps<T, Multiple, false, false>) => React.ReactNode;
    return (
      <AutocompleteOf
        {...props}
        id={id}
        ref={root}
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        {...(inputValue !== null && {
          inputValue,
          onInputChange: (_e, v, reason) => {
            // the Autocomplete, mounted unfocused, sets its input to its value's text (again as it
            // takes the focus): what was typed in the stand-in stays, until the next key or leaving
            if (reason === 'reset' && ignoreReset.current) return;
            if (reason === 'input' || reason === 'blur') ignoreReset.current = false;
            setInputValue(v);
          },
        })}
      />
    );
  }

  function activate() {
    const swap = (autocomplete: Autocomplete) => {
      // from here the stand-in's input is on its way out: its removal blurs it, which is no leaving
      handover.current.focused = !!root.current?.contains(document.activeElement);
      handover.current.swapping = true;
      setInputValue((v) => v ?? label);
      setReal(() => autocomplete);
    };
    // loaded already (another picker, or a hover): at once, before the next key
    if (loaded) swap(loaded);
    else void loadAutocomplete().then(swap);
  }

  return (
    <StandIn
      {...props}
      id={id}
      rootRef={root}
      text={inputValue ?? label}
      onText={(text) => {
        handover.current.typed = true;
        setInputValue(text);
      }}
      onInputState={(input, focused) => {
        if (!handover.current.swapping) handover.current.focused = focused;
        handover.current.caret = [input.selectionStart ?? input.value.length, input.selectionEnd ?? input.value.length];
      }}
      onPointer={(opens) => {
        handover.current.pointer = opens;
      }}
      onClear={() => {
        handover.current.pointer = false;
        handover.current.typed = false;
        setInputValue('');
      }}
      onActivate={activate}
    />
  );
}

function singleLabel<T, Multiple extends boolean | undefined>(props: FilterAutocompleteProps<T, Multiple>): string {
  if (props.multiple || props.value == null) return '';
  const getLabel = props.getOptionLabel ?? ((o: T) => String((o as { label?: string }).label ?? o));
  return getLabel(props.value as T);
}

interface StandInProps<T, Multiple extends boolean | undefined> extends FilterAutocompleteProps<T, Multiple> {
  id: string;
  rootRef: React.RefObject<HTMLDivElement | null>;
  text: string;
  onText: (text: string) => void;
  /** the input's focus and caret, as they change */
  onInputState: (input: HTMLInputElement, focused: boolean) => void;
  /** a press in the field: whether it opens the list (on the input or the open button) */
  onPointer: (opens: boolean) => void;
  onClear: () => void;
  onActivate: () => void;
}

/** Autocomplete's look for outlined fields (its root's styles, which come with its module). */
const standInSx = (small: boolean, clear: boolean, multiple: boolean): SxProps<Theme> => ({
  '& .MuiAutocomplete-tag': small
    ? { m: '2px', maxWidth: 'calc(100% - 4px)' }
    : { m: '3px', maxWidth: 'calc(100% - 6px)' },
  '& .MuiOutlinedInput-root': {
    p: '9px',
    pr: clear ? '65px' : '39px',
    ...(multiple && { flexWrap: 'wrap' }),
    ...(small && { pt: '6px', pb: '6px', pl: '6px' }),
  },
  '& .MuiOutlinedInput-root .MuiAutocomplete-input': {
    width: 0,
    minWidth: 30,
    flexGrow: 1,
    textOverflow: 'ellipsis',
    p: small ? '2.5px 4px 2.5px 8px' : '7.5px 4px 7.5px 5px',
  },
  '& .MuiAutocomplete-endAdornment': { position: 'absolute', right: 9, top: '50%', transform: 'translate(0, -50%)' },
  '& .MuiAutocomplete-clearIndicator': { mr: '-2px', p: '4px', visibility: 'hidden' },
  '&:focus-within .MuiAutocomplete-clearIndicator': { visibility: 'visible' },
  '@media (pointer: fine)': { '&:hover .MuiAutocomplete-clearIndicator': { visibility: 'visible' } },
  '& .MuiAutocomplete-popupIndicator': { p: '2px', mr: '-2px' },
});

/** The field the Autocomplete draws, with nothing of its list: focusing it loads the Autocomplete. */
function StandIn<T, Multiple extends boolean | undefined>({
  id,
  rootRef,
  text,
  onText,
  onInputState,
  onPointer,
  onClear,
  onActivate,
  ...props
}: StandInProps<T, Multiple>) {
  const small = props.size === 'small';
  const getLabel = props.getOptionLabel ?? ((o: T) => String((o as { label?: string }).label ?? o));
  const values: T[] = props.multiple ? ((props.value as T[] | undefined) ?? []) : [];
  const dirty = props.multiple ? values.length > 0 : props.value != null;
  const change = (event: SyntheticEvent, value: unknown, reason: 'clear' | 'removeOption', option?: T) =>
    props.onChange?.(
      event,
      value as AutocompleteValue<T, Multiple, false, false>,
      reason,
      option === undefined ? undefined : { option },
    );
  const input = () => rootRef.current?.querySelector('input');

  return (
    <Box
      ref={rootRef}
      className={`MuiAutocomplete-root${dirty ? ' MuiAutocomplete-hasClearIcon' : ''} MuiAutocomplete-hasPopupIcon`}
      sx={[standInSx(small, dirty, !!props.multiple), ...(Array.isArray(props.sx) ? props.sx : [props.sx])]}
      onPointerEnter={() => void loadAutocomplete()}
      onPointerDown={(e) => {
        const target = e.target as Element;
        onPointer(target === input() || !!target.closest('.MuiAutocomplete-popupIndicator'));
      }}
      // as the Autocomplete's root: a press anywhere in the field but its input focuses the input
      onMouseDown={(e) => {
        if (e.target !== input()) e.preventDefault();
      }}
      onClick={() => input()?.focus()}
    >
      {props.renderInput({
        id,
        disabled: false,
        fullWidth: props.fullWidth ?? true,
        size: small ? 'small' : undefined,
        slotProps: {
          inputLabel: { id: `${id}-label` },
          input: {
            ref: () => {},
            className: 'MuiAutocomplete-inputRoot',
            onMouseDown: () => {},
            // none without chips: an adornment shrinks the label, as a value would
            startAdornment:
              values.length === 0
                ? undefined
                : values.map((v, index) => (
                    <Chip
                      // biome-ignore lint/suspicious/noArrayIndexKey: as the Autocomplete keys its chips
                      key={index}
                      className="MuiAutocomplete-tag"
                      label={getLabel(v)}
                      size={props.size}
                      tabIndex={-1}
                      data-item-index={index}
                      onDelete={(e) =>
                        change(
                          e,
                          values.filter((_, j) => j !== index),
                          'removeOption',
                          v,
                        )
                      }
                    />
                  )),
            endAdornment: (
              <div className="MuiAutocomplete-endAdornment">
                {dirty && (
                  <IconButton
                    className="MuiAutocomplete-clearIndicator"
                    tabIndex={-1}
                    aria-label="Clear"
                    title="Clear"
                    onClick={(e) => {
                      onClear();
                      change(e, props.multiple ? [] : null, 'clear');
                    }}
                  >
                    <ClearIcon fontSize="small" />
                  </IconButton>
                )}
                <IconButton className="MuiAutocomplete-popupIndicator" tabIndex={-1} aria-label="Open" title="Open">
                  <ArrowDropDownIcon />
                </IconButton>
              </div>
            ),
          },
          htmlInput: {
            ref: () => {},
            className: 'MuiAutocomplete-input',
            value: text,
            onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
              onText(e.target.value);
              onInputState(e.target, true);
            },
            onSelect: (e: React.SyntheticEvent<HTMLInputElement>) => onInputState(e.currentTarget, true),
            onFocus: (e: React.FocusEvent<HTMLInputElement>) => {
              onInputState(e.target, true);
              onActivate();
            },
            onBlur: (e: React.FocusEvent<HTMLInputElement>) => onInputState(e.target, false),
            role: 'combobox',
            'aria-autocomplete': 'list',
            'aria-expanded': false,
            autoComplete: 'off',
            autoCapitalize: 'none',
            spellCheck: 'false',
          },
        },
      })}
    </Box>
  );
}
