import type { AffectedProject } from '@parlance/shared';

export function affectValue(p: AffectedProject): string {
  if (p.value === null) return '';
  if (p.attribute === 'rating') return `${p.value} ★`;
  if (p.attribute === 'late') return `${p.value} h late`;
  return `${p.value} / 1000`;
}
