import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HttpRequest } from '@smithy/protocol-http';
import { SignatureV4 } from '@smithy/signature-v4';
import S3rver from 's3rver';
import type { S3Settings } from '../platform/storage-s3';

// A local S3-compatible server for tests: s3rver (a Koa app that keeps buckets in a folder, with the
// fixed key pair S3RVER/S3RVER) on a free port, with what it lacks added in front of it:
// - s3rver reads a Signature V4 but never checks it; here every signed request and presigned URL is
//   signed again with the secret and refused as S3 does (403 SignatureDoesNotMatch, or AccessDenied
//   for an expired link), so a wrong key or a tampered link fails as it would against a bucket;
// - s3rver answers ListMultipartUploads with NotImplemented and has no AbortMultipartUpload, which
//   the sweep of abandoned uploads needs: this file answers those two as the S3 API reference
//   documents them (XML ListMultipartUploadsResult; 204, or 404 NoSuchUpload), from the upload
//   folders s3rver keeps.

export const LOCAL_S3_KEY = 'S3RVER';

export interface LocalS3 {
  settings: S3Settings;
  /** every request as "METHOD path?query", oldest first */
  requests: string[];
  /** multipart uploads begun and neither completed nor aborted */
  openUploads(): Promise<{ key: string; uploadId: string }[]>;
  close(): Promise<void>;
}

interface FilesystemStore {
  getResourcePath(bucket: string, key: string | undefined, resource: string): string;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** SHA-256 and HMAC-SHA256 in the shape the signer asks for. */
class Sha256 {
  private readonly hash;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    if (secret === undefined) this.hash = createHash('sha256');
    else if (typeof secret === 'string') this.hash = createHmac('sha256', secret);
    else if (ArrayBuffer.isView(secret))
      this.hash = createHmac('sha256', new Uint8Array(secret.buffer, secret.byteOffset, secret.byteLength));
    else this.hash = createHmac('sha256', new Uint8Array(secret));
  }
  update(data: string | ArrayBuffer | ArrayBufferView): void {
    if (typeof data === 'string') this.hash.update(data);
    else if (ArrayBuffer.isView(data)) this.hash.update(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    else this.hash.update(new Uint8Array(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
  reset(): void {}
}

/** 20261129T101500Z -> a Date */
function amzDate(value: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) return new Date(Number.NaN);
  return new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]));
}

/**
 * Why S3 would refuse this request's signature, or null when it is right (or the request is not
 * signed: s3rver refuses that itself where it must).
 */
async function signatureProblem(req: IncomingMessage, url: URL, port: number): Promise<string | null> {
  const presigned = url.searchParams.get('X-Amz-Signature');
  const authorization = req.headers.authorization;
  if (!presigned && !authorization?.startsWith('AWS4-HMAC-SHA256 ')) return null;
  const credential = presigned
    ? (url.searchParams.get('X-Amz-Credential') ?? '')
    : (/Credential=([^,]+)/.exec(authorization ?? '')?.[1] ?? '');
  const [accessKeyId, , region] = credential.split('/');
  if (accessKeyId !== LOCAL_S3_KEY) return 'InvalidAccessKeyId';
  const signedNames = (
    presigned
      ? (url.searchParams.get('X-Amz-SignedHeaders') ?? '')
      : (/SignedHeaders=([^,]+)/.exec(authorization ?? '')?.[1] ?? '')
  ).split(';');
  const headers: Record<string, string> = {};
  for (const name of signedNames) headers[name] = String(req.headers[name] ?? '');
  const query: Record<string, string> = {};
  // the signer adds the X-Amz-* parameters of a presigned URL again, all but the payload's hash
  for (const [name, value] of url.searchParams)
    if (!(presigned && name.startsWith('X-Amz-') && name !== 'X-Amz-Content-Sha256')) query[name] = value;
  // a presigned GET signs no payload: the signer reads that from this header (kept out of the query)
  if (presigned) headers['x-amz-content-sha256'] = url.searchParams.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD';
  const request = new HttpRequest({
    method: req.method,
    protocol: 'http:',
    hostname: '127.0.0.1',
    port,
    path: url.pathname,
    query,
    headers,
  });
  const signer = new SignatureV4({
    service: 's3',
    region,
    credentials: { accessKeyId: LOCAL_S3_KEY, secretAccessKey: LOCAL_S3_KEY },
    sha256: Sha256,
    uriEscapePath: false,
  });
  if (presigned) {
    const signingDate = amzDate(url.searchParams.get('X-Amz-Date') ?? '');
    const expiresIn = Number(url.searchParams.get('X-Amz-Expires'));
    if (!(signingDate.getTime() + expiresIn * 1000 > Date.now())) return 'AccessDenied';
    const payloadHeader = new Set(['x-amz-content-sha256']);
    const again = await signer.presign(request, {
      signingDate,
      expiresIn,
      unhoistableHeaders: payloadHeader,
      unsignableHeaders: payloadHeader,
    });
    return again.query?.['X-Amz-Signature'] === presigned ? null : 'SignatureDoesNotMatch';
  }
  const signingDate = amzDate(String(req.headers['x-amz-date'] ?? ''));
  const again = await signer.sign(request, { signingDate });
  const expected = /Signature=([0-9a-f]+)/.exec(String(again.headers.authorization))?.[1];
  return expected && authorization?.endsWith(`Signature=${expected}`) ? null : 'SignatureDoesNotMatch';
}

