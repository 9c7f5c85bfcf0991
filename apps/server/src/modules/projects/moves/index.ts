// The moves people make on a project, one verb-named file each (taking, approving, disputing,
// cancelling, rating, tagging, renaming, messaging, and the admin's hold, release, reassign and
// resolve). Each runs in the caller's transaction and answers what is left to do after the commit
// (mails); the routes commit and notify. context.ts holds what they share.
export { approveProject } from './approve';
export { cancelProject } from './cancel';
export { complete } from './complete';
export { type MoveContext, moveContextOf } from './context';
export { disputeProject } from './dispute';
export { holdProject, releaseProject } from './hold';
export { bulkMessage, postMessage } from './message';
export { rateProject } from './rate';
export { reassignProject } from './reassign';
export { renameProject } from './rename';
export { type ResolveOutcome, resolveDispute } from './resolve';
export { setTags } from './tag';
export { takeEditJob, takeJob } from './take';
