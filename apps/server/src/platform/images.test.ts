import zlib from 'node:zlib';
import { IMAGE_MAX_BYTES, IMAGE_MAX_SIDE_PX, MSG } from '@zan/core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  checkConvertible,
  checkImage,
  convertToPng,
  convertToWebp,
  ImageRejectedError,
  imageKeys,
  imageUploadErrorMessage,
  processImage,
  readImageHeader,
  safeFileBase,
  sniffImageKind,
} from './images.ts';

const rejection = (reason: string) => MSG.imageUploadFailedReason(reason);

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A valid 1-bit greyscale PNG of zeros: a few KB on disk, width × height pixels when decoded. */
function pngBomb(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const raw = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // filter byte 0 + zero pixels per row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#336699' } });

/** Left half red, right half blue. */
function halves(width: number, height: number) {
  const px = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) px.set(x < width / 2 ? [255, 0, 0] : [0, 0, 255], (y * width + x) * 3);
  return sharp(px, { raw: { width, height, channels: 3 } });
}

let png: Buffer;
let jpeg: Buffer;
let wide: Buffer;
beforeAll(async () => {
  png = await solid(40, 30).png().toBuffer();
  jpeg = await solid(64, 48).jpeg({ progressive: true }).toBuffer();
  wide = await solid(3200, 1000).jpeg().toBuffer();
});

