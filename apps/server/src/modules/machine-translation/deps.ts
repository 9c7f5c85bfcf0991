import { DocumentError } from '../../platform/documents/errors';
import { fetchUrl } from '../../platform/documents/fetch-url';
import { type MtEngines, MtError } from '../../platform/mt';
import type { Services } from '../../platform/services';
import type { TimedDeps } from '../projects/timed-moves';
import type { FetchPage } from './source-files';

/** What the machine-translation task needs: the timed moves' services, the engines and the web. */
export interface MtTaskDeps extends TimedDeps {
  mt: MtEngines;
  /** reads an order's web page: a page that cannot be read now may be read on a later attempt */
  fetchPage: FetchPage;
}

export function pageFetcher(allowPrivate: boolean): FetchPage {
  return async (url) => {
    try {
      const page = await fetchUrl(url, { allowPrivate });
      return { bytes: new Uint8Array(page.bytes), contentType: page.contentType };
    } catch (error) {
      const lasting = error instanceof DocumentError && error.code !== 'url-failed';
      const reason = error instanceof Error ? error.message : String(error);
      throw new MtError(`The web page ${url} could not be read: ${reason}`, !lasting);
    }
  };
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
    fetchPage: pageFetcher(services.config.urlFetchAllowPrivate === true),
  };
}
