import { jwtVerify, SignJWT } from 'jose';
import { LIMITS } from '@parlance/shared';

// The short-lived bearer token of GET /api/2/auth/token (spec 2 section 7).
export interface AccessClaims {
  userId: number;
  aclGroups: string[];
}

/** What a token is good for: 'api' tokens authenticate bearer calls; others only their one use. */
export type TokenAudience = 'api' | 'help-center';

export class JwtSigner {
  private readonly key: Uint8Array;
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessClaims, now: Date, audience: TokenAudience = 'api'): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({ acl_groups: claims.aclGroups })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuedAt(iat)
      .setExpirationTime(iat + LIMITS.authTokenTtlSeconds)
      .setIssuer('parlance')
      .setAudience(audience)
      .sign(this.key);
  }

  /** The user id of a valid token, or null for anything else (expired, forged, malformed). */
  async verify(token: string, now: Date, audience: TokenAudience = 'api'): Promise<number | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: 'parlance',
        audience,
        currentDate: now,
      });
      const id = Number(payload.sub);
      return Number.isInteger(id) && id > 0 ? id : null;
    } catch {
      // expired, tampered or not a JWT: not signed in
      return null;
    }
  }

  /** An access token of the customer API (OAuth client credentials or a grant): client and scopes inside. */
  signApiToken(claims: ApiTokenClaims, now: Date, ttlSeconds: number): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    const grant = claims.grantId === undefined ? {} : { gid: claims.grantId };
    return new SignJWT({ cid: claims.clientId, kid: claims.keyId, scope: claims.scopes.join(' '), ...grant })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttlSeconds)
      .setIssuer('parlance')
      .setAudience('customer-api')
      .sign(this.key);
  }

  async verifyApiToken(token: string, now: Date): Promise<ApiTokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: 'parlance',
        audience: 'customer-api',
        currentDate: now,
      });
      const userId = Number(payload.sub);
      const { cid, kid, scope, gid } = payload as { cid?: unknown; kid?: unknown; scope?: unknown; gid?: unknown };
      if (
        !Number.isInteger(userId) ||
        typeof cid !== 'string' ||
        typeof kid !== 'number' ||
        typeof scope !== 'string' ||
        (gid !== undefined && typeof gid !== 'number')
      ) {
        return null;
      }
      const claims = { userId, clientId: cid, keyId: kid, scopes: scope.split(' ').filter(Boolean) };
      return typeof gid === 'number' ? { ...claims, grantId: gid } : claims;
    } catch {
      // expired, tampered or not a JWT: the API answers 401
      return null;
    }
  }
}

export interface ApiTokenClaims {
  userId: number;
  clientId: string;
  keyId: number;
  scopes: string[];
  /** authorization-code tokens: the customer's grant (oauth_grants), revocable on its own */
  grantId?: number;
}
