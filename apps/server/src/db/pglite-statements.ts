import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';

// Named prepared statements on PGlite. Drizzle's PGlite driver runs every query, prepared
// or not, as an unnamed statement: six calls into the database per query (parse, describe the
// statement, bind, describe the portal, execute, sync), and PostgreSQL parses, analyses and plans it
// every time. This client gives the statement handle (`statementHandle` in client.ts) what the pg
// pool gives on PostgreSQL: each query text is parsed once under a name, and each run is bind,
// execute, sync, on a generic plan. It is used only for the hot paths' prepared SELECTs, outside
// transactions; it waits for PGlite's transaction and query locks exactly as `PGlite.query` does,
// so it never runs inside another request's transaction.

/** How many query texts keep a named statement (least recently used closed beyond). */
const MAX_STATEMENTS = 512;

const GENERIC_PLANS = protocol.serialize.query('SET plan_cache_mode = force_generic_plan');
const DEFAULT_PLANS = protocol.serialize.query('RESET plan_cache_mode');

/** Statement names unique in the process: two clients on one PGlite never collide. */
let sequence = 0;

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

interface Named {
  name: string;
  paramTypes: number[];
  /** the statement's RowDescription, put before its rows for PGlite's result parser */
  rowDescription: BackendMessage | null;
}

/** The one method of PGlite that Drizzle's prepared queries call, over named statements. */
export interface StatementClient {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
}

export function pgliteStatementClient(pg: PGlite): StatementClient {
  const { serialize } = protocol;
  const byText = new Map<string, Named>();
  const send = (message: Uint8Array) => pg.execProtocolStream(message, { syncToFs: false });

  async function sync(): Promise<BackendMessage[]> {
    return send(serialize.sync());
  }

  async function prepare(text: string): Promise<Named> {
    const name = `parlance_pglite_${++sequence}`;
    let described: BackendMessage[] = [];
    try {
      await send(serialize.parse({ name, text, types: [] }));
      described = await send(serialize.describe({ type: 'S', name }));
    } finally {
      await sync();
    }
    const params = described.find((m) => m.name === 'parameterDescription') as { dataTypeIDs: number[] } | undefined;
    const named: Named = {
      name,
      paramTypes: params?.dataTypeIDs ?? [],
      rowDescription: described.find((m) => m.name === 'rowDescription') ?? null,
    };
    byText.set(text, named);
    if (byText.size > MAX_STATEMENTS) {
      const [oldestText, oldest] = byText.entries().next().value as [string, Named];
      byText.delete(oldestText);
      try {
        await send(serialize.close({ type: 'S', name: oldest.name }));
      } finally {
        await sync();
      }
    }
    return named;
  }

  async function run<T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    let named = byText.get(text);
    if (named) {
      // most recently used last
      byText.delete(text);
      byText.set(text, named);
    } else {
      named = await prepare(text);
    }
    const serializers = pg.serializers;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = named.paramTypes[i];
      const serializer = options?.serializers?.[type] ?? serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const messages: BackendMessage[] = named.rowDescription ? [named.rowDescription] : [];
    // the plan is chosen at bind: the generic one for these statements only (PGlite is one session,
    // and the other queries keep plans made for their values)
    await send(GENERIC_PLANS);
    try {
      messages.push(...(await send(serialize.bind({ statement: named.name, values: values as string[] }))));
      messages.push(...(await send(serialize.execute({}))));
    } finally {
      messages.push(...(await sync()));
      await send(DEFAULT_PLANS);
    }
    await pg.syncToFs();
    return parse.parseResults(messages, pg.parsers, options)[0] as Results<T>;
  }

  return {
    async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
      await pg._checkReady();
      return pg._runExclusiveTransaction(() => pg._runExclusiveQuery(() => run<T>(text, params, options)));
    },
  };
}
