import { createHash, randomBytes } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { notFound } from './errors';
import {
  type DownloadLinkOptions,
  type FileStat,
  isFileId,
  type PutOptions,
  type Storage,
  type StoredFile,
  sizeLimit,
} from './storage';

// Files in a bucket of any S3-compatible store (AWS S3, MinIO, Ceph, R2, Garage), through AWS's own
// SDK. An upload is streamed as a multipart upload (parts of PART_BYTES, QUEUE_SIZE in flight), so
// memory per upload stays bounded whatever the file's size; the object exists only once the upload
// completes, and a failed upload is aborted, so it leaves no object behind (ADR 0103).

export interface S3Settings {
  bucket: string;
  /** S3_ENDPOINT: another store than AWS (MinIO, Ceph, R2, Garage); undefined: AWS's own endpoint */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket in the path (http://host/bucket/key) instead of the host name (http://bucket.host/key) */
  forcePathStyle: boolean;
  /** S3_PRESIGNED_DOWNLOADS: offer downloadLink, so that routes may redirect to the bucket */
  presignedDownloads: boolean;
}

/** Every file's key starts with this, so the bucket may hold other things beside (and sweeps skip them). */
export const KEY_PREFIX = 'files/';
/** S3's smallest part but the last; memory per upload is about (QUEUE_SIZE + 1) parts */
const PART_BYTES = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;
const CONNECT_TIMEOUT_MS = 5000;
const IDLE_SOCKET_MS = 120_000;
/** how long a readiness probe waits for the bucket */
const PROBE_TIMEOUT_MS = 3000;
/** how long a presigned download link works */
export const DOWNLOAD_LINK_SECONDS = 300;

function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound';
}

export class S3Storage implements Storage {
  readonly client: S3Client;
  /** present only with S3_PRESIGNED_DOWNLOADS: routes offer links where the storage has them */
  readonly downloadLink?: (id: string, options: DownloadLinkOptions) => Promise<string>;

