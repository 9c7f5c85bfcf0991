import { CHAT_LIMITS } from '@parlance/shared';

// History pages counted from the newest message (page 1 = the newest 30 a viewer sees), worked out
// from message numbers instead of counting rows: a chat's messages are numbered 1..last with no
// gaps (chat_messages.ordinal), and a viewer sees all of them except a few (other people's held or
// declined messages), whose numbers the caller passes newest first. See docs/adr/0102.

/** The number of the newest message on `page` (below 1: the page is past the oldest message). */
export function topOrdinalOfPage(last: number, hiddenDesc: readonly number[], page: number): number {
  let top = last - (page - 1) * CHAT_LIMITS.pageSize;
  // each hidden message at or above the candidate pushes the page one message further down
  for (const hidden of hiddenDesc) {
    if (hidden < top) break;
    top -= 1;
  }
  return top;
}

/** The page a message the viewer sees is on: how many messages they see above it, in pages. */
export function pageOfOrdinal(last: number, hiddenDesc: readonly number[], ordinal: number): number {
  let above = last - ordinal;
  for (const hidden of hiddenDesc) {
    if (hidden <= ordinal) break;
    above -= 1;
  }
  return Math.floor(above / CHAT_LIMITS.pageSize) + 1;
}
