import { inStatusGroup, type ProjectStatus } from '@parlance/shared';

/** Whether every project given may be downloaded (the server answers 409 otherwise). */
export function allFinished(projects: { status: ProjectStatus }[]): boolean {
  return projects.length > 0 && projects.every((p) => inStatusGroup('downloadable', p.status));
}