describe('magic bytes and header', () => {
  it('knows PNG and JPEG by their first bytes and reads the size from the header', async () => {
    expect(sniffImageKind(png)).toBe('png');
    expect(readImageHeader(png)).toEqual({ kind: 'png', width: 40, height: 30 });
    expect(readImageHeader(jpeg)).toEqual({ kind: 'jpeg', width: 64, height: 48 });
    const baseline = await solid(17, 9).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(readImageHeader(baseline)).toEqual({ kind: 'jpeg', width: 17, height: 9 });
  });

  it(`a text file renamed .png is refused: '${rejection(MSG.imageWrongType)}'`, () => {
    const text = Buffer.from('This is not an image, whatever its name (cells.png) says.\n');
    expect(() => checkImage(text)).toThrow(rejection(MSG.imageWrongType));
  });

  it('other formats are refused whatever they claim: GIF, WebP, SVG, PDF, BMP', async () => {
    const others = [
      await solid(4, 4).gif().toBuffer(),
      await solid(4, 4).webp().toBuffer(),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from('%PDF-1.7\n'),
      Buffer.from('BM\x00\x00'),
    ];
    for (const b of others) expect(() => checkImage(b)).toThrow(rejection(MSG.imageWrongType));
  });

  it('an import may carry a WebP (lossy, lossless, with alpha) or GIF: its size read from the header, its pixels bounded', async () => {
    const alpha = sharp({ create: { width: 7, height: 5, channels: 4, background: '#0c08' } });
    const pictures = [
      [await solid(301, 17).webp().toBuffer(), 'webp'],
      [await solid(301, 17).webp({ lossless: true }).toBuffer(), 'webp'],
      [await alpha.webp().toBuffer(), 'webp'],
      [await solid(301, 17).gif().toBuffer(), 'gif'],
    ] as const;
    for (const [bytes, kind] of pictures) {
      const { width, height } = await sharp(bytes).metadata();
      expect(checkConvertible(bytes)).toEqual({ kind, width, height });
      expect(await sharp(await convertToPng(bytes)).metadata()).toMatchObject({
        format: 'png',
        width,
        height,
      });
    }
    for (const b of [png, Buffer.from('GIF89a'), Buffer.from('RIFF\0\0\0\0WEBPVP8 ')])
      expect(checkConvertible(b)).toBeNull();
    const huge = Buffer.from(pictures[3][0]);
    huge.writeUInt16LE(10_000, 6);
    huge.writeUInt16LE(10_000, 8);
    expect(() => checkConvertible(huge)).toThrow(rejection(MSG.imageTooManyPixels));
    await expect(convertToPng(Buffer.from('GIF89a\x01\0\x01\0broken'))).rejects.toThrow(
      rejection(MSG.imageUnreadable),
    );
  });

  it(`no file or an empty one: '${MSG.imageNoFile}'`, () => {
    for (const none of [undefined, null, Buffer.alloc(0)])
      expect(() => checkImage(none)).toThrow(MSG.imageNoFile);
  });

  it(`a PNG or JPEG signature with a broken header: '${rejection(MSG.imageUnreadable)}'`, () => {
    expect(() => checkImage(png.subarray(0, 20))).toThrow(rejection(MSG.imageUnreadable));
    expect(() => checkImage(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toThrow(rejection(MSG.imageUnreadable));
    const zeroWide = Buffer.from(png);
    zeroWide.writeUInt32BE(0, 16);
    expect(() => checkImage(zeroWide)).toThrow(rejection(MSG.imageUnreadable));
  });
});

describe('limits', () => {
  it(`more than 10 MB: '${rejection(MSG.imageTooLarge)}'; exactly 10 MB passes the size check`, () => {
    const big = Buffer.alloc(IMAGE_MAX_BYTES + 1);
    png.copy(big);
    expect(() => checkImage(big)).toThrow(rejection(MSG.imageTooLarge));
    expect(() => checkImage(big.subarray(0, IMAGE_MAX_BYTES))).not.toThrow();
  });

  it(`more than 50 megapixels from the header: '${rejection(MSG.imageTooManyPixels)}'; 50 MP exactly passes`, () => {
    expect(() => checkImage(pngBomb(7072, 7072))).toThrow(rejection(MSG.imageTooManyPixels)); // 50.01 MP
    expect(checkImage(pngBomb(10_000, 5_000))).toEqual({ kind: 'png', width: 10_000, height: 5_000 });
    const jpegHeader = Buffer.from(jpeg);
    const sof = jpegHeader.findIndex((b, i) => b === 0xff && jpegHeader[i + 1] === 0xc2);
    jpegHeader.writeUInt16BE(9000, sof + 5);
    jpegHeader.writeUInt16BE(9000, sof + 7);
    expect(() => checkImage(jpegHeader)).toThrow(rejection(MSG.imageTooManyPixels));
  });

  it('a decompression bomb (a few KB that decode to 400 MP) is refused before anything decodes it', async () => {
    const bomb = pngBomb(20_000, 20_000);
    expect(bomb.length).toBeLessThan(200_000);
    const convert = vi.fn(convertToWebp);
    await expect(processImage(bomb, { convert })).rejects.toThrow(rejection(MSG.imageTooManyPixels));
    expect(convert).not.toHaveBeenCalled();
  });

  it("sharp's own limitInputPixels refuses a bomb that got past the header check", async () => {
    await expect(convertToWebp(pngBomb(8000, 8000))).rejects.toThrow(rejection(MSG.imageUnreadable));
  });

  it(`pixel data that is corrupt or cut short: '${rejection(MSG.imageUnreadable)}'`, async () => {
    const cut = wide.subarray(0, Math.floor(wide.length / 2));
    await expect(processImage(cut)).rejects.toThrow(rejection(MSG.imageUnreadable));
    const garbled = Buffer.from(png);
    garbled.fill(7, 40, garbled.length - 12);
    await expect(processImage(garbled)).rejects.toThrow(rejection(MSG.imageUnreadable));
  });
});

describe('conversion to webp', () => {
  it(`the longest side becomes ${IMAGE_MAX_SIDE_PX} px, keeping the aspect ratio`, async () => {
    const out = await processImage(wide);
    expect(out).toMatchObject({ isOptimized: true, warning: null, webp: { width: 1600, height: 500 } });
    const meta = await sharp(out.webp!.bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 500 });
    const tall = await processImage(await solid(900, 2400).png().toBuffer());
    expect(tall.webp).toMatchObject({ width: 600, height: 1600 });
  });

  it('a small image is never enlarged', async () => {
    const out = await processImage(png);
    expect(out.webp).toMatchObject({ width: 40, height: 30 });
    expect(out.original).toMatchObject({
      kind: 'png',
      contentType: 'image/png',
      extension: 'png',
      width: 40,
      height: 30,
    });
    expect(out.original.bytes).toBe(png);
  });

  it('applies the EXIF orientation (6: rotate 90° clockwise) to the pixels', async () => {
    const rotated = await halves(40, 20).jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer();
    const out = await processImage(rotated);
    expect(out.webp).toMatchObject({ width: 20, height: 40 });
    const { data, info } = await sharp(out.webp!.bytes).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
    ];
    // The left (red) half of the stored image is the top after turning it clockwise.
    expect(at(10, 5)[0]).toBeGreaterThan(200);
    expect(at(10, 5)[2]).toBeLessThan(60);
    expect(at(10, 35)[2]).toBeGreaterThan(200);
    expect(at(10, 35)[0]).toBeLessThan(60);
    expect((await sharp(out.webp!.bytes).metadata()).orientation).toBeUndefined();
  });

  it('strips EXIF, ICC and XMP metadata', async () => {
    const tagged = await solid(50, 50)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Dr Secret', Artist: 'GPS 51.5N 0.1W' } })
      .withIccProfile('p3')
      .toBuffer();
    const before = await sharp(tagged).metadata();
    expect(before.exif).toBeInstanceOf(Buffer);
    expect(before.icc).toBeInstanceOf(Buffer);
    const out = await processImage(tagged);
    const after = await sharp(out.webp!.bytes).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(out.webp!.bytes.includes(Buffer.from('Dr Secret'))).toBe(false);
  });
});

