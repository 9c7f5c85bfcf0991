import { useMutation, useQuery } from '@tanstack/react-query';
import type { UnsubscribeView } from '@parlance/shared';
import { HttpError, http } from '../../app/http';

// The one-click unsubscribe of a mail's link (ADR 0097): what the link turns off, and the POST
// that turns it off (the same POST a mail provider makes, RFC 8058).

const path = (token: string) => `/api/2/mail/unsubscribe?token=${encodeURIComponent(token)}`;

export function useUnsubscribeInfo(token: string) {
  return useQuery({
    queryKey: ['mail', 'unsubscribe', token],
    queryFn: ({ signal }) =>
      http
        .get<{ results: UnsubscribeView }>(`/api/2/mail/unsubscribe/info?token=${encodeURIComponent(token)}`, signal)
        .then((b) => b.results),
    enabled: token !== '',
    // a refused link is the answer, not a hiccup
    retry: (count, error) => !(error instanceof HttpError && error.status < 500) && count < 2,
  });
}

export function useUnsubscribe(token: string) {
  return useMutation({
    mutationFn: () =>
      http
        .postForm<{ results: UnsubscribeView }>(path(token), { 'List-Unsubscribe': 'One-Click' })
        .then((b) => b.results),
  });
}
