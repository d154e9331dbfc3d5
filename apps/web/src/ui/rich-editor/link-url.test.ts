// The link dialog accepts web and mail links only, completes a bare address with https://, and refuses
// script, data and other schemes or plain words.
import { describe, expect, it } from 'vitest';
import { normalizeLinkUrl } from './link-url.ts';

describe('normalizeLinkUrl', () => {
  it.each([
    ['https://nice.org.uk/guidance', 'https://nice.org.uk/guidance'],
    ['http://example.com', 'http://example.com'],
    ['  https://example.com/a?b=1#c ', 'https://example.com/a?b=1#c'],
    ['nice.org.uk/guidance', 'https://nice.org.uk/guidance'],
    ['www.bmj.com', 'https://www.bmj.com'],
    ['example.com:8080/x', 'https://example.com:8080/x'],
    ['mailto:tutor@college.ac.uk', 'mailto:tutor@college.ac.uk'],
  ])('accepts %s', (input, href) => expect(normalizeLinkUrl(input)).toBe(href));

  it.each([
    '',
    '   ',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<b>x</b>',
    'ftp://files.example.com',
    'vbscript:x',
    'heart',
    'mailto:nobody',
    'https://exa mple.com',
    'https://',
  ])('refuses %j', (input) => expect(normalizeLinkUrl(input)).toBeNull());
});
