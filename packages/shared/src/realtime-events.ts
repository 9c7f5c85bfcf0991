import type { ProjectStatus } from './projects';

/**
 * Every live event and what its payload carries: the server records them (platform/realtime.ts
 * recordEvent) and the web's live connection (app/realtime.ts) hands them to screens, both typed by
 * this one map. A new event is a new line here.
 */
export interface RealtimeEventMap {
  /** a project became open to translators (a review job carries its kind; `phase: 'all'` after the My Team window) */
  'project.opened': {
    projectId: number;
    sourceLanguage: string | null;
    targetLanguage: string | null;
    expertise: string | null;
    kind?: string;
    phase?: 'all';
  };
  /** a project's status, files or people changed */
  'project.updated': { projectId: number; status: ProjectStatus };
  /** a new message in a project's discussion */
  'project.message': { projectId: number; messageId: number };
  /** a new message in the user's message box */
  'message.created': { messageId: number; unread?: number };
  /** messages of the user were marked read: the unread count now */
  'messages.read': { unread: number };
}

export type RealtimeEventType = keyof RealtimeEventMap;

/** An event as the server sends it over the live connection (`realtime.sync` ends a replay). */
export type RealtimeEvent =
  | { [K in RealtimeEventType]: { id: number; type: K; payload: RealtimeEventMap[K] } }[RealtimeEventType]
  | { id: number; type: 'realtime.sync'; payload: Record<string, never> };
