#!/usr/bin/env node
// Checked in, so that pnpm links the command on a fresh clone's install, before the build makes dist/.
import '../dist/worker.js';
