// What both storage drivers share: keys (server-made, URL-safe, checked before any driver touches a file
// or a bucket), content types by extension, the serving path and the cache policy.

/** Path under which this server serves stored files (the route arrives with the upload feature). */
export const FILES_PATH = '/files';

/** One year: stored names are never reused, so a file at a URL never changes. */
export const FILE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** Keys are server-made: '/'-separated segments of letters, digits, '.', '_', '-' (no '..', no leading dot). */
export function assertValidKey(key: string): void {
  const parts = key.split('/');
  if (key.length > 512 || parts.some((p) => !SEGMENT.test(p) || p.includes('..'))) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}

/**
 * Keys under this prefix hold what is never served (a job's uploaded package, its preview pictures):
 * GET /files refuses them; only their job's routes read them, for its owner.
 */
const PRIVATE_PREFIX = 'private/';
export const privateKey = (...segments: string[]): string => PRIVATE_PREFIX + segments.join('/');
export const isPrivateKey = (key: string): boolean => key.startsWith(PRIVATE_PREFIX);

/** The key with each segment URL-encoded (keys are already URL-safe; this keeps it so). */
export const encodeKey = (key: string): string => key.split('/').map(encodeURIComponent).join('/');

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

/** Content type from the key's extension (keys are made with the right one); octet-stream otherwise. */
export function contentTypeForKey(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return TYPES[ext] ?? 'application/octet-stream';
}

/** The key in a `/files/<key>` URL (or after another base), or null when it is not a valid key there. */
export function keyAfter(base: string, url: string): string | null {
  if (!url.startsWith(`${base}/`)) return null;
  try {
    const key = url
      .slice(base.length + 1)
      .split('/')
      .map(decodeURIComponent)
      .join('/');
    assertValidKey(key);
    return key;
  } catch {
    return null;
  }
}
