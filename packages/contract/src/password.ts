import { md5 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The password as the client sends it (spec §5): MD5 of the UTF-8 password as lowercase hex,
 * that hex text Base64-encoded, then "==" appended. The server never sees the typed password
 * and stores only a salted scrypt of this value. Fixed vectors in password.test.ts pin it.
 */
export function clientPasswordHash(password: string): string {
  const hex = bytesToHex(md5(utf8ToBytes(password)));
  return `${base64Ascii(hex)}==`;
}

function base64Ascii(text: string): string {
  // btoa exists in browsers and in Node ≥ 16; the input is hex, so ASCII-safe.
  return btoa(text);
}

/** Shape of a client hash, so the server can refuse a raw password sent by mistake. */
export const clientHashPattern = /^[A-Za-z0-9+/]{43}===$/;
