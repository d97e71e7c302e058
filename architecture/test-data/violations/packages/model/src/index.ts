// Allowed: pure libraries and model's own files.
import { encode } from 'cbor-x';
import { blake2b } from '@noble/hashes/blake2.js';
import { crc32 } from 'node:zlib';
import { hex } from './hex.js';

export const decode = [encode, blake2b, crc32, hex];