export async function startLocalS3(bucket = 'parlance-test'): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'parlance-s3-'));
  const s3rver = new S3rver({ silent: true, directory, configureBuckets: [{ name: bucket }] });
  await s3rver.configureBuckets();
  const store = s3rver.store as FilesystemStore;
  const uploadsDir = () => store.getResourcePath(bucket, undefined, 'uploads');
  const handleS3rver = s3rver.callback();
  const requests: string[] = [];

  async function openUploads(): Promise<{ key: string; uploadId: string; initiated: Date }[]> {
    const ids = await readdir(uploadsDir()).catch(() => [] as string[]);
    const found: { key: string; uploadId: string; initiated: Date }[] = [];
    for (const uploadId of ids) {
      const keyFile = join(uploadsDir(), uploadId, 'key');
      const key = await readFile(keyFile, 'utf8').catch(() => null);
      if (key === null) continue;
      // s3rver writes the key file when the upload is initiated, and never again
      found.push({ key, uploadId, initiated: (await stat(keyFile)).mtime });
    }
    return found.sort((a, b) => a.key.localeCompare(b.key) || a.uploadId.localeCompare(b.uploadId));
  }

  async function listMultipartUploads(url: URL, res: ServerResponse): Promise<void> {
    const prefix = url.searchParams.get('prefix') ?? '';
    const uploads = (await openUploads()).filter((u) => u.key.startsWith(prefix));
    const body = [
      XML_HEAD,
      '<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">',
      `<Bucket>${escapeXml(bucket)}</Bucket><KeyMarker></KeyMarker><UploadIdMarker></UploadIdMarker>`,
      `<Prefix>${escapeXml(prefix)}</Prefix><MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>`,
      ...uploads.map(
        (u) =>
          `<Upload><Key>${escapeXml(u.key)}</Key><UploadId>${u.uploadId}</UploadId><Initiated>${u.initiated.toISOString()}</Initiated><StorageClass>STANDARD</StorageClass></Upload>`,
      ),
      '</ListMultipartUploadsResult>',
    ].join('');
    res.writeHead(200, { 'content-type': 'application/xml' }).end(body);
  }

  async function abortMultipartUpload(uploadId: string, res: ServerResponse): Promise<void> {
    const folder = join(uploadsDir(), uploadId);
    if (!/^[0-9a-f]+$/.test(uploadId) || !(await stat(folder).catch(() => null))) {
      res
        .writeHead(404, { 'content-type': 'application/xml' })
        .end(
          `${XML_HEAD}<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${escapeXml(uploadId)}</UploadId></Error>`,
        );
      return;
    }
    await rm(folder, { recursive: true, force: true });
    res.writeHead(204).end();
  }

  const refuse = (res: ServerResponse, code: string) =>
    res
      .writeHead(
        code === 'AccessDenied' || code === 'SignatureDoesNotMatch' || code === 'InvalidAccessKeyId' ? 403 : 400,
        {
          'content-type': 'application/xml',
        },
      )
      .end(`${XML_HEAD}<Error><Code>${code}</Code><Message>${code}</Message></Error>`);

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://local');
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    // the body waits in the request stream until s3rver reads it, after the signature was checked
    void signatureProblem(req, url, port).then(
      (problem) => (problem ? refuse(res, problem) : route(req, res, url)),
      (error: unknown) => res.writeHead(500).end(String((error as Error).message)),
    );
  });

  function route(req: IncomingMessage, res: ServerResponse, url: URL): void {
    const onBucket = url.pathname.replace(/\/$/, '') === `/${bucket}`;
    const uploadId = url.searchParams.get('uploadId');
    const answer = (work: Promise<void>) =>
      work.catch((error: unknown) => res.writeHead(500).end(String((error as Error).message)));
    if (req.method === 'GET' && onBucket && url.searchParams.has('uploads')) {
      void answer(listMultipartUploads(url, res));
    } else if (req.method === 'DELETE' && !onBucket && uploadId) {
      void answer(abortMultipartUpload(uploadId, res));
    } else {
      handleS3rver(req, res);
    }
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    settings: {
      bucket,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      accessKeyId: LOCAL_S3_KEY,
      secretAccessKey: LOCAL_S3_KEY,
      forcePathStyle: true,
      presignedDownloads: false,
    },
    requests,
    openUploads: async () => (await openUploads()).map(({ key, uploadId }) => ({ key, uploadId })),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      const logger = (s3rver as unknown as { logger?: { close(): void } }).logger;
      logger?.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A bucket name no other test uses. */
export function freshBucketName(): string {
  return `parlance-${randomBytes(4).toString('hex')}`;
}
