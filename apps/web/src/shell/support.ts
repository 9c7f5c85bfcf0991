import { toast } from '../ui/toast';
import type { HelpCenterAuthParams } from '@parlance/shared';
import { http } from '../app/http';

// Support for signed-in users: the server signs help-centre parameters, which are posted as a
// form to the help centre in a new tab (spec 1 section 7).

export async function openSupport(): Promise<void> {
  const { results } = await http.get<{ results: HelpCenterAuthParams }>('/api/2/zendesk/auth-params');
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = results.zendeskAuthUrl;
  form.target = '_blank';
  form.rel = 'noopener';
  form.style.display = 'none';
  for (const [name, value] of Object.entries(results.authParams)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
  form.remove();
}

/** Opens the help centre; a failure becomes a toast (the new tab never opens then). */
export function useOpenSupport(): () => void {
  return () => {
    openSupport().catch((e: unknown) => {
      toast(e instanceof Error ? e.message : 'Support is not available right now', { variant: 'error' });
    });
  };
}