describe('timeout fallback', () => {
  it(`a conversion slower than the timeout falls back to the original with '${MSG.imageOptimizationTimedOut}'`, async () => {
    const slow = () => new Promise<never>(() => undefined);
    const out = await processImage(jpeg, { timeoutMs: 20, convert: slow });
    expect(out).toEqual({
      original: {
        bytes: jpeg,
        kind: 'jpeg',
        contentType: 'image/jpeg',
        extension: 'jpg',
        width: 64,
        height: 48,
      },
      webp: null,
      isOptimized: false,
      warning: MSG.imageOptimizationTimedOut,
    });
  });

  it('the real conversion of a 3.2 MP photo against a 1 ms timeout falls back too', async () => {
    const out = await processImage(wide, { timeoutMs: 1 });
    expect(out).toMatchObject({ webp: null, isOptimized: false, warning: MSG.imageOptimizationTimedOut });
  });

  it('a conversion that fails after the timeout is ignored; one that fails before is an error', async () => {
    const late = () =>
      new Promise<never>((_, reject) => setTimeout(() => reject(new ImageRejectedError('unreadable')), 30));
    await expect(processImage(png, { timeoutMs: 5, convert: late })).resolves.toMatchObject({
      isOptimized: false,
    });
    await new Promise((r) => setTimeout(r, 40)); // no unhandled rejection
    await expect(processImage(png, { timeoutMs: 1000, convert: late })).rejects.toThrow(
      rejection(MSG.imageUnreadable),
    );
  });
});

describe('messages and keys', () => {
  it('any other failure reads "Image upload failed. Please try again."', () => {
    expect(imageUploadErrorMessage(new Error('EACCES: permission denied'))).toBe(MSG.imageUploadFailed);
    expect(imageUploadErrorMessage(new ImageRejectedError('tooLarge'))).toBe(
      'Image upload failed: The file is larger than 10 MB.',
    );
    expect(imageUploadErrorMessage(new ImageRejectedError('noFile'))).toBe('No file provided for upload.');
  });

  it('keys follow html_content_images/{uid}_{timestamp}_{filename}, the extension from the magic bytes', () => {
    expect(imageKeys('u-123', 'Heart Diagram (final).PNG', 'jpeg', 1_700_000_000_123)).toEqual({
      original: 'html_content_images/u-123_1700000000123_heart-diagram-final.jpg',
      webp: 'html_content_images/u-123_1700000000123_heart-diagram-final.webp',
    });
    expect(safeFileBase('Ünïcödé ñame.jpeg')).toBe('unicode-name');
    expect(safeFileBase('../../etc/passwd')).toBe('passwd');
    expect(safeFileBase('C:\\Users\\me\\scan 1.jpg')).toBe('scan-1');
    expect(safeFileBase('.png')).toBe('image');
    expect(safeFileBase('x'.repeat(100) + '.png')).toHaveLength(60);
  });
});
