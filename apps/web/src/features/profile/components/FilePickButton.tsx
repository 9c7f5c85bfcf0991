import Button from '@mui/material/Button';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';

/** A button that opens the file chooser and hands over the one file picked. */
export function FilePickButton({
  label,
  accept,
  testId,
  disabled,
  onFile,
}: {
  label: string;
  accept: string;
  testId: string;
  disabled?: boolean;
  onFile: (file: File) => void;
}) {
  return (
    <Button
      component="label"
      variant="contained"
      startIcon={<UploadIcon />}
      disabled={disabled}
      sx={{ alignSelf: 'flex-start' }}
    >
      {label}
      <input
        hidden
        type="file"
        data-testid={testId}
        accept={accept}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
    </Button>
  );
}
