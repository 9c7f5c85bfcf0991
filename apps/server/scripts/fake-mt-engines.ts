// Local machine-translation engines for the browser suite and for trying the product: a
// LibreTranslate and an OpenAI-compatible endpoint that answer as their APIs document
// (src/platform/mt/mt-test-servers.ts). Their translations are marked, not real.
//   node --import tsx scripts/fake-mt-engines.ts <libretranslate port> <openai port>
// Point a server at them with MT_LIBRETRANSLATE_URL=http://127.0.0.1:<port> and
// MT_OPENAI_BASE_URL=http://127.0.0.1:<port>/v1, MT_OPENAI_API_KEY=sk-local, MT_OPENAI_MODEL=local.
import { fakeLibreTranslate, fakeOpenAi } from '../src/platform/mt/mt-test-servers';

const [librePort, openAiPort] = process.argv.slice(2).map(Number);
if (!librePort || !openAiPort) {
  console.error('usage: fake-mt-engines.ts <libretranslate port> <openai port>');
  process.exit(2);
}
const libre = await fakeLibreTranslate(undefined, librePort);
const openAi = await fakeOpenAi('sk-local', openAiPort);
console.log(`LibreTranslate at ${libre.url}, OpenAI-compatible at ${openAi.url}/v1`);
const stop = async () => {
  await Promise.all([libre.close(), openAi.close()]);
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
