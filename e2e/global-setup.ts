import { rmSync } from 'node:fs';

/** Nothing to prepare (playwright.config.ts creates the data directory); removes it at the end. */
export default function globalSetup(): () => void {
  return () => {
    const dir = process.env.PARLANCE_E2E_DATA_DIR;
    if (dir?.includes('parlance-e2e-')) rmSync(dir, { recursive: true, force: true });
  };
}