  constructor(readonly settings: S3Settings) {
    if (settings.presignedDownloads) this.downloadLink = (id, options) => this.presign(id, options);
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Checksums only where S3 requires them: the SDK's default (a CRC32 trailer on every upload) is
      // refused or stored wrongly by several S3-compatible stores; the SHA-256 we keep is our own.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: {
        // an unreachable store fails an upload in seconds instead of holding it open
        connectionTimeout: CONNECT_TIMEOUT_MS,
        // a download nobody reads any more (a reader that stopped without destroying the stream)
        // would hold its pooled socket for good: an idle socket is closed after this long
        socketTimeout: IDLE_SOCKET_MS,
      },
    });
  }

  keyOf(id: string): string {
    return `${KEY_PREFIX}${id}`;
  }

  /** the bucket answers HeadBucket with these keys; the error says why not in words (readiness) */
  async probe(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }), {
        abortSignal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      });
    } catch (error) {
      // HeadBucket's answers have no body: the status is all S3 says
      const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
      const name = (error as Error).name;
      const why =
        status === 404
          ? 'there is no such bucket'
          : status === 403 || status === 401
            ? 'the access key may not use it (403)'
            : name === 'TimeoutError' || name === 'AbortError'
              ? `no answer within ${PROBE_TIMEOUT_MS / 1000} s`
              : (error as Error).message || name;
      throw new Error(`bucket ${this.settings.bucket}: ${why}`);
    }
  }

  async put(source: AsyncIterable<Uint8Array>, options: PutOptions): Promise<StoredFile> {
    const id = randomBytes(16).toString('hex');
    const hash = createHash('sha256');
    const counted = { size: 0 };
    const body = new PassThrough();
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.settings.bucket,
        Key: this.keyOf(id),
        Body: body,
        ContentType: 'application/octet-stream',
      },
      partSize: PART_BYTES,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    // Bytes flow source -> limit -> body -> upload. When the limit or the source fails, the pipeline
    // destroys `body` with that error, the upload stops reading and aborts its multipart upload.
    // Either side failing makes the other fail too; the first failure is the cause to report (413
    // "File too big...", the lost connection, or S3's own error), not the other side's "aborted".
    let cause: { error: unknown } | null = null;
    const failed = (error: unknown) => {
      cause ??= { error };
      throw error;
    };
    const settled = await Promise.allSettled([
      pipeline(source, sizeLimit(options.maxBytes, hash, counted), body).catch(failed),
      upload.done().catch((error: unknown) => {
        // S3 failing stops the reading: the pipeline is ended too, or it would wait for room forever
        body.destroy(error as Error);
        return failed(error);
      }),
    ]);
    if (settled.some((s) => s.status === 'rejected')) {
      await this.removeFailed(id);
      throw (cause as { error: unknown } | null)?.error;
    }
    return { id, size: counted.size, sha256: hash.digest('hex') };
  }

  /**
   * After a failed upload: no object may stay. A multipart upload that never completed made none
   * (lib-storage aborted it); a single PutObject that S3 finished before the failure is deleted.
   */
  private async removeFailed(id: string): Promise<void> {
    await this.client
      .send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(id) }))
      .catch(() => undefined);
  }

  async get(id: string): Promise<Readable> {
    if (!isFileId(id)) throw notFound();
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(id) }),
      );
      return answer.Body as Readable;
    } catch (error) {
      if (isMissing(error)) throw notFound();
      throw error;
    }
  }

  async stat(id: string): Promise<FileStat | null> {
    const head = await this.head(id);
    if (!head) return null;
    return { id, size: head.size, createdAt: head.lastModified };
  }

  /** size, date and the sha256 the migration stored with the object (put() cannot: it learns the hash last) */
  async head(id: string): Promise<{ size: number; lastModified: Date; sha256: string | null } | null> {
    if (!isFileId(id)) return null;
    try {
      const answer = await this.client.send(
        new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(id) }),
      );
      return {
        size: answer.ContentLength ?? 0,
        lastModified: answer.LastModified ?? new Date(0),
        sha256: answer.Metadata?.sha256 ?? null,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(id: string): Promise<boolean> {
    if (!(await this.stat(id))) return false;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(id) }));
    return true;
  }

  /**
   * Aborts multipart uploads under our prefix begun more than maxAgeMs ago: a crash or a restart
   * mid-upload leaves them, and S3 bills their parts until they are aborted. Uploads run through no
   * temporary objects, so there is nothing else to sweep.
   */
  async sweepTemp(maxAgeMs = 60 * 60 * 1000, now = Date.now()): Promise<number> {
    let aborted = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    for (;;) {
      const page = await this.client.send(
        new ListMultipartUploadsCommand({
          Bucket: this.settings.bucket,
          Prefix: KEY_PREFIX,
          KeyMarker: keyMarker,
          UploadIdMarker: uploadIdMarker,
        }),
      );
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId || !upload.Initiated) continue;
        if (now - upload.Initiated.getTime() <= maxAgeMs) continue;
        try {
          await this.client.send(
            new AbortMultipartUploadCommand({
              Bucket: this.settings.bucket,
              Key: upload.Key,
              UploadId: upload.UploadId,
            }),
          );
          aborted++;
        } catch (error) {
          // another instance's sweep aborted it first
          if (!isMissing(error)) throw error;
        }
      }
      if (!page.IsTruncated) return aborted;
      keyMarker = page.NextKeyMarker;
      uploadIdMarker = page.NextUploadIdMarker;
    }
  }

  /** a link to the object that works for DOWNLOAD_LINK_SECONDS, with our file name and type */
  async presign(id: string, options: DownloadLinkOptions): Promise<string> {
    if (!(await this.stat(id))) throw notFound();
    return getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.keyOf(id),
        ResponseContentDisposition: options.contentDisposition,
        ResponseContentType: options.contentType,
        ResponseCacheControl: 'private, no-store',
      }),
      { expiresIn: DOWNLOAD_LINK_SECONDS },
    );
  }

  /**
   * Stores a file under a given id with its SHA-256 as metadata: the copy from a local store
   * (storage:migrate), whose ids must stay what the database names.
   */
  async putAs(id: string, body: Readable, size: number, sha256: string): Promise<void> {
    if (!isFileId(id)) throw new Error(`not a file id: ${id}`);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.keyOf(id),
        Body: body,
        ContentLength: size,
        ContentType: 'application/octet-stream',
        Metadata: { sha256 },
      }),
    );
  }
}
