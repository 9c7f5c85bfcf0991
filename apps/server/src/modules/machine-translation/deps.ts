import type { MtEngines } from '../../platform/mt';
import type { Services } from '../../platform/services';
import type { TimedDeps } from '../projects/timed-moves';

/** What the machine-translation task needs: the timed moves' services and the engines. */
export interface MtTaskDeps extends TimedDeps {
  mt: MtEngines;
}

export function mtTaskDeps(services: Services): MtTaskDeps {
  return {
    db: services.db,
    bus: services.bus,
    mailer: services.mailer,
    logger: services.logger,
    publicUrl: services.config.publicUrl,
    storage: services.storage,
    mt: services.mt,
  };
}
