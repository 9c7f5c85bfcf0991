// moved to ui/EmptyState.tsx (shared by every list); kept for the admin feature's imports
export { EmptyState } from '../../../ui/EmptyState';
