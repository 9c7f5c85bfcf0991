import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';

// /api-docs: the customer API's quick start, and its full reference (the OpenAPI document rendered
// by Scalar at /api-docs/reference, served by the server from the package, framed here). Nothing
// of the renderer is in the web app's bundle.

const origin = typeof window === 'undefined' ? 'https://parlance.example' : window.location.origin;

const CURL = `# 1. a quote (your key: Profile > API Keys)
curl -X POST ${origin}/api/v1/quotes \\
  -H "Authorization: Bearer $PARLANCE_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"source_language":"american-english","target_languages":["german"],"expertise":"general","word_count":1200}'

# 2. an order (counted, quoted and put in the cart), then pay the cart
curl -X POST ${origin}/api/v1/orders \\
  -H "Authorization: Bearer $PARLANCE_API_KEY" \\
  -H "Idempotency-Key: $(uuidgen)" \\
  -H "Content-Type: application/json" \\
  -d '{"source_language":"american-english","target_languages":["german"],"expertise":"general","text":"Our new catalogue is out."}'
CK=$(curl -s ${origin}/api/v1/cart -H "Authorization: Bearer $PARLANCE_API_KEY" | jq -r .ck)
curl -X POST ${origin}/api/v1/cart/pay \\
  -H "Authorization: Bearer $PARLANCE_API_KEY" \\
  -H "Idempotency-Key: $(uuidgen)" \\
  -H "Content-Type: application/json" -d "{\\"ck\\":\\"$CK\\"}"`;

const TYPESCRIPT = `// npm install openapi-fetch && npx openapi-typescript ${origin}/api/v1/openapi.json -o parlance-api.d.ts
import createClient from 'openapi-fetch';
import type { paths } from './parlance-api';

const api = createClient<paths>({
  baseUrl: '${origin}',
  headers: { Authorization: \`Bearer \${process.env.PARLANCE_API_KEY}\` },
});

const order = await api.POST('/api/v1/orders', {
  params: { header: { 'idempotency-key': crypto.randomUUID() } },
  body: {
    source_language: 'american-english',
    target_languages: ['german'],
    expertise: 'general',
    text: 'Our new catalogue is out.',
  },
});
if (order.error) throw new Error(order.error.error.message);

const cart = await api.GET('/api/v1/cart');
const paid = await api.POST('/api/v1/cart/pay', {
  params: { header: { 'idempotency-key': crypto.randomUUID() } },
  body: { ck: cart.data!.ck },
});
console.log('projects', paid.data?.projects.map((p) => p.id));`;

const VERIFY = `import { createHmac, timingSafeEqual } from 'node:crypto';

// header Parlance-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">
export function verifyParlance(rawBody: string, header: string, secret: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const t = Number(parts.t);
  if (!parts.v1 || Math.abs(Date.now() / 1000 - t) > 300) return false;
  const expected = createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest('hex');
  return expected.length === parts.v1.length && timingSafeEqual(Buffer.from(expected), Buffer.from(parts.v1));
}`;

const EXAMPLES = [
  { label: 'curl', code: CURL },
  { label: 'TypeScript', code: TYPESCRIPT },
  { label: 'Verify a webhook', code: VERIFY },
];

export default function ApiDocsPage() {
  const [tab, setTab] = useState(0);
  return (
    <Stack spacing={2} sx={{ py: 3, px: { xs: 2, md: 4 }, minWidth: 0 }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
        API Documentation
      </Typography>
      <Typography>
        Order translations from your own systems: quote, order, pay from your credits, follow projects, write to your
        translator, download deliveries, approve or dispute, with the same prices and rules as this site. Authenticate
        with your API key as a bearer token, or with your OAuth client: client credentials to act as yourself, or the
        authorization code grant with PKCE (send a customer to <code>/oauth/authorize</code>) to act for a customer who
        allows it. Create keys under <RouterLink to="/profile#apikeys">Profile &gt; API Keys</RouterLink>.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button variant="contained" href="/api/v1/openapi.json" download="parlance-openapi.json">
          Download the OpenAPI document
        </Button>
        <Button variant="outlined" href="/api-docs/reference" target="_blank" rel="noopener">
          Open the reference in a new tab
        </Button>
      </Stack>
      <Paper variant="outlined" sx={{ minWidth: 0 }}>
        <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} aria-label="Examples" variant="scrollable">
          {EXAMPLES.map((e, i) => (
            <Tab key={e.label} label={e.label} id={`example-tab-${i}`} aria-controls={`example-panel-${i}`} />
          ))}
        </Tabs>
        <Box
          component="pre"
          role="tabpanel"
          id={`example-panel-${tab}`}
          aria-labelledby={`example-tab-${tab}`}
          tabIndex={0}
          sx={{ m: 0, p: 2, overflowX: 'auto', fontSize: 13, bgcolor: 'grey.50', maxHeight: 420 }}
        >
          <code>{EXAMPLES[tab].code}</code>
        </Box>
      </Paper>
      <Box
        component="iframe"
        title="API reference"
        src="/api-docs/reference"
        sx={{ width: '100%', height: '80vh', border: 1, borderColor: 'divider', borderRadius: 1 }}
      />
    </Stack>
  );
}
