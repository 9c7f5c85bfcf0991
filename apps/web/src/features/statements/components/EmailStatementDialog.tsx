import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { Field } from '../../../ui/Field';
import { STATEMENT_EXPORT_TEXTS, type StatementExport, statementExportFieldsSchema } from '@parlance/shared';
import { useMutation } from '@tanstack/react-query';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { http } from '../../../app/http';
import { toast } from '../../../ui/toast';
import type { StatementView } from '../api';

type Values = { email: string; format: 'csv' | 'pdf' };

/** Mails the statement of the current range and filter as CSV or PDF (POST /fileService/sendCustomerReportAsFile). */
export function EmailStatementDialog({
  open,
  onClose,
  view,
  defaultEmail,
}: {
  open: boolean;
  onClose: () => void;
  view: StatementView;
  defaultEmail: string;
}) {
  const { register, handleSubmit, control, formState } = useForm<Values>({
    defaultValues: { email: defaultEmail, format: 'csv' },
    // the dialog edits only email and format; the range and filter come from the page
    resolver: zodResolver(statementExportFieldsSchema) as unknown as Resolver<Values>,
  });
  const send = useMutation({
    mutationFn: (values: StatementExport) =>
      http.postForm<{ status: { msg: string } }>('/fileService/sendCustomerReportAsFile', values),
  });
  const submit = handleSubmit((values) => {
    send.mutate(
      {
        ...values,
        date_from: view.from,
        date_to: view.to,
        action_type: view.type,
        source_lang: view.sourceLang,
        target_lang: view.targetLang,
        tag_id: view.tag,
      },
      {
        onSuccess: (answer) => {
          if (answer.status.msg !== 'ok') {
            toast(answer.status.msg, { variant: 'error' });
            return;
          }
          toast(STATEMENT_EXPORT_TEXTS.sent, { variant: 'success' });
          onClose();
        },
        onError: (err) => toast(err.message, { variant: 'error' }),
      },
    );
  });
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle>Email the statement</DialogTitle>
        <DialogContent>
          <Field
            {...register('email')}
            label="Email address"
            type="email"
            fullWidth
            margin="dense"
            autoFocus
            error={!!formState.errors.email}
            helperText={formState.errors.email?.message}
          />
          <FormLabel id="statement-format" sx={{ mt: 2, display: 'block' }}>
            Format
          </FormLabel>
          <Controller
            control={control}
            name="format"
            render={({ field }) => (
              <RadioGroup row aria-labelledby="statement-format" {...field}>
                <FormControlLabel value="csv" control={<Radio />} label="CSV" />
                <FormControlLabel value="pdf" control={<Radio />} label="PDF" />
              </RadioGroup>
            )}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={send.isPending}>
            Send
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
