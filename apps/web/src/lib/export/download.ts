// Saving a file on the device (an admin's export, a student's study data): a Blob through a temporary link,
// works offline. File names keep letters, digits, spaces and a few marks (Windows and macOS refuse others).
export function safeFileName(name: string, fallback = 'export'): string {
  const clean = [...name.normalize('NFC')]
    .map((ch) => (ch.charCodeAt(0) < 32 ? ' ' : ch))
    .join('')
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .slice(0, 100)
    .trim();
  return clean === '' ? fallback : clean;
}

export function saveFile(fileName: string, content: string | Uint8Array, mime: string): void {
  const part: BlobPart = typeof content === 'string' ? content : new Uint8Array(content);
  const url = URL.createObjectURL(new Blob([part], { type: mime }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
