// A local S3 server (s3rver, from npm) on a loopback port the OS picks, for the storage driver tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../src/config.ts';

export async function startS3Server(
  bucket = 'zan-test',
): Promise<{ s3: S3Config; close: () => Promise<void> }> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'zan-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    s3: {
      bucket,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
      prefix: 'zan/',
      publicUrl: undefined,
    },
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
