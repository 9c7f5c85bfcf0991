import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { cspOrigins, ourOrigins } from './our-origins';

describe('ourOrigins', () => {
  it('is PUBLIC_URL and PUBLIC_ORIGINS; loopback aliases only for a loopback PUBLIC_URL', () => {
    expect(ourOrigins({ publicUrl: 'https://parlance.example.com/app', publicOrigins: [] })).toEqual([
      'https://parlance.example.com',
    ]);
    expect(
      ourOrigins({ publicUrl: 'https://parlance.example.com', publicOrigins: ['https://www.parlance.example.com'] }),
    ).toEqual(['https://parlance.example.com', 'https://www.parlance.example.com']);
    expect(ourOrigins({ publicUrl: 'http://127.0.0.1:4300', publicOrigins: [] })).toEqual([
      'http://127.0.0.1:4300',
      'http://localhost:4300',
      'http://[::1]:4300',
    ]);
    // CSP cannot name an IPv6 literal (browsers drop it with a console error)
    expect(cspOrigins({ publicUrl: 'http://127.0.0.1:4300', publicOrigins: [] })).toEqual([
      'http://127.0.0.1:4300',
      'http://localhost:4300',
    ]);
  });

  it('reads PUBLIC_ORIGINS as origins and refuses what is not one', () => {
    expect(loadConfig({ PUBLIC_ORIGINS: 'https://a.example/x, http://b.example:8080' }).publicOrigins).toEqual([
      'https://a.example',
      'http://b.example:8080',
    ]);
    expect(loadConfig({}).publicOrigins).toEqual([]);
    expect(() => loadConfig({ PUBLIC_ORIGINS: 'ftp://a.example' })).toThrow(/PUBLIC_ORIGINS must list http or https/);
    expect(() => loadConfig({ PUBLIC_ORIGINS: 'not a url' })).toThrow(/PUBLIC_ORIGINS/);
  });
});
