import { MtError } from './engine';

// The one way the HTTP engines (LibreTranslate, OpenAI-compatible) call their API: JSON in and out,
// a time limit, and failures sorted into "try again later" (network, 408, 429, 5xx) and "will not
// work" (a refused key, a bad request), with the engine's own words where it gave some.

const TIMEOUT_MS = 60_000;

export async function postJson(engine: string, url: string, body: unknown, headers: Record<string, string> = {}) {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new MtError(`${engine} could not be reached: ${(error as Error).message}`, true);
  }
  return answerOf(engine, res);
}

export async function getJson(engine: string, url: string, headers: Record<string, string> = {}) {
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { accept: 'application/json', ...headers },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new MtError(`${engine} could not be reached: ${(error as Error).message}`, true);
  }
  return answerOf(engine, res);
}

async function answerOf(engine: string, res: Response): Promise<unknown> {
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: the status decides, below
  }
  if (!res.ok) {
    const said = errorText(json) ?? text.slice(0, 200);
    const retryable = res.status === 408 || res.status === 429 || res.status >= 500;
    throw new MtError(`${engine} answered ${res.status}${said ? `: ${said}` : ''}`, retryable);
  }
  if (json === null) throw new MtError(`${engine} answered something that is not JSON.`, true);
  return json;
}

/** The message in an error answer: LibreTranslate's { error }, OpenAI's { error: { message } }. */
function errorText(json: unknown): string | null {
  if (!json || typeof json !== 'object') return null;
  const error = (json as { error?: unknown }).error;
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message;
  }
  return null;
}
