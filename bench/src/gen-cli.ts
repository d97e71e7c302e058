// node bench/dist/gen-cli.js BLOCKS [CACHE_DIR]: fill the chain cache ahead of a run.
import { chainOptions, ensureChain } from './chain.js';

const blocks = Number(process.argv[2] ?? 2000);
const cacheDir = process.argv[3] ?? '.bench-cache';
const result = await ensureChain(cacheDir, chainOptions(blocks), (line) => console.log(line));
console.log(result.file);
